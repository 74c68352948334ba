"""One round's bookkeeping: its tricks, the cards seen, the hands when known, revokes.

The state (``state.py``) decides what is legal; a :class:`Round` only records what
happened and answers questions about it (who acts, who leads, who won what). It
takes back its last spicy card or play exactly, in constant time (an undo).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.base import UndoNote
from companion.games.fibonachos.actions import Deal
from companion.games.fibonachos.cards import Nacho, Spicy, Suit
from companion.games.fibonachos.deck import Layout, Tally, spicy_deck
from companion.games.fibonachos.trick import winner_index

SPICY_DECK_SIZE = len(spicy_deck())


@dataclass
class Trick:
    """One trick: its number in the round (from 1), leader, spicy card and plays."""

    number: int
    leader: int
    spicy: Spicy | None
    seats: list[int] = field(default_factory=list)
    cards: list[Nacho] = field(default_factory=list)
    winner: int | None = None

    @property
    def lead(self) -> Suit | None:
        """The lead suit, or ``None`` before the lead."""
        return self.cards[0].suit if self.cards else None


@dataclass(frozen=True)
class Revoke:
    """A proven revoke (F5): ``seat`` played ``card`` of a suit it did not follow."""

    seat: int
    card: Nacho
    trick: int
    earlier_trick: int
    earlier_card: Nacho
    suit: Suit


Miss = tuple[int, Nacho]


@dataclass(frozen=True)
class _Played(UndoNote):
    """What taking a play back needs that the round no longer shows: whether the play
    began its trick (no spicy card left, F6), the card it took out of a known hand and
    where, whether it drew from a private deck (F3), the misses it proved revokes (F5)."""

    began: bool
    held: tuple[int, Nacho] | None
    drew: bool
    proved: tuple[Miss, ...]


class RevokeWatch:
    """F5 with hands unseen: remember who failed to follow which suit this round.

    Without drawing (3-5 players) a card played later was in hand all along, so a
    player who later plays a suit they did not follow has provably revoked. Every
    trick in which they did not follow is its own revoke: each is reported once, at
    its first proof (two misses then the suit are two revokes; a miss after a proof
    starts a new one).
    """

    def __init__(self) -> None:
        self._void: dict[tuple[int, Suit], list[Miss]] = {}

    def see(self, seat: int, card: Nacho, lead: Suit | None, trick: int) -> list[Revoke]:
        """What ``seat`` playing ``card`` in ``trick`` proves: a revoke per unproven miss."""
        misses = self._void.pop((seat, card.suit), [])
        proofs = [Revoke(seat, card, trick, t, missed, card.suit) for t, missed in misses]
        if lead is not None and card.suit is not lead:
            self._void.setdefault((seat, lead), []).append((trick, card))
        return proofs

    def unsee(self, seat: int, card: Nacho, lead: Suit | None, proved: Sequence[Miss]) -> None:
        """Take back :meth:`see` of ``seat`` playing ``card`` on ``lead``, the last one,
        which proved the misses ``proved``."""
        if lead is not None and card.suit is not lead:
            void = self._void[(seat, lead)]
            void.pop()
            if not void:
                del self._void[(seat, lead)]
        if proved:
            self._void[(seat, card.suit)] = list(proved)


def find_in_hand(hand: Sequence[Nacho], card: Nacho) -> int | None:
    """Where ``card`` is in ``hand``: the exact card, else a copy of its face when
    either side has no serial (``R1`` plays a held ``R1#2``)."""
    if card in hand:
        return hand.index(card)
    for place, held in enumerate(hand):
        if held.face == card.face and (held.serial is None or card.serial is None):
            return place
    return None


class Round:
    """The tricks of one round so far, with what each seat holds when the deal is known."""

    def __init__(self, number: int, dealer: int, layout: Layout, deal: Deal) -> None:
        self.number = number
        self.dealer = dealer
        self.layout = layout
        self.hands = None if deal.hands is None else [list(hand) for hand in deal.hands]
        self.decks = None if deal.decks is None else [list(deck) for deck in deal.decks]
        self.tricks: list[Trick] = []
        self.nachos = Tally[Nacho]()
        self.spicies = Tally[Spicy]()
        self.revokes = RevokeWatch()
        self._played: list[_Played] = []

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.layout.tricks and self.tricks[-1].winner is not None

    def open_trick(self) -> Trick | None:
        """The trick under way (its spicy card revealed, not all cards played)."""
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    def next_leader(self) -> int:
        """F8 and F4: the dealer's left leads first, then each trick's winner."""
        if self.tricks and self.tricks[-1].winner is not None:
            return self.tricks[-1].winner
        return (self.dealer + 1) % self.layout.players

    def to_act(self) -> int:
        """The seat to play: from the leader, clockwise (2 players: A B A B)."""
        trick = self.open_trick()
        if trick is None:
            return self.next_leader()
        return (trick.leader + len(trick.cards)) % self.layout.players

    def spicy_left(self) -> int:
        return SPICY_DECK_SIZE - self.spicies.count()

    def start_trick(self, spicy: Spicy | None) -> Trick:
        trick = Trick(len(self.tricks) + 1, self.next_leader(), spicy)
        self.tricks.append(trick)
        if spicy is not None:
            self.spicies.add(spicy)
        return trick

    def unreveal(self) -> None:
        """Take back the last spicy card revealed, with the trick it began (an undo)."""
        spicy = self.tricks.pop().spicy
        if spicy is not None:
            self.spicies.remove(spicy)

    def play(self, card: Nacho) -> list[Revoke]:
        """Record the card of the seat to act; the revokes it proves come back (F5)."""
        began = self.open_trick() is None
        trick = self.open_trick() or self.start_trick(None)
        seat = self.to_act()
        lead = trick.lead
        trick.seats.append(seat)
        trick.cards.append(card)
        self.nachos.add(card)
        proofs: list[Revoke] = []
        held: tuple[int, Nacho] | None = None
        drew = False
        if self.hands is not None:
            hand = self.hands[seat]
            place = find_in_hand(hand, card)
            if place is not None:
                held = (place, hand.pop(place))
            if self.decks is not None and self.decks[seat]:
                hand.append(self.decks[seat].pop(0))
                drew = True
        elif self.layout.players >= 3:
            proofs = self.revokes.see(seat, card, lead, trick.number)
        proved = tuple((proof.earlier_trick, proof.earlier_card) for proof in proofs)
        self._played.append(_Played(began, held, drew, proved))
        if len(trick.cards) == self.layout.trick_size:
            trick.winner = trick.seats[winner_index(trick.cards)]
        return proofs

    def unplay(self) -> int:
        """Take back the last play exactly (an undo); return how many revokes it proved."""
        note = self._played.pop()
        trick = self.tricks[-1]
        trick.winner = None
        seat, card = trick.seats.pop(), trick.cards.pop()
        self.nachos.remove(card)
        if self.hands is not None:
            hand = self.hands[seat]
            if note.drew and self.decks is not None:
                self.decks[seat].insert(0, hand.pop())
            if note.held is not None:
                hand.insert(*note.held)
        elif self.layout.players >= 3:
            self.revokes.unsee(seat, card, trick.lead, note.proved)
        if note.began:
            self.tricks.pop()
        return len(note.proved)

    def spicy_totals(self) -> tuple[int, ...]:
        """F7's s: the sum of the spicy values each seat took."""
        totals = [0] * self.layout.players
        for trick in self.tricks:
            if trick.winner is not None and trick.spicy is not None:
                totals[trick.winner] += trick.spicy.value
        return tuple(totals)

    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.layout.players
        for trick in self.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        return tuple(won)
