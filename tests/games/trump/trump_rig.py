"""Helpers that build Trump games and rounds for the tests (not tests themselves).

A rigged two-player round uses the indicators R1 (trump) and R2 (symbol, a CIRCLE),
so every colour has an even number of cards left. Cards are paired within their
colour (low, high); whoever should take a pair plays its high card: led by the
leader or played second, it wins (same colour, higher number; T4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from companion.games import CHANCE, TERMINAL
from companion.games.trump import DECK, Card, Colour, Symbol, TrumpState, new_game, parse_card

TRUMP = "R1"
SYMBOL = "R2"


def pairs() -> list[tuple[Card, Card]]:
    """The 24 (low, high) pairs of a rigged round, colour by colour."""
    out = []
    indicators = {parse_card(TRUMP), parse_card(SYMBOL)}
    for colour in Colour:
        cards = [c for c in DECK if c.colour == colour and c not in indicators]
        out += [(cards[i], cards[i + 1]) for i in range(0, len(cards), 2)]
    return out


def rigged_round(leader: int, taker: Callable[[int, tuple[Card, Card]], int]) -> dict[str, Any]:
    """A two-player round record in which ``taker(index, pair)`` wins trick ``index``."""
    tricks = []
    start = leader
    for index, (low, high) in enumerate(pairs()):
        winner = taker(index, (low, high))
        first, second = (high, low) if winner == leader else (low, high)
        tricks.append([str(first), str(second)])
        leader = winner
    return {"trump": TRUMP, "symbol": SYMBOL, "leader": start, "tricks": tricks}


def sweep(seat: int) -> Callable[[int, tuple[Card, Card]], int]:
    """``seat`` takes every trick: all ten circles, 34 points (T6)."""
    return lambda index, pair: seat


def share() -> Callable[[int, tuple[Card, Card]], int]:
    """Five circles each (3 points each): seat 1 takes the last trick and R2 (T5)."""

    def taker(index: int, pair: tuple[Card, Card]) -> int:
        if index == len(pairs()) - 1:
            return 1
        circles = [i for i, p in enumerate(pairs()) if any(c.symbol == Symbol.CIRCLE for c in p)]
        return 0 if index in circles[:5] else 1

    return taker


def game_record(rounds: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A two-player record of rigged rounds; only the first round names its leader (T3)."""
    out = [dict(r) for r in rounds]
    for rnd in out[1:]:
        del rnd["leader"]
    return {"game": "trump", "players": ["Ana", "Ben"], "variants": [], "rounds": out}


def random_game(players: int, seed: int, stop: int | None = None) -> TrumpState:
    """A seeded random game with hands dealt openly, optionally stopped early."""
    rng = random.Random(seed)
    state = new_game([f"P{i}" for i in range(players)])
    while state.current_player() != TERMINAL and (stop is None or len(state.history) < stop):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
