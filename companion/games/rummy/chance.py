"""Chance's actions: the deal (seven cards each, one card turned up) and the reshuffle.

    >>> import random
    >>> from companion.games.rummy.deck import DECK_8
    >>> deal = shuffled_deal(random.Random(1), DECK_8, players=2, dealer=0)
    >>> [len(hand) for hand in deal.hands or ()], len(deal.stock or ()), deal_fault(deal, DECK_8, 2)
    ([7, 7], 52, None)

With the hands seen, chance's actions carry everything they decided (the hands,
the order of the stock), so undo and replay are exact. At a real table the hands
and the stock are unseen: a deal gives only the dealer and the card turned up.
"""

from __future__ import annotations

import random
from collections import Counter

from companion.games.rummy.actions import Deal, Reshuffle
from companion.games.rummy.cards import Kind
from companion.games.rummy.deck import HAND_SIZE, Deck
from companion.games.rummy.round import Round
from companion.games.rummy.rules import Fault


def shuffled_deal(rng: random.Random, deck: Deck, players: int, dealer: int) -> Deal:
    cards = list(deck.contents)
    rng.shuffle(cards)
    dealt = players * HAND_SIZE
    hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players))
    return Deal(dealer, cards[dealt], hands, tuple(cards[dealt + 1 :]))


def deal_fault(deal: Deal, deck: Deck, players: int) -> Fault | None:
    """A seen deal is the whole deck; an unseen one turns up a card of the deck."""
    if not 0 <= deal.dealer < players:
        return f"dealer {deal.dealer} is not a seat (0-{players - 1})", "R4"
    if (deal.hands is None) != (deal.stock is None):
        return "a deal gives both the hands and the stock, or neither", "R4"
    cards = [deal.upcard]
    if deal.hands is not None and deal.stock is not None:
        if len(deal.hands) != players or any(len(h) != HAND_SIZE for h in deal.hands):
            return f"{players} hands of {HAND_SIZE} cards are dealt", "R4"
        cards += [card for hand in deal.hands for card in hand] + list(deal.stock)
        if Counter(card.physical for card in cards) != Counter(deck.contents):
            return f"the deal is not the {deck.size} cards of {deck.game}", "R1"
    for card in cards:
        if card.kind is Kind.WILD and card.number is not None:
            return f"{card}: a dealt wild card has no declared number", "R5"
        if deck.copies(card) == 0:
            return f"{card} is not a card of {deck.game}", "R1"
    return None


def shuffled_stock(rng: random.Random, rnd: Round) -> Reshuffle:
    """The discard pile but its top card, shuffled (no order when the hands are unseen)."""
    if not rnd.seen:
        return Reshuffle()
    cards = list(rnd.discard[:-1])
    rng.shuffle(cards)
    return Reshuffle(tuple(cards))


def reshuffle_fault(rnd: Round, action: Reshuffle) -> Fault | None:
    if not rnd.needs_reshuffle():
        return "the stock is reshuffled only when it is empty and a card is to be drawn", "R4"
    if not rnd.seen:
        return None if action.stock is None else ("the stock of an unseen deal is unseen", "R4")
    expected = sorted(rnd.discard[:-1], key=lambda card: card.sort_key())
    given = sorted((card.face for card in action.stock or ()), key=lambda card: card.sort_key())
    if given != expected:
        return "the new stock is the discard pile but its top card", "R4"
    return None
