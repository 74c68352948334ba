"""One turn of the hex game: its side, its allowance (H2) or move card (H5), its moves;
and the turns of a game as an action found them, for an undo (:class:`SavedTurns`).

>>> turn = Turn(3, Side.BLACK, 3)
>>> turn.moves_left, too_many(turn)
(3, 'black may make 3 moves this turn and made them all')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.games.base import UndoNote
from companion.games.hex.actions import Move
from companion.games.hex.cards import Pile
from companion.games.hex.pieces import Side

T = TypeVar("T")


@dataclass(frozen=True)
class Turn:
    """One turn: its number in the game (from 1), the side, its allowance and its moves."""

    number: int
    side: Side
    allowed: int
    card: int | None = None
    moves: tuple[Move, ...] = ()

    @property
    def moves_left(self) -> int:
        return max(0, self.allowed - len(self.moves))


def too_many(turn: Turn) -> str:
    """The fault of a move beyond ``turn``'s allowance (H2, H5)."""
    plural = "" if turn.allowed == 1 else "s"
    return f"{turn.side.value} may make {turn.allowed} move{plural} this turn and made them all"


@dataclass(frozen=True)
class SavedTurns(UndoNote, Generic[T]):
    """The turns of a hex game (the board's or the referee's) as an action found them,
    all immutable: an action changes the last turn or begins one, so the turns are kept
    as their count and the last; with whether a turn was under way, each side's move
    cards (H5) and the winner."""

    count: int
    last: T | None
    turn_open: bool
    piles: tuple[Pile, ...]
    winner: Side | None

    @classmethod
    def of(
        cls, turns: Sequence[T], turn_open: bool, piles: Mapping[Side, Pile], winner: Side | None
    ) -> SavedTurns[T]:
        last = turns[-1] if turns else None
        return cls(len(turns), last, turn_open, tuple(piles.values()), winner)

    def put_back(self, turns: list[T]) -> dict[Side, Pile]:
        """Put ``turns`` back as they were (once the later actions are undone); return
        the piles as they were."""
        del turns[self.count :]
        if self.last is not None:
            turns[-1] = self.last
        return dict(zip(Side, self.piles, strict=True))
