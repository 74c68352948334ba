"""The move cards of the hex game's card variant, shuffled by the companion (H5).

Each player has 12 cards, two each of 1-6, shuffled face down; one is turned up per
turn and a used-up pile is reshuffled. All piles come from one
``random.Random(seed)`` in a fixed order (Black's first pile, White's first, Black's
second, White's second...), so the card of a side's n-th turn depends on the seed
alone: replaying a journal, or undoing and redoing a turn, turns up the same card.

    >>> cards = MoveCards(7)
    >>> first = [cards.card(Side.BLACK, turn) for turn in range(12)]
    >>> sorted(first) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    True
    >>> [cards.card(Side.BLACK, turn) for turn in range(12)] == first
    True
"""

from __future__ import annotations

import random
from typing import Final

from companion.games.hex.cards import CARD_VALUES, COPIES
from companion.games.hex.pieces import Side

PILE: Final = tuple(card for card in CARD_VALUES for _ in range(COPIES))


class MoveCards:
    """Both players' piles, shuffled as needed from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._piles: dict[Side, list[tuple[int, ...]]] = {Side.BLACK: [], Side.WHITE: []}

    def card(self, side: Side, turn: int) -> int:
        """The card turned up on ``side``'s ``turn``-th turn (from 0)."""
        pile, place = divmod(turn, len(PILE))
        while len(self._piles[side]) <= pile:
            for each in (Side.BLACK, Side.WHITE):
                shuffled = list(PILE)
                self._rng.shuffle(shuffled)
                self._piles[each].append(tuple(shuffled))
        return self._piles[side][pile][place]
