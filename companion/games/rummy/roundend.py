"""Refereeing the end of a round as a record holds it (R1-R7).

A record holds no turns, only what every seat has at the end of each round, so
this is what can be proven from it: every closed set complete (R4) and every set
legal (R2, R5), one set per base number (R2), the opening shown by any seat with
sets on the table (R3), the player out holding nothing but closed sets, all of
them (R6), and no card more often than the deck holds (R1).

    >>> from companion.games.rummy.deck import DECK_8
    >>> out = SeatTable.from_json({"closed": [["8"], ["B2", "3", "3"], ["B3", "5"],
    ...                                        ["B5", "3"]], "open": [], "hand": []}, DECK_8)
    >>> other = SeatTable.from_json({"closed": [], "open": [], "hand": ["W", "2"]}, DECK_8)
    >>> judge_round_end(0, (out, other), DECK_8).points
    (160, -104)

Faults come back as :class:`RummyActionError` whose ``where`` names the place
("seat 1, closed set 3, card 2"); the record reader puts the round in front.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from companion.games.errors import Place
from companion.games.rummy.cards import Card, Kind
from companion.games.rummy.deck import Deck
from companion.games.rummy.errors import RummyActionError
from companion.games.rummy.meld import check_set
from companion.games.rummy.scoring import STANDARD_START_LIMIT, table_points
from companion.games.rummy.table import CLOSED_SET, HAND, RoundResult, SeatTable


def judge_round_end(
    out: int | None,
    tables: Sequence[SeatTable],
    deck: Deck,
    *,
    standard_start: bool = False,
    seen: Iterable[Card] = (),
) -> RoundResult:
    """Check one round's end and score it; ``seen`` are other cards in view (the
    discard pile of a round followed turn by turn), counted against the deck too."""
    players = len(tables)
    if out is not None and not 0 <= out < players:
        raise RummyActionError(
            f"{out} is not a seat (0-{players - 1})", "record", where=Place.of("out")
        )
    counter = _Counter(deck, seen)
    for seat, table in enumerate(tables):
        _judge_table(seat, table, deck, standard_start, counter)
        _judge_going_out(seat, table, deck, out)
    points = tuple(table_points(table, deck, out=seat == out) for seat, table in enumerate(tables))
    return RoundResult(out, tuple(tables), points)


class _Counter:
    """R1: counts cards as they are read and stops at the first one too many."""

    def __init__(self, deck: Deck, seen: Iterable[Card]) -> None:
        self.deck = deck
        self.faces: Counter[str] = Counter(str(card.physical) for card in seen)
        self.serials: set[str] = set()

    def add(self, card: Card, where: Place) -> None:
        face = str(card.physical)
        self.faces[face] += 1
        if self.faces[face] > self.deck.copies(card):
            raise RummyActionError(
                f"{card} appears more often than the deck holds ({self.deck.copies(card)} {face})",
                "R1",
                where=where,
            )
        if card.serial is not None:
            physical = f"{face}#{card.serial}"
            if physical in self.serials:
                raise RummyActionError(
                    f"{card} appears twice: one physical card lies in one place", "R1", where=where
                )
            self.serials.add(physical)


def _judge_table(
    seat: int, table: SeatTable, deck: Deck, standard_start: bool, counter: _Counter
) -> None:
    bases: dict[int, Place] = {}
    standard_starts = 0
    for place, cards in table.places():
        where = Place.of("seat", seat) + place
        for number, card in enumerate(cards, start=1):
            counter.add(card, where.then("card", number))
            if place == HAND and card.kind is Kind.WILD and card.number is not None:
                raise RummyActionError(
                    f"{card}: a wild card in the hand has no declared number, write W",
                    "R5",
                    where=where.then("card", number),
                )
        if place == HAND:
            continue
        verdict = check_set(cards, deck, standard_start=standard_start)
        if not verdict.legal:
            at = where if verdict.card is None else where.then("card", verdict.card + 1)
            raise RummyActionError(verdict.reason, verdict.rule, where=at)
        if place.number(CLOSED_SET) is not None and not verdict.complete:
            raise RummyActionError(
                f"a closed set adds up to {verdict.total}, not {deck.target}: "
                f"only a complete set is closed",
                "R4",
                where=where,
            )
        base = verdict.base if verdict.base is not None else 0
        if base in bases:
            raise RummyActionError(
                f"a second set on {base} (the first is {bases[base]}): one per base",
                "R2",
                where=where,
            )
        bases[base] = place
        standard_starts += verdict.standard_start
        if standard_starts > STANDARD_START_LIMIT:
            raise RummyActionError(
                f"more than {STANDARD_START_LIMIT} set started by a standard card",
                "R7",
                where=where,
            )
    _judge_opening(seat, set(bases), deck)


def _judge_opening(seat: int, bases: set[int], deck: Deck) -> None:
    """R3: sets on the table prove the opening: the top card and enough base sets."""
    if not bases:
        return
    base_sets = len(bases - {deck.target})
    if deck.target not in bases or base_sets < deck.opening_bases:
        raise RummyActionError(
            f"sets on the table without the opening: the top card {deck.target} and "
            f"at least {deck.opening_bases} base sets (has {base_sets}"
            f"{'' if deck.target in bases else ', no top card'})",
            "R3",
            where=Place.of("seat", seat),
        )


def _judge_going_out(seat: int, table: SeatTable, deck: Deck, out: int | None) -> None:
    """R6: the player out has closed all the sets and kept no card; nobody else has."""
    done = not table.hand and not table.open and len(table.closed) == deck.max_sets
    if seat == out and not done:
        held = []
        if table.hand:
            held.append(_count(len(table.hand), "card") + " in hand")
        if table.open:
            held.append(_count(len(table.open), "open set"))
        if len(table.closed) != deck.max_sets:
            held.append(f"{_count(len(table.closed), 'closed set')} of {deck.max_sets}")
        raise RummyActionError(
            f"went out with {', '.join(held)}: impossible going out",
            "R6",
            where=Place.of("seat", seat),
        )
    if seat != out and done:
        who = "nobody" if out is None else f"seat {out}"
        raise RummyActionError(
            f"has closed all {deck.max_sets} sets and holds no card, so went out, "
            f"but the record says {who} did",
            "R6",
            where=Place.of("seat", seat),
        )


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"
