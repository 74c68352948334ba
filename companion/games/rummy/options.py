"""Every legal action of the player to act, for random play and the UI's choices.

The action set is finite by construction: draws, the openings the hand allows,
starts, additions (a wild card with every number that fits), closes and swaps,
and at most :data:`~companion.games.rummy.round.REARRANGE_LIMIT` moves,
take-backs and re-declarations a turn.
With the hands unseen the hand is every card not yet seen, as far as the number
of cards held allows.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from companion.games.rummy.actions import (
    Action,
    Add,
    Close,
    Discard,
    Draw,
    Move,
    Open,
    Pile,
    Redeclare,
    Start,
    Swap,
    TakeBack,
)
from companion.games.rummy.cards import BONUS, WILD, Card, Kind
from companion.games.rummy.round import REARRANGE_LIMIT, Round
from companion.games.rummy.rules import hand_fault
from companion.games.rummy.scoring import STANDARD_START_LIMIT
from companion.games.rummy.seat import Seat


def legal_actions(rnd: Round) -> list[Action]:
    """The actions of ``rnd.turn`` (the caller knows the round is not stopped)."""
    if rnd.draws_left:
        draws: list[Action] = []
        if rnd.stock_left:
            draws.append(Draw(Pile.STOCK))
        if rnd.discard and not rnd.took_discard:
            draws.append(Draw(Pile.DISCARD))
        return draws
    seat = rnd.seats[rnd.turn]
    pool = _pool(rnd, seat)
    actions: list[Action] = []
    last = seat.hand_size == 1
    if not (last and seat.all_complete(rnd.deck) and not seat.all_closed(rnd.deck)):
        actions += [Discard(face) for face in pool]
    if not seat.opened:
        return actions + _openings(rnd, seat, pool) if seat.hand_size > 1 else actions
    if seat.hand_size > 1:
        actions += _starts(rnd, seat, pool) + _additions(rnd, seat, pool)
    for base, table_set in seat.open_sets():
        start = table_set.cards[0]
        if table_set.total(rnd.deck) == rnd.deck.target:
            actions.append(Close(base))
        if start.kind is Kind.WILD and base in rnd.deck.bases and pool[Card(Kind.BASE, base)]:
            actions.append(Swap(base))
    if rnd.rearranged < REARRANGE_LIMIT:
        actions += _rearrangements(rnd, seat)
    return actions


def _pool(rnd: Round, seat: Seat) -> Counter[Card]:
    """The cards the player may hold, with how many: the known hand, and with the
    hands unseen every unseen card up to the number of hidden cards."""
    pool = Counter(seat.known)
    if seat.hidden:
        faces = rnd.deck.faces
        for text, count in rnd.unseen().items():
            pool[faces[text]] += min(count, seat.hidden)
    return pool


def _start_cards(rnd: Round, base: int, pool: Counter[Card]) -> list[Card]:
    deck = rnd.deck
    cards = [Card(Kind.BASE, base), WILD.declared(base)]
    if deck.bonus is not None and deck.bonus.base == base:
        cards.append(BONUS)
    if rnd.standard_start and base in deck.standards:
        cards.append(Card(Kind.STANDARD, base))
    return [card for card in cards if pool[card.physical]]


def _standard_ok(seat: Seat, starts: tuple[Card, ...]) -> bool:
    started = [cards.cards[0] for cards in seat.sets.values()]
    return sum(c.kind is Kind.STANDARD for c in (*started, *starts)) <= STANDARD_START_LIMIT


def _openings(rnd: Round, seat: Seat, pool: Counter[Card]) -> list[Action]:
    """Every choice of one start per base number, or none, beside the top card.

    Each choice is a different card but for the wild cards, which are counted.
    """
    deck = rnd.deck
    tops = [card for card in (deck.top, WILD.declared(deck.target)) if pool[card.physical]]
    choices: list[list[Card | None]] = [
        [None, *_start_cards(rnd, base, pool)] for base in deck.bases
    ]
    openings: list[Action] = []
    for top, picks in product(tops, product(*choices)):
        starts = (top, *(card for card in picks if card is not None))
        if not deck.opening_bases < len(starts) < seat.hand_size:
            continue
        kinds = [card.kind for card in starts]
        if kinds.count(Kind.WILD) > pool[WILD] or not _standard_ok(seat, starts):
            continue
        if rnd.seen or hand_fault(rnd, rnd.turn, starts) is None:
            openings.append(Open(starts))
    return openings


def _starts(rnd: Round, seat: Seat, pool: Counter[Card]) -> list[Action]:
    free = [base for base in rnd.deck.bases if base not in seat.sets]
    return [
        Start(card)
        for base in free
        for card in _start_cards(rnd, base, pool)
        if _standard_ok(seat, (card,))
    ]


def _additions(rnd: Round, seat: Seat, pool: Counter[Card]) -> list[Action]:
    deck = rnd.deck
    actions: list[Action] = []
    for base, table_set in seat.open_sets():
        room = deck.target - table_set.total(deck)
        if base == deck.target or room <= 0:
            continue
        for face in pool:
            if face.kind is Kind.STANDARD and (face.number or 0) <= room:
                actions.append(Add(face, base))
            elif face.kind is Kind.WILD:
                actions += [Add(WILD.declared(n), base) for n in deck.numbers if n <= room]
    return actions


def _rearrangements(rnd: Round, seat: Seat) -> list[Action]:
    deck = rnd.deck
    open_sets = [(b, s) for b, s in seat.open_sets() if b != deck.target]
    actions: list[Action] = []
    for base, table_set in open_sets:
        total = table_set.total(deck)
        for position, card in enumerate(table_set.cards[1:], start=1):
            value = deck.value(card)
            actions.append(TakeBack(base, position))
            actions += [
                Move(base, position, to)
                for to, other in open_sets
                if to != base and other.total(deck) + value <= deck.target
            ]
            if card.kind is Kind.WILD:
                actions += [
                    Redeclare(base, position, n)
                    for n in deck.numbers
                    if n not in (deck.target, card.number) and total - value + n <= deck.target
                ]
    return actions
