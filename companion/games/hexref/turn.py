"""One turn as the referee counts it: whose, its strikes or its move card, the moves made.

>>> turn = CountedTurn(6, Side.WHITE, strikes=2, moves=1)
>>> turn.allowed, turn.moves_left
(4, 3)
>>> CountedTurn(3, Side.BLACK, card=5).allowed      # the card variant (H5)
5
>>> CountedTurn(2, Side.WHITE, strikes=6).allowed   # never below 0 (H2)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.games.hex.pieces import Side
from companion.games.hex.rules import opening_allowance

#: H2: a centre has six neighbours, so at most six enemy strike pieces touch it.
MAX_STRIKES: Final = 6


@dataclass(frozen=True)
class CountedTurn:
    """Turn ``number`` (from 1) of ``side``: ``strikes`` (H2) or ``card`` (H5), ``moves`` made."""

    number: int
    side: Side
    strikes: int = 0
    card: int | None = None
    moves: int = 0

    @property
    def allowed(self) -> int:
        """H5: the card turned up; else H2: the schedule less the strikes, never below 0."""
        if self.card is not None:
            return self.card
        return allowance_with(self.number, self.strikes)

    @property
    def moves_left(self) -> int:
        return max(0, self.allowed - self.moves)

    def to_json(self) -> dict[str, int | str | None]:
        """The turn in ``companion score --json``: ``moves`` is a count here."""
        return {
            "player": self.side.value,
            "allowed": self.allowed,
            "moves": self.moves,
            "strikes": self.strikes,
            "card": self.card,
        }


def allowance_with(number: int, strikes: int) -> int:
    """H2 for turn ``number`` with ``strikes`` enemy strike pieces on the mover's centre."""
    return max(0, opening_allowance(number) - strikes)
