"""Hand-checkable and seeded Fibonachos games, and small helpers, for the tests and examples.

Each seat holds one suit (so nobody can follow and nobody revokes) and every trick
is one rank played in all three suits, from 16 down. A trick of a plain rank goes
to its leader (the others are off-suit, F4); a trick of a fibonacho rank holds three
equal fibonachos and goes to the last card (F4). With the spicy cards below, the
leader of trick 1 takes 13 spicy (21 points), the next seat 0 spicy (the best score,
21, F7) and the third 20 spicy (20 points).
"""

from __future__ import annotations

import json
import random
from typing import Any

from companion.games import CHANCE
from companion.games.fibonachos import (
    SPEC,
    Deal,
    FibonachosState,
    Nacho,
    Play,
    Reveal,
    Spicy,
    nacho_deck,
)

#: The ranks of the 17 tricks, in order.
RANKS = (16, 15, 14, 7, 6, 13, 12, 11, 10, 9, 8, 5, 4, 3, 2, 1, 1)
#: The spicy card of each trick; the deck is empty for tricks 16 and 17 (F6).
SPICY = (
    "S0", "S1", "S1", "S1", "S2", "S2", "S2", "S3", "S3", "S5", "S0", "S3", "S5", "S5", "S0",
    None, None,
)  # fmt: skip
SUITS = "RGY"
FIBONACHOS = {1, 2, 3, 5, 8, 13}


def scripted_round(first_leader: int) -> list[dict[str, Any]]:
    """The 17 tricks of a 3-player round whose first trick ``first_leader`` leads.

    The first leader holds Red, the next seat Green, the third Yellow.
    """
    suit_of = {(first_leader + k) % 3: SUITS[k] for k in range(3)}
    leader = first_leader
    tricks = []
    for rank, spicy in zip(RANKS, SPICY, strict=True):
        seats = [(leader + k) % 3 for k in range(3)]
        tricks.append({"spicy": spicy, "plays": [f"{suit_of[s]}{rank}" for s in seats]})
        if rank in FIBONACHOS:
            leader = seats[-1]
    return tricks


def scripted_record(rounds: int = 3, variants: tuple[str, ...] = ()) -> dict[str, Any]:
    """Ana, Ben and Cy play ``rounds`` scripted rounds; seat 2 deals first (F8)."""
    return {
        "game": "fibonachos",
        "players": ["Ana", "Ben", "Cy"],
        "variants": list(variants),
        "rounds": [
            {"dealer": (2 + k) % 3, "tricks": scripted_round(first_leader=k)} for k in range(rounds)
        ],
    }


def random_game(players: int, seed: int, variants: tuple[str, ...] = ()) -> FibonachosState:
    """A seeded random game through ``SPEC.new``: hands known, random legal plays."""
    rng = random.Random(seed)
    state = SPEC.new([PLAYERS[i] for i in range(players)], variants)
    assert isinstance(state, FibonachosState)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


#: Names for random games, seat by seat.
PLAYERS = ("Ana", "Ben", "Cy", "Di", "Eve")
#: The full games in examples/fibonachos/: file name, players, seed, variants.
FULL_GAMES = (
    ("full-2p.json", 2, 2, ()),
    ("full-3p.json", 3, 3, ()),
    ("full-4p-zero-scores-34.json", 4, 4, ("zero-scores-34",)),
    ("full-5p-no-tricks-only.json", 5, 5, ("no-tricks-only",)),
)


def snapshot(state: FibonachosState) -> tuple[Any, ...]:
    """Everything one can ask a state, to compare before and after an undo."""
    return (
        json.dumps(state.to_record(), sort_keys=True),
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        repr(state.legal_actions()),
        state.outcome(),
        state.flags(),
        state.history,
    )


def nacho(text: str) -> Nacho:
    return Nacho.parse(text)


def reveal(state: FibonachosState, text: str = "S1") -> None:
    state.apply(Reveal(Spicy.parse(text)))


def play(state: FibonachosState, *texts: str) -> None:
    for text in texts:
        state.apply(Play(nacho(text)))


def suited_deal() -> Deal:
    """Ana holds the reds but R16 (G16 instead), Ben the greens and R16, Cy the yellows."""
    by_suit = {suit: [c for c in nacho_deck() if c.suit.value == suit] for suit in "RGY"}
    ana = [c for c in by_suit["R"] if c.rank != 16] + [nacho("G16")]
    ben = [c for c in by_suit["G"] if c.rank != 16] + [nacho("R16")]
    return Deal((tuple(ana), tuple(ben), tuple(by_suit["Y"])))
