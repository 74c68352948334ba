"""One turn of the hex game, in either mode: its side, its allowance (H2) or move card
(H5), its moves; and the turns of a game as an action found them, for an undo
(:class:`SavedTurns`).

A turn allows its move card (H5) or, without one, H2's schedule less the enemy strike
pieces on the mover's centre: the board mode counts them on the board when the turn
starts, the referee mode is told them (and may be corrected during the turn). The
moves are :class:`~companion.games.hex.actions.Move` values when the board is read,
:class:`~companion.games.hex.actions.MoveMade` (only counted) when it is not.

>>> turn = Turn(3, Side.BLACK)
>>> turn.allowed, turn.moves_left, too_many(turn)
(3, 3, 'black may make 3 moves this turn and made them all')
>>> Turn(6, Side.WHITE, strikes=2, moves=(MoveMade(),)).moves_left
3
>>> Turn(3, Side.BLACK, card=5).allowed      # the card variant (H5)
5
>>> Turn(2, Side.WHITE, strikes=6).allowed   # never below 0 (H2)
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from companion.games.base import UndoNote
from companion.games.hex.actions import Move, MoveMade
from companion.games.hex.cards import Pile
from companion.games.hex.pieces import Side
from companion.games.hex.rules import allowance_with

#: A move as the mode knows it: seen (``d9-e9``) or only counted.
M = TypeVar("M", bound=Move | MoveMade)
T = TypeVar("T")


@dataclass(frozen=True)
class Turn(Generic[M]):
    """Turn ``number`` (from 1) of ``side``: ``strikes`` (H2) or ``card`` (H5), its moves."""

    number: int
    side: Side
    strikes: int = 0
    card: int | None = None
    moves: tuple[M, ...] = ()

    @property
    def allowed(self) -> int:
        """H5: the card turned up; else H2: the schedule less the strikes, never below 0."""
        if self.card is not None:
            return self.card
        return allowance_with(self.number, self.strikes)

    @property
    def made(self) -> int:
        """How many moves the turn made."""
        return len(self.moves)

    @property
    def moves_left(self) -> int:
        return max(0, self.allowed - len(self.moves))

    def after(self, move: M) -> Turn[M]:
        """The turn once ``move`` is made."""
        return replace(self, moves=(*self.moves, move))


def too_many(turn: Turn[M]) -> str:
    """The fault of a move beyond ``turn``'s allowance (H2, H5)."""
    plural = "" if turn.allowed == 1 else "s"
    return f"{turn.side.value} may make {turn.allowed} move{plural} this turn and made them all"


@dataclass(frozen=True)
class SavedTurns(UndoNote, Generic[T]):
    """The turns of a hex game as an action found them, all immutable: an action
    changes the last turn or begins one, so the turns are kept as their count and the
    last; with whether a turn was under way, each side's move cards (H5) and the winner."""

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
