"""Hand-made detections for the tracker tests: Detection-like values, no images.

det("R3#1", (0.5, 0.5))   # a fibonachos card's code centred mid-frame
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.table.cards import StrayCard
from companion.table.tracker import CardPlaced, CardRemoved, CardsGathered, TableEvent

SIDE = 0.04  # a code's side in frame fractions


@dataclass(frozen=True)
class Card:
    deck: str
    notation: str
    copy: int = 1

    @property
    def key(self) -> str:
        return f"{self.deck}/{self.notation}"


@dataclass(frozen=True)
class Det:
    card: Card
    corners: tuple[tuple[float, float], ...]


def det(
    notation: str, at: tuple[float, float], deck: str = "fibonachos", side: float = SIDE
) -> Det:
    x, y = at
    h = side / 2
    corners = ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
    return Det(Card(deck, notation), corners)


def names(events: Sequence[tuple[Any, TableEvent]]) -> list[str]:
    """Events as short strings: ``CardPlaced:R3#1@play``, ``DuplicateCard:fibonachos/R3#1``."""
    out = []
    for _, e in events:
        if isinstance(e, CardPlaced | CardRemoved):
            out.append(f"{type(e).__name__}:{e.card.notation}@{e.card.zone}")
        elif isinstance(e, StrayCard):
            out.append(f"StrayCard:{e.card.key}")
        elif isinstance(e, CardsGathered):
            out.append(f"CardsGathered:{' '.join(c.notation for c in e.cards)}@{e.zone}")
        else:
            out.append(f"{type(e).__name__}:{e.key}")
    return out
