"""Which indicator a Trump card on the column of spots is (T2, issue 10).

- The deck's indicator boards (``TRUMP-BOARD``, ``SYMBOL-BOARD``) say it wherever
  they lie: a card put on one is that indicator (:func:`board_under`).
- Else the spot: ``trump-indicator``, ``symbol-indicator`` (:data:`SPOTS`), and any
  other spot of the column (the default layout's ``spicy``) takes the indicator the
  round still lacks, the Trump one first (T2's order).

    >>> boards = {"trump": (0.1, 0.1), "symbol": (0.1, 0.4)}
    >>> board_under(TableCard("t/R1", "trump", "R1", "spicy", (0.12, 0.38)), boards)
    'symbol'
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from companion.flows.status import Awaiting
from companion.games.trump.cards import SYMBOL_INDICATOR, TRUMP_INDICATOR
from companion.table.cards import TableCard
from companion.table.layout import DEFAULT_CARD_SIZE

#: The two indicators, as the log's messages name them.
INDICATORS: dict[str, str] = {
    use: f"{use} indicator" for use in (TRUMP_INDICATOR, SYMBOL_INDICATOR)
}
#: What a deal awaits while an indicator spot's card is missing.
AWAITED: dict[str, Awaiting] = {
    TRUMP_INDICATOR: Awaiting.TRUMP_INDICATOR,
    SYMBOL_INDICATOR: Awaiting.SYMBOL_INDICATOR,
}
#: The spots whose zone says which indicator a card is (without a board under it).
SPOTS: dict[str, str] = {"trump-indicator": TRUMP_INDICATOR, "symbol-indicator": SYMBOL_INDICATOR}
#: A card lies on a board when its centre is within this many card widths and
#: heights of the board's (a card put on a board covers most of it).
ON_BOARD = 0.75


def board_under(card: TableCard, boards: Mapping[str, tuple[float, float]]) -> str | None:
    """The indicator whose board ``card`` lies on (``boards``: where each was last
    seen), if it lies on one."""
    if card.position is None:
        return None
    width, height = card.extent or DEFAULT_CARD_SIZE
    x, y = card.position
    near = {
        use: math.hypot((x - bx) / width, (y - by) / height)
        for use, (bx, by) in boards.items()
        if abs(x - bx) <= ON_BOARD * width and abs(y - by) <= ON_BOARD * height
    }
    return min(near, key=near.__getitem__) if near else None
