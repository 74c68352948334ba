"""Fibonacci's Trump (David Kahnt), 2-4 players, rounds of tricks to 144 (RULES.md T1-T7).

>>> import random
>>> from companion.games import CHANCE
>>> state = new_game(["Ana", "Ben"])
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.current_player() == CHANCE:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.legal_actions()))
>>> report = state.report()
>>> report.complete, report.totals, report.winners, report.rounds[0].symbols
(True, (149, 108), (0,), (5, 5))
>>> state.outcome().termination.rule                       # 144 reached, highest alone
'T7'
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.errors import GameError
from companion.games.faces import FaceGroup, coloured
from companion.games.i18n import N_
from companion.games.registry import SEED, GameSpec, OptionKind, OptionSpec
from companion.games.trump.actions import Action, Deal, Play
from companion.games.trump.cards import (
    DECK,
    NUMBERS,
    Card,
    Colour,
    Symbol,
    parse_card,
    symbol_of,
)
from companion.games.trump.deal import first_leader, tricks_per_round
from companion.games.trump.round import RoundResult
from companion.games.trump.scoring import POINTS, TARGET, points_for, winner_at_end
from companion.games.trump.state import TrumpState
from companion.games.trump.trick import playable, winning_play


def new_game(
    players: Sequence[str], variants: Sequence[str] = (), **game_options: object
) -> TrumpState:
    """A new game at its first deal (a chance node). Trump has no variants nor options."""
    if game_options:
        raise GameError(f"trump: unknown options {sorted(game_options)} (the game has none)")
    return TrumpState(players, variants)


#: T3: round 1's leader holds the lowest trump, which only the table knows: the
#: start menus do not ask it, the game does once the indicators name the card.
LEADER = OptionSpec("leader", OptionKind.SEAT, N_("Who leads?"), N_("{} leads"), asked=False)

#: The colours (T1) by the letter a face's notation starts with, for choosing a face.
COLOUR_LABELS = {
    Colour.R: N_("Red"),
    Colour.G: N_("Green"),
    Colour.B: N_("Blue"),
    Colour.Y: N_("Yellow"),
    Colour.P: N_("Purple"),
}

SPEC = GameSpec(
    name=TrumpState.name,
    title="Fibonacci's Trump",
    label=N_("Fibonacci Trump"),
    min_players=2,
    max_players=4,
    variants=TrumpState.known_variants,
    options=(LEADER, SEED),
    new=new_game,
    from_record=TrumpState.from_record,
    face=coloured({"R": "red", "G": "green", "B": "blue", "Y": "yellow", "P": "purple"}),
    face_groups=tuple(
        FaceGroup(label, tuple(f"{colour.name}{n}" for n in NUMBERS))
        for colour, label in COLOUR_LABELS.items()
    ),
    heading=N_("Trump"),
)

__all__ = [
    "DECK",
    "POINTS",
    "SPEC",
    "TARGET",
    "Action",
    "Card",
    "Colour",
    "Deal",
    "Play",
    "RoundResult",
    "Symbol",
    "TrumpState",
    "first_leader",
    "new_game",
    "parse_card",
    "playable",
    "points_for",
    "symbol_of",
    "tricks_per_round",
    "winner_at_end",
    "winning_play",
]
