"""Rummy sets from where the cards lie: each set grows down from its base card.

The rulebook lays a set out as a column: the base card on top and each next card
a fraction of a card height lower, over it, with nearly the same x, so the top part
of every card shows (card_codes prints a code in that part). Positions are card
centres in frame coordinates 0-1 (``TableCard.position``). The constants below are
for the camera height docs/layout describes, where a poker card (63 x 88 mm) spans
about ``CARD_HEIGHT`` of the frame's height:

- a card *overlaps* the card above it when it lies lower by more than ``MIN_STEP``
  and at most ``MAX_STEP`` (0.75 of a card height: at least a quarter of the card
  above shows), and its x is within ``MAX_DRIFT`` (a third of a card width);
- a card joins the set whose lowest card it overlaps (the nearest in y when
  several do); a card that overlaps no set's lowest card starts a set of its own
  (a card put between two sets is its own set, shown as what it is);
- a card with no position is a set of its own.

    >>> a = TableCard("k1", "rummy21", "B5", "meld-0", (0.20, 0.30))
    >>> b = TableCard("k2", "rummy21", "8", "meld-0", (0.21, 0.35))
    >>> c = TableCard("k3", "rummy21", "B3", "meld-0", (0.40, 0.30))
    >>> [[card.notation for card in group] for group in group_sets([c, b, a])]
    [['B5', '8'], ['B3']]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from companion.table.cards import TableCard

#: A card's height and width as fractions of the frame (see the module docstring).
CARD_HEIGHT: Final = 0.15
CARD_WIDTH: Final = 0.07
#: How much lower the next card of a set lies: more than this, and at most that.
MIN_STEP: Final = 0.01
MAX_STEP: Final = 0.75 * CARD_HEIGHT
#: How far the next card's centre may drift sideways.
MAX_DRIFT: Final = CARD_WIDTH / 3


def overlaps(lower: TableCard, upper: TableCard) -> bool:
    """Whether ``lower`` lies over the bottom of ``upper`` as the next card of its set."""
    if lower.position is None or upper.position is None:
        return False
    dx = abs(lower.position[0] - upper.position[0])
    dy = lower.position[1] - upper.position[1]
    return MIN_STEP < dy <= MAX_STEP and dx <= MAX_DRIFT


def group_sets(cards: Iterable[TableCard]) -> list[list[TableCard]]:
    """The sets the cards form, each from its base card down, ordered by base (y, x)."""
    placed = sorted(cards, key=_reading_order)
    groups: list[list[TableCard]] = []
    for card in placed:
        tails = [group for group in groups if overlaps(card, group[-1])]
        if tails:
            nearest = min(tails, key=lambda g: _dy(card, g[-1]))
            nearest.append(card)
        else:
            groups.append([card])
    return groups


def _reading_order(card: TableCard) -> tuple[bool, float, float, str]:
    """Top to bottom, then left to right; cards with no position last."""
    x, y = card.position or (0.0, 0.0)
    return (card.position is None, y, x, card.key)


def _dy(lower: TableCard, upper: TableCard) -> float:
    if lower.position is None or upper.position is None:
        return 0.0
    return lower.position[1] - upper.position[1]
