"""The hex game's referee from buttons alone: a game of its own, ``hex-referee``.

The companion cannot always read the hex board; the table then tells it what happens
(a move made, the enemy strike pieces on the mover's centre, the end of a turn, who
won) and the companion keeps the count of RULES.md H2 (H5 with move cards):

    >>> state = new_game(["Ana", "Ben"])
    >>> state.apply(MoveMade())                        # Black's one move (H2)
    >>> state.apply(MoveMade()); state.apply(Win(Side.WHITE))
    >>> state.report().to_json()["turns"][1]
    {'player': 'white', 'allowed': 2, 'moves': 1, 'strikes': 0, 'card': None}
    >>> state.report().winner
    <Side.WHITE: 'white'>
    >>> state.to_record()["turns"]
    [{'strikes': 0, 'moves': 1}, {'strikes': 0, 'moves': 1}]

Modules: ``actions`` (what the table says), ``turn`` (a turn's count), ``state`` (the
engine), ``record`` (records, the score object, the older flow's records). The board
engine is :mod:`companion.games.hex`; this one shares its sides and move cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.faces import coloured
from companion.games.hex import MOVE_CARDS
from companion.games.hex.pieces import Side
from companion.games.hexref.actions import Draw, EndTurn, MoveMade, RefereeAction, Strikes, Win
from companion.games.hexref.record import is_flow_record, upgrade_record
from companion.games.hexref.state import HexRefereeState
from companion.games.hexref.turn import MAX_STRIKES, CountedTurn
from companion.games.i18n import N_
from companion.games.registry import SEED, GameSpec


def new_game(
    players: Sequence[str] = ("Black", "White"), variants: Sequence[str] = ()
) -> HexRefereeState:
    """A game counted from turn 1, Black (``players[0]``) first.

    Without the variant ``cards`` the first turn is open at once; with it chance
    first turns up Black's move card (H5).
    """
    return HexRefereeState(players, variants)


SPEC = GameSpec(
    name="hex-referee",
    title="Fibonacci hex (referee)",
    label=N_("Hex referee"),
    min_players=2,
    max_players=2,
    variants=HexRefereeState.known_variants,
    options=(MOVE_CARDS, SEED),
    new=new_game,
    from_record=HexRefereeState.from_record,
    seats=(N_("Black"), N_("White")),
    face=coloured({"M": "move"}),
)

__all__ = [
    "MAX_STRIKES",
    "SPEC",
    "CountedTurn",
    "Draw",
    "EndTurn",
    "HexRefereeState",
    "MoveMade",
    "RefereeAction",
    "Side",
    "Strikes",
    "Win",
    "is_flow_record",
    "new_game",
    "upgrade_record",
]
