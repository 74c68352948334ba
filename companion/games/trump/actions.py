"""The actions of a Fibonacci's Trump game: chance's deal and a player's card.

>>> from companion.games.trump.cards import parse_card
>>> deal = Deal(trump=parse_card("R1"), symbol=parse_card("G7"), leader=2)  # hands unseen
>>> deal.trump.colour.title, deal.symbol.symbol.name
('red', 'SQUARE')
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.trump.cards import Card


@dataclass(frozen=True)
class Deal:
    """The start of a round (T2): the two indicator cards and, when known, the hands.

    ``hands`` is ``None`` at a real table, where the companion never sees them; then
    any unseen card is a legal play and revokes become flags (T4). ``leader`` is the
    seat that leads the first trick: required in the first round with unseen hands
    (the holder of the lowest trump shows it, T3), derived otherwise, and checked
    when given.
    """

    trump: Card
    symbol: Card
    hands: tuple[tuple[Card, ...], ...] | None = None
    leader: int | None = None


@dataclass(frozen=True)
class Play:
    """The player to act puts ``card`` into the trick."""

    card: Card


Action = Deal | Play
