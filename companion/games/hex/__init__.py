"""Naylor's Fibonacci, the hex board game (RULES.md H1-H5), in two modes.

The board mode (the game ``hex``) takes every move as ``from-to``, checks it (H3) and
finds the win (H4, H5):

    >>> from companion.games.hex import Move, new_game
    >>> state = new_game(["Ana", "Ben"])
    >>> state.apply(Move.parse("b2-c2"))
    >>> state.report().turns[0].moves
    (Move(src=Cell('b2'), dst=Cell('c2')),)
    >>> state.report().to_json()["turns"][0]
    {'player': 'black', 'allowed': 1, 'moves': ['b2-c2']}
    >>> state.to_record()["turns"]
    [['b2-c2'], []]

The referee mode (the game ``hex-referee``) cannot read the board: the table tells it
what happens (a move made, the enemy strike pieces on the mover's centre, the end of a
turn, who won) and it keeps the count of H2 (H5 with move cards):

    >>> from companion.games.hex import MoveMade, Side, Win, new_referee_game
    >>> state = new_referee_game(["Ana", "Ben"])
    >>> state.apply(MoveMade())                        # Black's one move (H2)
    >>> state.apply(MoveMade()); state.apply(Win(Side.WHITE))
    >>> state.report().to_json()["turns"][1]
    {'player': 'white', 'allowed': 2, 'moves': 1, 'strikes': 0, 'card': None}
    >>> state.to_record()["turns"]
    [{'strikes': 0, 'moves': 1}, {'strikes': 0, 'moves': 1}]

Modules: ``board`` (cells and neighbours, H1), ``pieces``, ``position`` (moves with
displacement, the diagram string, H3), ``rules`` (allowance H2, wins H4/H5), ``cards``
(the move-card piles, H5), ``actions`` (both modes'), ``turn`` (one turn, either
mode), ``game`` (the turns, allowances, move cards and undo both modes share),
``state`` (the board mode), ``referee`` (the referee mode), ``record`` (the board
mode's records), ``referee_record`` (the referee mode's, and the button referee's older
one), ``report`` (the score, both modes).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.faces import coloured
from companion.games.hex.actions import (
    Draw,
    EndTurn,
    HexAction,
    Move,
    MoveMade,
    RefereeAction,
    Resign,
    Strikes,
    Win,
)
from companion.games.hex.board import CELLS, Cell, HexNotationError
from companion.games.hex.cards import Pile, card_name, parse_card
from companion.games.hex.game import VARIANTS
from companion.games.hex.pieces import Kind, Piece, Side
from companion.games.hex.position import START, Position
from companion.games.hex.referee import HexRefereeState
from companion.games.hex.referee_record import is_flow_record, upgrade_record
from companion.games.hex.report import BOARD_GAME, REFEREE_GAME, HexReport, HexTurnReport
from companion.games.hex.rules import (
    MAX_STRIKES,
    allowance,
    allowance_with,
    card_win,
    encircled,
    opening_allowance,
)
from companion.games.hex.state import HexState
from companion.games.hex.turn import Turn
from companion.games.i18n import N_
from companion.games.registry import SEED, GameSpec, OptionKind, OptionSpec


def new_game(
    players: Sequence[str] = ("Black", "White"),
    variants: Sequence[str] = (),
    *,
    start: Position | str | None = None,
) -> HexState:
    """A game from H1's start position (or ``start``, a position or its board string).

    Black (``players[0]``) moves first. Without the variant ``cards`` the first turn
    is open at once; with it chance first turns up Black's move card.
    """
    if isinstance(start, str):
        start = Position.parse(start)
    return HexState(players, variants, start=START if start is None else start)


def new_referee_game(
    players: Sequence[str] = ("Black", "White"), variants: Sequence[str] = ()
) -> HexRefereeState:
    """A game counted from turn 1, Black (``players[0]``) first.

    Without the variant ``cards`` the first turn is open at once; with it chance
    first turns up Black's move card (H5).
    """
    return HexRefereeState(players, variants)


#: How the companion follows the board: ``referee`` counts the moves of each turn
#: (H2) from the buttons; ``board`` takes every move and writes the game's record.
MODE = OptionSpec(
    "mode", OptionKind.CHOICE, "Mode", choices=("referee", "board"), default="referee"
)
#: H5, the card variant: the companion shuffles the move cards, or reads each card
#: a player turns up in front of the camera.
MOVE_CARDS = OptionSpec(
    "move-cards",
    OptionKind.CHOICE,
    "Move cards",
    choices=("shuffled", "camera"),
    default="shuffled",
)

SPEC = GameSpec(
    name=BOARD_GAME,
    title="Fibonacci (hex board)",
    label=N_("Hex board"),
    min_players=2,
    max_players=2,
    variants=VARIANTS,
    options=(MODE, MOVE_CARDS, SEED),
    new=new_game,
    from_record=HexState.from_record,
    seats=(N_("Black"), N_("White")),
    face=coloured({"M": "move"}),
    menu=False,  # the buttons cannot enter moves; the OLED offers hex-referee
)

#: The referee mode, a game of its own for the tables that choose it from the OLED.
REFEREE_SPEC = GameSpec(
    name=REFEREE_GAME,
    title="Fibonacci hex (referee)",
    label=N_("Hex referee"),
    min_players=2,
    max_players=2,
    variants=VARIANTS,
    options=(MOVE_CARDS, SEED),
    new=new_referee_game,
    from_record=HexRefereeState.from_record,
    seats=(N_("Black"), N_("White")),
    face=coloured({"M": "move"}),
)

__all__ = [
    "CELLS",
    "MAX_STRIKES",
    "REFEREE_SPEC",
    "SPEC",
    "START",
    "Cell",
    "Draw",
    "EndTurn",
    "HexAction",
    "HexNotationError",
    "HexRefereeState",
    "HexReport",
    "HexState",
    "HexTurnReport",
    "Kind",
    "Move",
    "MoveMade",
    "Piece",
    "Pile",
    "Position",
    "RefereeAction",
    "Resign",
    "Side",
    "Strikes",
    "Turn",
    "Win",
    "allowance",
    "allowance_with",
    "card_name",
    "card_win",
    "encircled",
    "is_flow_record",
    "new_game",
    "new_referee_game",
    "opening_allowance",
    "parse_card",
    "upgrade_record",
]
