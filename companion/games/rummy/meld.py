"""The referee's questions about one set (R2, R5): is it legal, what is missing,
which numbers can a wild card take here.

A set is listed from the card that starts it: a base card, the bonus card, a wild
card declared as a base number, or the top card alone (R2); with the variant
``standard-start`` a standard card of a base number may start one too (R7).

    >>> from companion.games.rummy.deck import DECK_21
    >>> from companion.games.rummy.notation import parse_cards
    >>> check_set(parse_cards(["B8", "13"], DECK_21), DECK_21).status
    <SetStatus.COMPLETE: 'complete'>
    >>> verdict = check_set(parse_cards(["B5", "8"], DECK_21), DECK_21)
    >>> verdict.missing, verdict.completions
    (8, ((8,), (5, 3), (3, 3, 2), (2, 2, 2, 2)))
    >>> print(check_set(parse_cards(["B5", "B3"], DECK_21), DECK_21))
    illegal: B3 (card 2) only starts a set (R2)
    >>> wild_numbers(parse_cards(["B2", "3", "3", "W"], DECK_21), DECK_21)
    WildNumbers(fits=(2, 3, 5, 8, 13), completes=(13,))
    >>> wild_fits(parse_cards(["W", "3", "2", "W", "8"], DECK_21), 0, DECK_21)
    (2, 3, 5)

The camera sees cards lying in a meld zone in no particular order: :func:`arrange`
puts the one card that can only start a set first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product

from companion.games.rummy.cards import WILD, Card, Kind
from companion.games.rummy.deck import Deck
from companion.games.rummy.enumeration import Combination, completions
from companion.games.rummy.errors import UnknownCardError


class SetStatus(Enum):
    COMPLETE = "complete"
    INCOMPLETE = "incomplete"
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class SetVerdict:
    """What the rules say of one set.

    ``base`` is the number the set stands on (a base number, or the target for the
    top card's set); ``missing`` what it lacks to reach the target and
    ``completions`` the multisets of standard numbers that would complete it (empty
    when no card can: the set only becomes complete by taking cards back). An
    illegal set names the ``reason``, the ``rule`` and the 0-based ``card`` at fault.
    """

    status: SetStatus
    base: int | None = None
    total: int = 0
    missing: int = 0
    completions: tuple[Combination, ...] = ()
    standard_start: bool = False
    reason: str = ""
    rule: str = ""
    card: int | None = None

    @property
    def legal(self) -> bool:
        return self.status is not SetStatus.ILLEGAL

    @property
    def complete(self) -> bool:
        return self.status is SetStatus.COMPLETE

    def __str__(self) -> str:
        if self.status is SetStatus.ILLEGAL:
            return f"illegal: {self.reason} ({self.rule})"
        if self.status is SetStatus.COMPLETE:
            return f"complete: adds up to {self.total}"
        if not self.completions:
            return f"incomplete: {self.missing} missing, which no card makes up"
        return f"incomplete: {self.missing} missing"


@dataclass(frozen=True)
class WildNumbers:
    """The numbers a wild card may be declared here: ``fits`` keeps the set legal and
    still completable, ``completes`` makes it complete."""

    fits: tuple[int, ...]
    completes: tuple[int, ...]


def _illegal(reason: str, rule: str, card: int, base: int | None = None) -> SetVerdict:
    return SetVerdict(SetStatus.ILLEGAL, base=base, reason=reason, rule=rule, card=card)


def _start(card: Card, deck: Deck, standard_start: bool) -> SetVerdict | int:
    """The base the first card stands on, or the verdict of why it cannot start a set."""
    if card.kind is Kind.WILD and card.number is None:
        return _illegal(f"{card} (card 1) has no declared number: write it W=n", "R5", 0)
    slot = deck.slot(card)
    bases = ", ".join(map(str, deck.bases))
    if card.kind is Kind.STANDARD and (slot is None or not standard_start):
        allowed = "" if slot is None else " (the variant standard-start allows it)"
        return _illegal(
            f"a set starts with a base card, the bonus card or a wild card; "
            f"{card} is a standard card{allowed}",
            "R2",
            0,
        )
    if slot is None:
        return _illegal(
            f"{card} cannot start a set: a wild card starting one stands for a base "
            f"number ({bases}) or the top card {deck.target}",
            "R2",
            0,
        )
    return slot


def check_set(cards: Sequence[Card], deck: Deck, *, standard_start: bool = False) -> SetVerdict:
    """Judge one set of ``deck`` listed from its start card (R2, R5)."""
    if not cards:
        return _illegal("an empty set", "R2", 0)
    start = _start(cards[0], deck, standard_start)
    if isinstance(start, SetVerdict):
        return start
    total = deck.value(cards[0])
    for index, card in enumerate(cards[1:], start=1):
        place = f"{card} (card {index + 1})"
        if start == deck.target:
            return _illegal(
                f"the top card {deck.target} is a set on its own; {place} cannot join it",
                "R2",
                index,
                start,
            )
        if card.kind in (Kind.BASE, Kind.BONUS, Kind.TOP):
            return _illegal(f"{place} only starts a set", "R2", index, start)
        if card.number is None:
            return _illegal(f"{place} has no declared number: write it W=n", "R5", index, start)
        total += card.number
        if total > deck.target:
            return _illegal(
                f"the set adds up to {total} at {place}, more than {deck.target}",
                "R2",
                index,
                start,
            )
    by_standard = cards[0].kind is Kind.STANDARD
    if total == deck.target:
        return SetVerdict(SetStatus.COMPLETE, start, total, standard_start=by_standard)
    missing = deck.target - total
    return SetVerdict(
        SetStatus.INCOMPLETE,
        start,
        total,
        missing,
        completions(missing, deck),
        standard_start=by_standard,
    )


def wild_numbers(cards: Sequence[Card], deck: Deck, *, standard_start: bool = False) -> WildNumbers:
    """R5: the numbers the one undeclared ``W`` in ``cards`` may take.

    Without an undeclared ``W`` the question is about a wild card added at the end
    (or starting the set, when ``cards`` is empty).
    """
    blanks = [i for i, card in enumerate(cards) if card.kind is Kind.WILD and card.number is None]
    if len(blanks) > 1:
        raise UnknownCardError("one undeclared wild card at a time: declare the others W=n", "R5")
    cards = list(cards) if blanks else [*cards, WILD]
    position = blanks[0] if blanks else len(cards) - 1
    fits: list[int] = []
    completes: list[int] = []
    for number in deck.numbers:
        trial = [*cards[:position], cards[position].declared(number), *cards[position + 1 :]]
        verdict = check_set(trial, deck, standard_start=standard_start)
        if verdict.complete:
            completes.append(number)
        if verdict.complete or verdict.completions:
            fits.append(number)
    return WildNumbers(tuple(fits), tuple(completes))


def wild_fits(
    cards: Sequence[Card], index: int, deck: Deck, *, standard_start: bool = False
) -> tuple[int, ...]:
    """R5: the numbers the wild card at ``index`` may be declared in ``cards``: those for
    which some numbers of the set's other undeclared wild cards keep the set legal, the
    only thing the referee asks of a declaration (a number that leaves a set no card
    completes is allowed: the set scores as it lies). Declared wild cards keep their
    numbers; the one at ``index`` is asked afresh, so a declared one is offered what
    else it may be.
    """
    others = [
        i
        for i, card in enumerate(cards)
        if i != index and card.kind is Kind.WILD and card.number is None
    ]
    fits: set[int] = set()
    for numbers in product(deck.numbers, repeat=len(others)):
        trial = list(cards)
        for i, number in zip(others, numbers, strict=True):
            trial[i] = trial[i].declared(number)
        for number in deck.numbers:
            trial[index] = cards[index].declared(number)
            if number not in fits and check_set(trial, deck, standard_start=standard_start).legal:
                fits.add(number)
        if len(fits) == len(deck.numbers):
            break
    return tuple(n for n in deck.numbers if n in fits)


def arrange(cards: Sequence[Card], deck: Deck) -> tuple[Card, ...]:
    """The cards of a set in listing order: the one card that only starts a set first.

    A base card, the bonus card or the top card goes first when it is the only one;
    otherwise (none, or several: an illegal set) the order is kept as it is.
    """
    starters = [i for i, card in enumerate(cards) if card.kind in (Kind.BASE, Kind.BONUS, Kind.TOP)]
    if len(starters) != 1 or starters[0] == 0:
        return tuple(cards)
    first = starters[0]
    return (cards[first], *cards[:first], *cards[first + 1 :])
