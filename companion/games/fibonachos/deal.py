"""The deal of a round (F3): shuffling one with known hands, and checking one given.

>>> import random
>>> from companion.games.fibonachos.deck import layout
>>> deal = shuffled_deal(layout(2), random.Random(1))
>>> [len(hand) for hand in deal.hands or ()], [len(deck) for deck in deal.decks or ()]
([9, 9], [11, 11])
>>> deal_fault(Deal(), layout(4)) is None      # hands unseen: always a fine deal
True
"""

from __future__ import annotations

import random

from companion.games.fibonachos.actions import Deal
from companion.games.fibonachos.cards import Nacho
from companion.games.fibonachos.deck import Layout, Tally, nacho_deck

#: A fault: what is wrong, and the rule id.
Fault = tuple[str, str]


def shuffled_deal(table: Layout, rng: random.Random) -> Deal:
    """Hands (and with 2 players private draw decks) from a deck shuffled with ``rng``."""
    deck = nacho_deck()
    rng.shuffle(deck)
    size, extra, count = table.hand, table.draw_deck, table.players
    hands = tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(count))
    if not extra:
        return Deal(hands)
    rest = deck[count * size :]
    return Deal(hands, tuple(tuple(rest[i * extra : (i + 1) * extra]) for i in range(count)))


def deal_fault(deal: Deal, table: Layout) -> Fault | None:
    """Why ``deal`` cannot start a round of ``table``, or ``None`` (F3, F1)."""
    if deal.hands is None:
        return None if deal.decks is None else ("private draw decks dealt without hands", "F3")
    tally = Tally[Nacho]()
    fault = _packets_fault(deal.hands, table.players, table.hand, "hands", tally)
    if fault is None and table.draw_deck:
        fault = _packets_fault(deal.decks, 2, table.draw_deck, "draw decks", tally)
    elif fault is None and deal.decks is not None:
        fault = ("only the 2-player game has private draw decks", "F3")
    return fault


def _packets_fault(
    packets: object, count: int, size: int, label: str, tally: Tally[Nacho]
) -> Fault | None:
    """F3: ``count`` packets of ``size`` nacho cards, within the deck's copies (F1)."""
    if not isinstance(packets, tuple) or len(packets) != count:
        return (f"the deal needs {count} {label}", "F3")
    for packet in packets:
        if not isinstance(packet, tuple) or len(packet) != size:
            return (f"{label} of {size} cards are dealt", "F3")
        for card in packet:
            if not isinstance(card, Nacho):
                return (f"{card!r} dealt is not a nacho card", "F1")
            fault = tally.fault(card, "dealt")
            if fault is not None:
                return (fault, "F1")
            tally.add(card)
    return None
