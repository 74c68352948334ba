"""The move cards of the card variant (H5): a pile of 12 per player, two each of 1-6.

A player turns up the top card of their pile at the start of each turn and makes that
many moves. Turning up a uniformly chosen card of those still face down is the same as
turning up the top of a shuffled pile, so a pile is kept as the counts still face down;
when the last card is turned up the pile is reshuffled, i.e. full again. A card is
written ``M1`` ... ``M6`` (DESIGN.md) and stored as its number.

    >>> pile = Pile().turned(4).turned(4)
    >>> pile.size, pile.count(4), pile.faces()
    (10, 0, (1, 2, 3, 5, 6))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from companion.games.hex.board import HexNotationError, shown

CARD_VALUES: Final = (1, 2, 3, 4, 5, 6)
COPIES: Final = 2
#: A move card as printed: ``M4``, or one copy of it, ``M4#2`` (DESIGN.md, card notation).
_CARD_PATTERN: Final = re.compile(r"M([1-6])(?:#[1-9][0-9]*)?")


def card_name(card: int) -> str:
    """``4`` -> ``"M4"``."""
    return f"M{card}"


def parse_card(text: str) -> int:
    """``"M4"``, or a physical card's ``"M4#2"`` (its serial), -> ``4``; raise
    :class:`HexNotationError` (H5) for anything else.

    >>> parse_card("M4"), parse_card("M4#2")
    (4, 4)
    """
    match = _CARD_PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise HexNotationError(f"{shown(text)} is not a move card (M1 ... M6)", "H5")
    return int(match.group(1))


@dataclass(frozen=True)
class Pile:
    """How many copies of each card 1-6 are still face down in one player's pile."""

    left: tuple[int, ...] = (COPIES,) * len(CARD_VALUES)

    def count(self, card: int) -> int:
        return self.left[card - 1] if card in CARD_VALUES else 0

    @property
    def size(self) -> int:
        return sum(self.left)

    def faces(self) -> tuple[int, ...]:
        """The different cards that can come up next."""
        return tuple(card for card in CARD_VALUES if self.count(card))

    def cards(self) -> tuple[int, ...]:
        """Every card still face down, one entry a physical card (for a fair draw)."""
        return tuple(card for card in CARD_VALUES for _ in range(self.count(card)))

    def turned(self, card: int) -> Pile:
        """The pile once ``card`` is turned up; a used-up pile is reshuffled (H5)."""
        if not self.count(card):
            raise HexNotationError(f"{card_name(card)} is not left in the pile", "H5")
        left = tuple(n - (value == card) for value, n in zip(CARD_VALUES, self.left, strict=True))
        return Pile(left) if any(left) else Pile()
