"""The actions of the hex game in its two modes.

The board mode reads the board: a move is ``from-to``, a player may resign.

    >>> Move.parse("d9-e9")
    Move(src=Cell('d9'), dst=Cell('e9'))
    >>> str(Move.parse("d9-e9"))
    'd9-e9'

The referee mode never sees the board (H1-H3 happen between the players), so a move
is only counted, and the table says the strike pieces on the mover's centre and who
won, one button press each:

    >>> MoveMade(), Strikes(2), Win(Side.WHITE)
    (MoveMade(), Strikes(count=2), Win(side=<Side.WHITE: 'white'>))
    >>> str(Strikes(2)), str(Win(Side.WHITE))
    ('2 enemy strike pieces on the centre', 'white wins')

Both modes share the end of a turn (``EndTurn``) and ``Draw``, chance's action in
the card variant (H5): it carries the card turned up, so replaying the history (undo)
turns up the same cards. ``Resign`` is a player conceding; no rule of the game needs
it, but a table needs a way to stop, and it is what ends a game between random
players.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.hex.board import Cell, HexNotationError, shown
from companion.games.hex.cards import card_name
from companion.games.hex.pieces import Side


@dataclass(frozen=True)
class Move:
    """One piece from ``src`` to ``dst`` (H3), written ``d9-e9``."""

    src: Cell
    dst: Cell

    @classmethod
    def parse(cls, text: str) -> Move:
        """``"d9-e9"`` -> the move; raise :class:`HexNotationError` (H1) otherwise."""
        parts = text.split("-") if isinstance(text, str) else []
        if len(parts) != 2:
            raise HexNotationError(f"{shown(text)} is not a move: write from-to, e.g. d9-e9")
        try:
            return cls(Cell.parse(parts[0]), Cell.parse(parts[1]))
        except HexNotationError as exc:
            raise HexNotationError(f"{text}: {exc.what}", exc.rule) from None

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}"


@dataclass(frozen=True)
class EndTurn:
    """The player to move ends the turn, perhaps with moves left (H2)."""

    def __str__(self) -> str:
        return "end of turn"


@dataclass(frozen=True)
class Draw:
    """Chance turns up the move card ``card`` (1-6) for the player about to move (H5)."""

    card: int

    def __str__(self) -> str:
        return card_name(self.card)


@dataclass(frozen=True)
class Resign:
    """``side`` concedes; the other side wins."""

    side: Side

    def __str__(self) -> str:
        return f"{self.side.value} resigns"


@dataclass(frozen=True)
class MoveMade:
    """The player to move made one move (H3), unseen; the referee counts it down (H2)."""

    def __str__(self) -> str:
        return "a move"


@dataclass(frozen=True)
class Strikes:
    """``count`` enemy strike pieces touch the mover's centre (H2), as the table says.

    The table may set or correct the count at any time during the turn: the
    allowance and the moves left follow.
    """

    count: int

    def __str__(self) -> str:
        plural = "" if self.count == 1 else "s"
        return f"{self.count} enemy strike piece{plural} on the centre"


@dataclass(frozen=True)
class Win:
    """The players declare that ``side`` has won (H4, or H5's win in the card variant).

    The referee cannot see the board, so it takes the table's word; a player who
    concedes is declared the same way (the other side wins). No rule gives a draw:
    even a move that completes both encirclements is the mover's win (H4).
    """

    side: Side

    def __str__(self) -> str:
        return f"{self.side.value} wins"


#: The board mode's actions.
HexAction = Move | EndTurn | Draw | Resign
#: The referee mode's actions.
RefereeAction = MoveMade | EndTurn | Strikes | Draw | Win
