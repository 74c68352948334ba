"""One round being played turn by turn: the stock, the discard pile and the seats.

A :class:`Round` carries out actions already checked (rules.py) and answers what
the checks and the legal actions ask: whose turn, how many draws are left, which
cards are still unseen. The round stops when a player goes out (R6) or when the
player to act must draw and cannot: the stock is empty and the discard pile holds
no card they may take (the round then ends with nobody out; the rulebook has no
such case, a random game needs one).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from companion.games.base import UndoNote
from companion.games.errors import Place
from companion.games.rummy.actions import (
    Action,
    Add,
    Close,
    Deal,
    Discard,
    Draw,
    Meld,
    Move,
    Open,
    Pile,
    Redeclare,
    Reshuffle,
    Start,
    Swap,
    TakeBack,
)
from companion.games.rummy.cards import Card, Kind
from companion.games.rummy.deck import HAND_SIZE, Deck
from companion.games.rummy.seat import FrozenSeat, Seat, TableSet

#: R4: cards drawn at the start of a turn.
DRAWS: Final = 2
#: Moves, take-backs and re-declarations per turn: not a rule but an engine limit
#: that keeps a turn finite (a random player would otherwise shuffle cards forever).
REARRANGE_LIMIT: Final = 3


@dataclass(frozen=True)
class Saved(UndoNote):
    """A round as an action found it, immutable: what :meth:`Round.restore` puts back."""

    stock: tuple[Card, ...]
    stock_left: int
    discard: tuple[Card, ...]
    turn: int
    turn_number: int
    draws_left: int
    took_discard: bool
    rearranged: int
    stopped: bool
    out: int | None
    mover: int
    seat: FrozenSeat


class Round:
    """The play of one round from its deal; ``number`` counts from 1."""

    def __init__(
        self, number: int, deck: Deck, players: int, deal: Deal, *, standard_start: bool
    ) -> None:
        self.number = number
        self.deck = deck
        self.standard_start = standard_start
        self.dealer = deal.dealer
        self.seen = deal.hands is not None
        hands = deal.hands if deal.hands is not None else (None,) * players
        self.seats = [Seat.dealt(hand, HAND_SIZE) for hand in hands]
        self.stock: list[Card] = [card.face for card in reversed(deal.stock or ())]
        self.stock_left = deck.size - players * HAND_SIZE - 1
        self.discard: list[Card] = [deal.upcard.physical]
        self.turn = deal.dealer
        self.turn_number = 0
        self.stopped = False
        self.out: int | None = None
        self._begin_turn((deal.dealer + 1) % players)

    # -- what the checks ask -------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    def where(self) -> Place:
        return Place.of("round", self.number).then("turn", self.turn_number)

    def needs_reshuffle(self) -> bool:
        """The player to act must draw, the stock is empty, the discard pile can refill it."""
        return (
            not self.stopped
            and self.draws_left > 0
            and self.stock_left == 0
            and len(self.discard) >= 2
        )

    def to_act(self) -> int | None:
        """The seat to act, or ``None`` (chance reshuffles, or the play has stopped)."""
        if self.stopped or self.needs_reshuffle():
            return None
        return self.turn

    def unseen(self) -> Counter[str]:
        """Cards nobody has seen, by notation: the deck less sets, discards, known hands."""
        seen: Counter[str] = Counter(str(card.physical) for card in self.discard)
        for seat in self.seats:
            for face, count in seat.known.items():
                seen[str(face)] += count
            for cards in seat.sets.values():
                seen.update(str(card.physical) for card in cards.cards)
        left = self.deck.counts()
        left.subtract(seen)
        return +left

    def mover(self, action: Action) -> int:
        """The seat whose cards ``action`` moves: a move's ``seat``, else the turn's."""
        if isinstance(action, Move) and action.seat is not None:
            return action.seat
        return self.turn

    # -- undoing ---------------------------------------------------------------------

    def save(self, action: Action) -> Saved:
        """What carrying out ``action`` may change, copied, for :meth:`restore`."""
        mover = self.mover(action)
        return Saved(
            tuple(self.stock),
            self.stock_left,
            tuple(self.discard),
            self.turn,
            self.turn_number,
            self.draws_left,
            self.took_discard,
            self.rearranged,
            self.stopped,
            self.out,
            mover,
            self.seats[mover].frozen(),
        )

    def restore(self, saved: Saved) -> None:
        """Return to the round as ``saved`` found it."""
        self.stock, self.discard = list(saved.stock), list(saved.discard)
        self.stock_left = saved.stock_left
        self.turn, self.turn_number = saved.turn, saved.turn_number
        self.draws_left, self.took_discard = saved.draws_left, saved.took_discard
        self.rearranged, self.stopped, self.out = saved.rearranged, saved.stopped, saved.out
        self.seats[saved.mover] = saved.seat.thaw()

    # -- carrying out ---------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.turn_number += 1
        # R6: a player with all sets complete draws no more.
        self.draws_left = 0 if self.seats[seat].all_complete(self.deck) else DRAWS
        self.took_discard = False
        self.rearranged = 0
        self._stop_if_exhausted()

    def _stop_if_exhausted(self) -> None:
        no_discard = not self.discard or (self.took_discard and len(self.discard) < 2)
        if self.draws_left and self.stock_left == 0 and no_discard:
            self.stopped = True

    def reshuffle(self, action: Reshuffle) -> None:
        moved, self.discard = self.discard[:-1], self.discard[-1:]
        self.stock = [card.face for card in reversed(action.stock or ())]
        self.stock_left = len(moved)

    def draw(self, action: Draw) -> None:
        seat = self.seats[self.turn]
        if action.pile is Pile.DISCARD:
            seat.give(self.discard.pop())
            self.took_discard = True
        elif self.seen:
            seat.give(self.stock.pop())
        else:
            seat.hidden += 1
        if action.pile is Pile.STOCK:
            self.stock_left -= 1
        self.draws_left -= 1
        self._stop_if_exhausted()

    def meld(self, action: Meld) -> None:
        mover = self.mover(action)
        seat = self.seats[mover]
        if isinstance(action, Open | Start):
            starts = action.starts if isinstance(action, Open) else (action.card,)
            for card in starts:
                seat.take(card)
                slot = self.deck.slot(card)
                seat.sets[slot if slot is not None else 0] = TableSet([card.face])
            seat.opened = True
        elif isinstance(action, Add):
            seat.take(action.card)
            seat.sets[action.base].cards.append(action.card.face)
        elif isinstance(action, Move):
            card = seat.sets[action.base].cards.pop(action.position)
            seat.sets[action.to].cards.append(card)
        elif isinstance(action, TakeBack):
            seat.give(seat.sets[action.base].cards.pop(action.position))
        elif isinstance(action, Redeclare):
            cards = seat.sets[action.base].cards
            cards[action.position] = cards[action.position].declared(action.number)
        elif isinstance(action, Swap):
            cards = seat.sets[action.base].cards
            seat.take(Card(Kind.BASE, action.base))
            seat.give(cards[0])
            cards[0] = Card(Kind.BASE, action.base)
        elif isinstance(action, Close):
            seat.sets[action.base].closed = True
        if isinstance(action, Move | TakeBack | Redeclare) and mover == self.turn:
            self.rearranged += 1

    def discard_card(self, action: Discard) -> None:
        seat = self.seats[self.turn]
        seat.take(action.card)
        self.discard.append(action.card.physical)
        if seat.hand_size == 0 and seat.all_closed(self.deck):
            self.stopped = True
            self.out = self.turn
            return
        self._begin_turn((self.turn + 1) % self.players)
