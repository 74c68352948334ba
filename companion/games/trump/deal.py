"""The deal (T2) and the first leader (T3).

>>> tricks_per_round(3)
16
>>> from companion.games.trump.cards import Colour, parse_card
>>> hands = [[parse_card("R5"), parse_card("G1")], [parse_card("R2")]]
>>> first_leader(hands, trump=Colour.R)
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.errors import GameError
from companion.games.trump.cards import DECK, Card, Colour

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def tricks_per_round(players: int) -> int:
    """T2: all but two cards are dealt equally, so 24, 16, 12 tricks for 2, 3, 4 players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError(f"Fibonacci's Trump is for 2-4 players, not {players}", "T2")
    return (len(DECK) - 2) // players


@dataclass(frozen=True)
class Dealt:
    """The cards of one shuffled deal: the hands by seat, then the two left over."""

    hands: tuple[tuple[Card, ...], ...]
    trump: Card
    symbol: Card


def deal_cards(rng: random.Random, players: int, first_seat: int = 0) -> Dealt:
    """T2: shuffle, deal one card at a time clockwise from ``first_seat`` (the dealer's
    left) until two are left; the first goes on the Trump indicator, the second on
    the Symbol indicator."""
    per_hand = tricks_per_round(players)
    deck = list(DECK)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index, card in enumerate(deck[: per_hand * players]):
        hands[(first_seat + index) % players].append(card)
    ordered = tuple(tuple(sorted(hand, key=Card.sort_key)) for hand in hands)
    return Dealt(ordered, deck[-2], deck[-1])


def first_leader(hands: Sequence[Sequence[Card]], trump: Colour) -> int:
    """T3: the seat holding the lowest number of the trump colour.

    The indicator cards are not in any hand, so "not on an indicator" holds by itself.
    With a T2 deal somebody always holds a trump: 48 of the 50 cards are dealt and at
    most two of the ten trump-colour cards lie on the indicators. For hands that hold
    no trump at all (only possible with hands built by hand), the fallback keeps the
    spirit of the rule and is as easy to check at a table: the holder of the lowest
    number of any colour leads, equal numbers going by the colour order R G B Y P.
    """
    held = [(card.sort_key(), seat) for seat, hand in enumerate(hands) for card in hand]
    if not held:
        raise GameError("no cards in any hand: nobody can lead", "T3")
    trumps = [(key[1], seat) for key, seat in held if key[0] == trump]
    if trumps:
        return min(trumps)[1]
    return min(((key[1], key[0]), seat) for key, seat in held)[1]
