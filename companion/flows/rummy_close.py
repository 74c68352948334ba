"""Closing a rummy set by the gesture: a complete set that leaves its zone at once (R4).

The rulebook closes a set by turning it face down; the cards' backs carry nothing a
camera reads, so docs/rummy.md asks the owner to gather the whole set in one movement
and take it out of their zone. The table layer reports the cards of one gesture in
one update (h11-table: "cards of one seat's zone gone missing within ``gather_seconds``
of each other leave together"), so the flow sees them as consecutive removals with
no other input between: a *run*.

A run of one seat's zone whose cards are exactly whole sets (as they lay when the run
began), each complete, makes those sets *pending*: the screen asks "Close Ana's set on
base 5?"; SELECT closes it (:class:`~companion.flows.commands.CloseSet`), BACK says the
cards went back into the hand (:class:`~companion.flows.commands.TakeBack`: nothing is
recorded of them, a hand is counted only at the end of the round, R6). A run that
takes part of a set, or an incomplete one, is only cards taken off the table. Taking a
card from the table to the hand is allowed only in the owner's turn (R4), so the
gesture also says whose turn it is.

    >>> lying = [TableCard("a", "rummy8", "8", "meld-0", (0.2, 0.3))]
    >>> gathering = Gathering()
    >>> [[c.key for c in g] for g in gathering.removed(0, lying[0], [lying], lambda g: True)]
    [['a']]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.table.cards import TableCard

Group = list[TableCard]


@dataclass
class _Run:
    """One seat's consecutive removals: the sets as they lay before, the cards gone."""

    before: list[Group]
    gone: list[TableCard] = field(default_factory=list)
    whole: list[Group] = field(default_factory=list)


class Gathering:
    """The runs of removals under way and the sets they made pending (module docstring)."""

    def __init__(self) -> None:
        self.runs: dict[int, _Run] = {}
        #: The sets to close or take back, oldest first, with their seat.
        self.pending: list[tuple[int, Group]] = []

    def broken(self) -> None:
        """Any input but a removal ends the runs (their pending sets stay asked)."""
        self.runs.clear()

    def removed(
        self,
        seat: int,
        card: TableCard,
        groups: Sequence[Group],
        complete: Callable[[Group], bool],
    ) -> list[Group]:
        """``card`` (as it lay) left ``seat``'s zone, whose sets were ``groups`` before it
        went; the run's whole complete sets, now pending (replacing what it made before)."""
        run = self.runs.setdefault(seat, _Run([list(g) for g in groups]))
        run.gone.append(card)
        gone = {c.key for c in run.gone}
        whole = [g for g in run.before if {c.key for c in g} <= gone]
        exact = sum(len(g) for g in whole) == len(gone)
        now = whole if exact and whole and all(complete(g) for g in whole) else []
        self.pending = [p for p in self.pending if not any(p[1] is g for g in run.whole)]
        self.pending += [(seat, g) for g in now]
        run.whole = now
        return now

    def placed(self, key: str) -> None:
        """A card put back on the table: a pending set it belongs to was not taken away."""
        self.pending = [p for p in self.pending if key not in {c.key for c in p[1]}]

    def take(self, seat: int, matches: Callable[[Group], bool]) -> Group | None:
        """The first pending set of ``seat`` that ``matches``, no longer pending (None:
        there is none)."""
        for index, (at, group) in enumerate(self.pending):
            if at == seat and matches(group):
                del self.pending[index]
                return group
        return None
