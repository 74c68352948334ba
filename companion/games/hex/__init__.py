"""Naylor's Fibonacci, the hex board game (RULES.md H1-H5).

    >>> from companion.games.hex import Move, new_game
    >>> state = new_game(["Ana", "Ben"])
    >>> state.apply(Move.parse("b2-c2"))
    >>> state.report().turns[0].moves
    (Move(src=Cell('b2'), dst=Cell('c2')),)
    >>> state.report().to_json()["turns"][0]
    {'player': 'black', 'allowed': 1, 'moves': ['b2-c2']}
    >>> state.to_record()["turns"]
    [['b2-c2'], []]

Modules: ``board`` (cells and neighbours, H1), ``pieces``, ``position`` (moves with
displacement, the diagram string, H3), ``rules`` (allowance H2, wins H4/H5), ``cards``
(the move-card piles, H5), ``actions``, ``state`` (the referee), ``record``.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.faces import coloured
from companion.games.hex.actions import Draw, EndTurn, HexAction, Move, Resign
from companion.games.hex.board import CELLS, Cell, HexNotationError
from companion.games.hex.cards import Pile, card_name, parse_card
from companion.games.hex.pieces import Kind, Piece, Side
from companion.games.hex.position import START, Position
from companion.games.hex.rules import allowance, card_win, encircled, opening_allowance
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
    name="hex",
    title="Fibonacci (hex board)",
    label=N_("Hex board"),
    min_players=2,
    max_players=2,
    variants=HexState.known_variants,
    options=(MODE, MOVE_CARDS, SEED),
    new=new_game,
    from_record=HexState.from_record,
    seats=(N_("Black"), N_("White")),
    face=coloured({"M": "move"}),
    menu=False,  # the buttons cannot enter moves; the OLED offers hex-referee
)

__all__ = [
    "CELLS",
    "SPEC",
    "START",
    "Cell",
    "Draw",
    "EndTurn",
    "HexAction",
    "HexNotationError",
    "HexState",
    "Kind",
    "Move",
    "Piece",
    "Pile",
    "Position",
    "Resign",
    "Side",
    "Turn",
    "allowance",
    "card_name",
    "card_win",
    "encircled",
    "new_game",
    "opening_allowance",
    "parse_card",
]
