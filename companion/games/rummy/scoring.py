"""Round scores (R7) and the variant ``standard-start``.

The player who went out scores 80 plus 20 per closed set (200 in Fibonacci 21 and
89, 180 in 13, 160 in 8). Every other player scores 20 per closed set, minus the
numbers in their open sets, minus twice the numbers in their hand; a wild card
counts 50 in an open set and 100 in the hand, the bonus card its worth (8; 34 in
deck 89) and twice that.

    >>> from companion.games.rummy.deck import DECK_21
    >>> table = SeatTable.from_json(
    ...     {"closed": [["21"]], "open": [["B5", "8"]], "hand": ["W", "X", "2"]}, DECK_21)
    >>> table_points(table, DECK_21, out=False)      # 20 - 13 - 2 * (50 + 8 + 2)
    -113

Variant ``standard-start``: a set may start with a standard card of a base number
in place of the base card; each player may have :data:`STANDARD_START_LIMIT` such
set (the rulebook says "a limited number" and names none), and it scores 10 when
closed, the going-out bonus included.
"""

from __future__ import annotations

from typing import Final

from companion.games.rummy.cards import Card, Kind
from companion.games.rummy.deck import Deck
from companion.games.rummy.table import CardSet, SeatTable

STANDARD_START: Final = "standard-start"
VARIANTS: Final = frozenset({STANDARD_START})
#: The number of sets per player that may start with a standard card (variant).
STANDARD_START_LIMIT: Final = 1

GOING_OUT: Final = 80
CLOSED_SET: Final = 20
CLOSED_STANDARD_START: Final = 10
WILD_IN_SET: Final = 50


def closed_points(cards: CardSet) -> int:
    """R7: a closed set scores 20, one started by a standard card 10."""
    return CLOSED_STANDARD_START if cards and cards[0].kind is Kind.STANDARD else CLOSED_SET


def open_penalty(card: Card, deck: Deck) -> int:
    """R7: what a card in an open set costs: its number, 50 for a wild card."""
    return WILD_IN_SET if card.kind is Kind.WILD else deck.value(card)


def table_points(table: SeatTable, deck: Deck, *, out: bool) -> int:
    """R7: one seat's points for the round."""
    closed = sum(closed_points(cards) for cards in table.closed)
    if out:
        return GOING_OUT + closed
    in_sets = sum(open_penalty(card, deck) for cards in table.open for card in cards)
    in_hand = sum(2 * open_penalty(card, deck) for card in table.hand)
    return closed - in_sets - in_hand
