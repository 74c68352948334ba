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

:class:`ClosingSets` is the rummy flow's part that closes sets: by the gesture, by the
command, or by a set's cards all turned face down where they lie.

    >>> lying = [TableCard("a", "rummy8", "8", "meld-0", (0.2, 0.3))]
    >>> gathering = Gathering()
    >>> [[c.key for c in g] for g in gathering.removed(0, lying[0], [lying], lambda g: True)]
    [['a']]
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from companion.flows.base import Notice
from companion.flows.errors import RefusedError
from companion.flows.notices import info
from companion.flows.rummy_inputs import RummyInputs
from companion.flows.rummy_sets import lacks
from companion.flows.said import Said, Say
from companion.flows.status import Closing, MeldSet, SetState
from companion.games.rummy import Card
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

    def copy(self) -> Gathering:
        """An independent copy (the same sets shared where the runs and the pending
        share them, as the copy's own lists)."""
        made: dict[int, Group] = {}

        def same(group: Group) -> Group:
            return made.setdefault(id(group), list(group))

        out = Gathering()
        out.runs = {
            seat: _Run([same(g) for g in run.before], list(run.gone), [same(g) for g in run.whole])
            for seat, run in self.runs.items()
        }
        out.pending = [(seat, same(group)) for seat, group in self.pending]
        return out

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


class ClosingSets(RummyInputs):
    """Closing sets (R4), for :class:`~companion.flows.rummy.RummyFlow` (module docstring)."""

    @abstractmethod
    def _judge(self, group: Sequence[TableCard]) -> tuple[tuple[Card, ...], MeldSet]: ...

    @abstractmethod
    def _groups(self, cards: Iterable[TableCard]) -> list[list[TableCard]]: ...

    def _turned_down(self, seat: int, card: TableCard) -> list[Notice]:
        """R4: a set is closed once all its cards lie face down, if it is complete."""
        seen = self.round.known.get(card.key)
        if seen is None or self.round.counting:
            return []
        self.round.table[seat][card.key] = replace(
            seen, position=card.position or seen.position, face_down=True
        )
        for group in self._groups(self.round.table[seat].values()):
            if card.key in {c.key for c in group} and all(c.face_down for c in group):
                return self._close(seat, group)
        return []

    def _close(self, seat: int, group: list[TableCard]) -> list[Notice]:
        cards, line = self._judge(group)
        if line.state is not SetState.COMPLETE:
            for member in group:
                self.round.table[seat][member.key] = self.round.known[member.key]
            raise RefusedError(
                f"the set on {line.base} is not complete: {lacks(line)}",
                "R4",
                Said(Say.SET_NOT_COMPLETE, card=line.base, seat=seat),
            )
        self.round.closed[seat].append(cards)
        for member in group:
            self.round.table[seat].pop(member.key, None)
        said = Said(Say.SET_CLOSED, card=line.base, seat=seat)
        return [info(f"{self.names[seat]} closed the set on {line.base}", said)]

    def _close_set(self, seat: int, base: str) -> list[Notice]:
        if seat not in self.round.table:
            raise RefusedError(f"{seat!r} is not a seat", "R4", Said(Say.NOT_A_SEAT))
        matches = self._on(base)
        group = self.round.gathering.take(seat, matches)
        if group is not None:
            return self._close(seat, group)
        for group in self._groups(self.round.table[seat].values()):
            if matches(group):
                return self._close(seat, group)
        raise self._no_set(seat, base)

    def _on(self, base: str) -> Callable[[Sequence[TableCard]], bool]:
        """Whether a set starts with ``base`` (its first card, or that card's number)."""

        def matches(group: Sequence[TableCard]) -> bool:
            first = self._judge(group)[0][0]
            return base in (str(first.number), str(first), str(first).partition("#")[0])

        return matches

    def _no_set(self, seat: int, base: str) -> RefusedError:
        return RefusedError(
            f"{self.names[seat]} has no open set on {base}",
            "R4",
            Said(Say.NO_OPEN_SET, card=base, seat=seat),
        )

    def _closing(self) -> Closing | None:
        """The first set that left its zone at once, to close or take back."""
        if not self.round.gathering.pending:
            return None
        seat, group = self.round.gathering.pending[0]
        return Closing(seat, str(self._judge(group)[0][0]))
