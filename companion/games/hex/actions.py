"""The actions of the hex game: moves, the end of a turn, a move card turned up, resigning.

    >>> Move.parse("d9-e9")
    Move(src=Cell('d9'), dst=Cell('e9'))
    >>> str(Move.parse("d9-e9"))
    'd9-e9'

``Draw`` is chance's action in the card variant (H5): it carries the card turned up,
so replaying the history (undo) turns up the same cards. ``Resign`` is a player
conceding; no rule of the game needs it, but a table needs a way to stop, and it is
what ends a game between random players.
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


HexAction = Move | EndTurn | Draw | Resign
