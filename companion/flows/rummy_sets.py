"""A rummy set as it lies, judged: its cards (wild cards given a number) and a verdict.

The engine's referee (``check_set``, R2, R5) says whether the cards of a set are
complete, open (with what they lack) or illegal (with the reason); a wild card's
number is the one declared (:class:`~companion.flows.commands.Wild`), else the one
number that alone completes its set, else asked.

    >>> from companion.games.rummy.state import STATES
    >>> deck = {state.name: state for state in STATES}["rummy8"].deck
    >>> judge = Judge(deck, standard_start=False)
    >>> cards = [TableCard("a", "rummy8", "B3", "meld-0"), TableCard("b", "rummy8", "W", "meld-0")]
    >>> judge(cards, wilds={})[1].wild
    'W=5'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.flows.errors import RefusedError
from companion.flows.said import Said, Say
from companion.flows.status import Lack, MeldSet, SetState
from companion.games.rummy import (
    Card,
    Kind,
    UnknownCardError,
    check_set,
    parse_card,
    wild_numbers,
)
from companion.games.rummy.deck import Deck
from companion.table.cards import TableCard


@dataclass(frozen=True)
class Judge:
    """Judges sets of ``deck`` (``standard_start``: the variant of R2)."""

    deck: Deck
    standard_start: bool

    def parse(self, notation: str) -> Card:
        """The card of ``notation``, or :class:`RefusedError` (R1)."""
        try:
            return parse_card(notation, self.deck)
        except UnknownCardError as exc:
            said = Said(Say.UNKNOWN_CARD if exc.rule == "R1" else Say.AGAINST_RULE)
            raise RefusedError(exc.what, exc.rule, said) from None

    def __call__(
        self, group: Sequence[TableCard], wilds: Mapping[str, int]
    ) -> tuple[tuple[Card, ...], MeldSet]:
        """The set's cards (wild cards declared in ``wilds`` by key, or inferred) and
        the referee's verdict."""
        cards = [self.parse(c.notation) for c in group]
        for index, member in enumerate(group):
            if cards[index].kind is Kind.WILD and cards[index].number is None:
                number = wilds.get(member.key)
                if number is not None:
                    cards[index] = cards[index].declared(number)
        blanks = [i for i, c in enumerate(cards) if c.kind is Kind.WILD and c.number is None]
        wild = None
        if len(blanks) == 1:
            fits = wild_numbers(cards, self.deck, standard_start=self.standard_start)
            if len(fits.completes) == 1:
                cards[blanks[0]] = cards[blanks[0]].declared(fits.completes[0])
                wild = str(cards[blanks[0]])
        base = str(cards[0])
        if any(c.kind is Kind.WILD and c.number is None for c in cards):
            return tuple(cards), MeldSet(base, SetState.OPEN, Lack.WILD_NUMBER)
        verdict = check_set(cards, self.deck, standard_start=self.standard_start)
        if verdict.complete:
            return tuple(cards), MeldSet(base, SetState.COMPLETE, wild=wild)
        if not verdict.legal:
            fault = None if verdict.card is None else str(cards[verdict.card])
            judged = MeldSet(
                base, SetState.ILLEGAL, reason=verdict.reason, rule=verdict.rule, fault=fault
            )
            return tuple(cards), judged
        if not verdict.completions:
            return tuple(cards), MeldSet(base, SetState.OPEN, Lack.IMPOSSIBLE)
        return tuple(cards), MeldSet(base, SetState.OPEN, Lack.POINTS, verdict.missing)


def lacks(line: MeldSet) -> str:
    """A set's fault in a notice's message (the screen's words are companion.views')."""
    if line.state is SetState.ILLEGAL:
        return f"{line.reason} ({line.rule})"
    if line.lack is Lack.WILD_NUMBER:
        return "wild card: which number?"
    return f"{line.missing} missing" if line.lack is Lack.POINTS else "cannot complete"
