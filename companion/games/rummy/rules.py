"""Is this turn action legal? The checks of R2-R6 on a round being played.

Each check raises :class:`RummyActionError` naming the round and turn, the fault
and the rule. With the hands seen a card must be in the player's hand; with them
unseen it must be a card nobody has seen yet (R1) or one seen going into that hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.games.rummy.actions import (
    Add,
    Close,
    Discard,
    Draw,
    Meld,
    Move,
    Open,
    Pile,
    Redeclare,
    Start,
    Swap,
)
from companion.games.rummy.cards import Card, Kind
from companion.games.rummy.errors import RummyActionError
from companion.games.rummy.meld import check_set
from companion.games.rummy.round import REARRANGE_LIMIT, Round
from companion.games.rummy.scoring import STANDARD_START_LIMIT
from companion.games.rummy.seat import Seat

Fault = tuple[str, str]


def fail(rnd: Round, fault: Fault) -> RummyActionError:
    what, rule = fault
    return RummyActionError(what, rule, where=rnd.where())


def hand_fault(rnd: Round, seat: int, cards: Sequence[Card], keep: int = 1) -> Fault | None:
    """The cards are in the hand and ``keep`` cards stay for the discard (R4)."""
    player = rnd.seats[seat]
    if player.hand_size - len(cards) < keep:
        return (
            f"seat {seat} holds {player.hand_size} cards and must keep one for the discard",
            "R4",
        )
    unseen = None if rnd.seen else rnd.unseen()
    from_hidden = 0
    for face, count in Counter(card.physical for card in cards).items():
        extra = count - player.known[face]
        if extra <= 0:
            continue
        if unseen is None:
            return f"{face} is not in seat {seat}'s hand", "R4"
        if unseen[str(face)] < extra:
            return f"{face} is seen more often than the deck holds", "R1"
        from_hidden += extra
    if from_hidden > player.hidden:
        return f"seat {seat} holds only {player.hand_size} cards", "R4"
    return None


def check_draw(rnd: Round, action: Draw) -> None:
    if rnd.draws_left == 0:
        if rnd.seats[rnd.turn].all_complete(rnd.deck):
            raise fail(rnd, ("a player with all sets complete draws no more", "R6"))
        raise fail(rnd, ("two cards are drawn a turn, no more", "R4"))
    if action.pile is Pile.STOCK and rnd.stock_left == 0:
        raise fail(rnd, ("the stock is empty", "R4"))
    if action.pile is Pile.DISCARD:
        if not rnd.discard:
            raise fail(rnd, ("the discard pile is empty", "R4"))
        if rnd.took_discard:
            raise fail(rnd, ("at most one of the two cards drawn is the discard pile's", "R4"))


def check_discard(rnd: Round, action: Discard) -> None:
    _check_drawn(rnd)
    fault = hand_fault(rnd, rnd.turn, (action.card,), keep=0)
    if fault is not None:
        raise fail(rnd, fault)
    seat = rnd.seats[rnd.turn]
    last = seat.hand_size == 1
    if last and seat.all_complete(rnd.deck) and not seat.all_closed(rnd.deck):
        raise fail(rnd, ("every set must be closed before the last discard", "R6"))


def _check_drawn(rnd: Round) -> None:
    if rnd.draws_left:
        raise fail(rnd, (f"draw {rnd.draws_left} more card(s) first", "R4"))


def check_meld(rnd: Round, action: Meld) -> None:
    """Every meld action of the player to act (a Move may come from another seat)."""
    mover = action.seat if isinstance(action, Move) and action.seat is not None else rnd.turn
    if not 0 <= mover < rnd.players:
        raise fail(rnd, (f"{mover} is not a seat", "R4"))
    if mover == rnd.turn:
        _check_drawn(rnd)
    fault = _meld_fault(rnd, mover, action)
    if fault is not None:
        raise fail(rnd, fault)


def _meld_fault(rnd: Round, mover: int, action: Meld) -> Fault | None:
    seat = rnd.seats[mover]
    if isinstance(action, Open):
        return open_fault(rnd, mover, action.starts)
    if not seat.opened:
        return "open first: the top card and the base cards in one turn", "R3"
    if isinstance(action, Start):
        return _starts_fault(rnd, seat, (action.card,)) or hand_fault(rnd, mover, [action.card])
    if isinstance(action, Close):
        return _close_fault(rnd, seat, action.base)
    target = _open_set(seat, action.base)
    if isinstance(target, str):
        return target, "R4"
    if isinstance(action, Add):
        return _grow_fault(rnd, seat, action.base, action.card) or hand_fault(
            rnd, mover, [action.card]
        )
    if isinstance(action, Swap):
        return _swap_fault(rnd, mover, action.base)
    if not 1 <= action.position < len(target):
        why = "start cards never move" if action.position == 0 else "no such card"
        return f"set {action.base} position {action.position}: {why}", "R4"
    if mover == rnd.turn and rnd.rearranged >= REARRANGE_LIMIT:
        return f"at most {REARRANGE_LIMIT} moves, take-backs or re-declarations a turn", "R4"
    card = target[action.position]
    if isinstance(action, Move):
        if action.to == action.base:
            return "a card moves to another set", "R4"
        return _grow_fault(rnd, seat, action.to, card)
    if isinstance(action, Redeclare):
        return _redeclare_fault(rnd, seat, action, card)
    return None  # TakeBack: any card but the start of one's own open set


def _open_set(seat: Seat, base: int) -> list[Card] | str:
    if base not in seat.sets:
        return f"no set on {base}"
    if seat.sets[base].closed:
        return f"the set on {base} is closed and never changes"
    return seat.sets[base].cards


def open_fault(rnd: Round, mover: int, starts: Sequence[Card]) -> Fault | None:
    """R3: the top card and at least ``opening_bases`` base starts, all at once."""
    deck = rnd.deck
    if rnd.seats[mover].opened:
        return "the opening is made once", "R3"
    slots = [deck.slot(card) for card in starts]
    bases = sum(1 for slot in slots if slot is not None and slot != deck.target)
    if deck.target not in slots or bases < deck.opening_bases:
        return (
            f"the opening puts down the top card {deck.target} and at least "
            f"{deck.opening_bases} base cards",
            "R3",
        )
    return _starts_fault(rnd, rnd.seats[mover], starts) or hand_fault(rnd, mover, starts)


def _starts_fault(rnd: Round, seat: Seat, starts: Sequence[Card]) -> Fault | None:
    taken = set(seat.sets)
    standard = sum(1 for cards in seat.sets.values() if cards.cards[0].kind is Kind.STANDARD)
    for card in starts:
        verdict = check_set([card], rnd.deck, standard_start=rnd.standard_start)
        if not verdict.legal:
            return verdict.reason, verdict.rule
        if verdict.base in taken:
            return f"{card}: there is a set on {verdict.base} already, one per base", "R2"
        taken.add(verdict.base or 0)
        standard += verdict.standard_start
        if standard > STANDARD_START_LIMIT:
            return f"at most {STANDARD_START_LIMIT} set started by a standard card", "R7"
    return None


def _grow_fault(rnd: Round, seat: Seat, base: int, card: Card) -> Fault | None:
    target = _open_set(seat, base)
    if isinstance(target, str):
        return target, "R4"
    if card.kind in (Kind.BASE, Kind.BONUS, Kind.TOP):
        return f"{card} only starts a set", "R2"
    verdict = check_set([*target, card], rnd.deck, standard_start=rnd.standard_start)
    return None if verdict.legal else (verdict.reason, verdict.rule)


def _redeclare_fault(rnd: Round, seat: Seat, action: Redeclare, card: Card) -> Fault | None:
    if card.kind is not Kind.WILD:
        return f"{card} is not a wild card", "R5"
    if action.number == rnd.deck.target:
        return f"a wild card is never re-declared as the top number {action.number}", "R5"
    if action.number not in rnd.deck.numbers or action.number == card.number:
        return f"{action.number} is not a new card number for {card}", "R5"
    cards = list(seat.sets[action.base].cards)
    cards[action.position] = card.declared(action.number)
    verdict = check_set(cards, rnd.deck, standard_start=rnd.standard_start)
    return None if verdict.legal else (verdict.reason, verdict.rule)


def _swap_fault(rnd: Round, mover: int, base: int) -> Fault | None:
    start = rnd.seats[mover].sets[base].cards[0]
    if start.kind is not Kind.WILD or base not in rnd.deck.bases:
        return f"the set on {base} does not start with a wild card for a base card", "R4"
    return hand_fault(rnd, mover, [Card(Kind.BASE, base)], keep=0)


def _close_fault(rnd: Round, seat: Seat, base: int) -> Fault | None:
    target = _open_set(seat, base)
    if isinstance(target, str):
        return target, "R4"
    total = sum(rnd.deck.value(card) for card in target)
    if total != rnd.deck.target:
        return f"the set on {base} adds up to {total}: only a complete set is closed", "R4"
    return None
