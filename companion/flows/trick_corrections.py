"""Undo and corrections of a trick flow: the steps on record taken back or read right.

A trick flow keeps the list of the cards it accepted (its *steps*, :class:`Step`: a
play, a spicy card revealed, an indicator read) and one rules engine fed with them.
Undo takes back the newest step, or the newest correction when nothing was recorded
since (:mod:`companion.flows.corrections`); a correction
(:class:`~companion.flows.commands.Replace`) rewrites one step, or places a refused
card that still lies on the table as read right. Either way the engine is fed the
steps from the first one it changes again through the same code (the steps before it,
and a correction that changes nothing, cost nothing), so the state after a correction
is the state a table that never erred would have; a correction the rules refuse
changes nothing.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.flows.base import Notice
from companion.flows.commands import Replace
from companion.flows.corrections import Corrections
from companion.flows.errors import RefusedError
from companion.flows.missing import MissingCards
from companion.flows.notices import info, nothing_to_undo, replacement
from companion.flows.said import Said, Say
from companion.table.cards import TableCard


@dataclass(frozen=True)
class Step:
    """A card the flow accepted, what it was used as, and the round it went into;
    ``mark``: where the game stood before it (what undo takes it back to)."""

    card: TableCard
    use: str  # "play", "spicy", "trump", "symbol"
    round: int = 0
    mark: Mark = field(default=(0, None), compare=False)


#: Where a trick flow stands: the engine's history length, and the flow's own state
#: of the table besides the engine (Trump's indicators read before the deal...).
Mark = tuple[int, object]


class TrickCorrections(MissingCards):
    """The steps of :class:`~companion.flows.tricks.TrickFlow` undone and corrected."""

    corrections: Corrections[Step]

    @abstractmethod
    def _reset(self) -> None:
        """A new engine (and any pending table state) before the first step."""

    @abstractmethod
    def _accept(self, card: TableCard, use: str, seat: int | None) -> None: ...

    @abstractmethod
    def _check_deck(self, card: TableCard) -> None: ...

    @abstractmethod
    def _check_earlier(self, card: TableCard) -> None: ...

    @abstractmethod
    def _seat_of(self, zone: str) -> int | None: ...

    @abstractmethod
    def _place(self, card: TableCard, use: str, seat: int | None) -> list[Notice]: ...

    def _table_state(self) -> object:
        """The flow's own state of the table besides the engine (none by default); a
        copy, which :meth:`_restore` takes."""
        return None

    def _restore(self, state: object) -> None:
        """Set the flow's own state of the table back to ``state`` (:meth:`_table_state`)."""

    def _mark(self) -> Mark:
        return self.engine.actions, self._table_state()

    def _back_to(self, mark: Mark) -> None:
        """The game as it stood at ``mark``: the engine's actions since undone, one by
        one (constant time each), and the flow's own state set back."""
        while self.engine.actions > mark[0]:
            self.engine.undo()
        self._restore(mark[1])

    def undo(self) -> list[Notice]:
        if self.held:
            return self._undo_held()
        correction = self.corrections.take(length=len(self.steps))
        if correction is not None:  # the last thing done was a correction: it is undone
            read = correction.old.card.notation
            index = correction.index
            self._rebuild(index, [correction.old, *self.steps[index + 1 :]])
            return [info(f"correction undone: {read} as read", Said(Say.UNCORRECTED, card=read))]
        if not self.steps:
            return [nothing_to_undo()]
        last = self.steps[-1]
        self._rebuild(len(self.steps) - 1, [])
        said = Said(Say.UNDONE, card=last.card.notation)
        return [info(f"undone: {last.card.notation} ({last.use})", said)]

    def _replace(self, command: Replace) -> list[Notice]:
        """A misread card corrected: on record (the steps rebuilt with it) or refused
        and still lying there (placed as read right). A refusal changes nothing."""
        key = command.key
        if key in self.refused:  # lying there now: newer than any step of the same card
            return self._replace_refused(command)
        steps = self.steps  # the newest step of that card: read from the end
        index = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].card.key == key), None)
        if index is None:
            raise RefusedError(
                f"no card {key!r} is on record or refused on the table",
                said=Said(Say.NO_SUCH_CARD),
            )
        old = self.steps[index]
        new = replacement(old.card, command)
        where = self._where(new, old.use if command.zone is None else None)
        if where is None:
            raise RefusedError(
                f"{new.notation} lies in {new.zone}, where this game reads no card",
                said=Said(Say.NOT_READ_THERE, card=new.notation),
            )
        saved = self.steps[index:]
        length = len(self.steps)
        try:
            self._rebuild(index, [Step(new, where[0], old.round), *saved[1:]])
        except RefusedError as exc:
            self._rebuild(index, saved)
            raise RefusedError(
                f"{new.notation} cannot replace {old.card.notation}: {exc.reason}",
                exc.rule,
                Said(Say.CANNOT_REPLACE, card=new.notation, other=old.card.notation),
            ) from None
        self.corrections.made(index, old, length=length)
        said = Said(Say.REPLACED, card=old.card.notation, other=new.notation)
        return [info(f"{old.card.notation} replaced by {new.notation}", said)]

    def _replace_refused(self, command: Replace) -> list[Notice]:
        old = self.refused[command.key]
        new = replacement(old, command)
        where = self._where(new)
        if where is None:
            raise RefusedError(
                f"{new.notation} lies in {new.zone}, where this game reads no card",
                said=Said(Say.NOT_READ_THERE, card=new.notation),
            )
        try:
            notices = self._place(new, *where)
        except RefusedError as exc:
            raise RefusedError(
                f"{new.notation} cannot replace {old.notation}: {exc.reason}",
                exc.rule,
                Said(Say.CANNOT_REPLACE, card=new.notation, other=old.notation),
            ) from None
        del self.refused[command.key]
        said = Said(Say.REPLACED, card=old.notation, other=new.notation)
        return [info(f"{old.notation} replaced by {new.notation}", said), *notices]

    def _rebuild(self, start: int, steps: Sequence[Step]) -> None:
        """The game with ``steps`` in place of the steps on record from ``start`` on,
        the steps before it kept as they are. It costs what it changes: the steps the
        same as those on record are kept, the others on record are taken back in
        constant time each (or the game starts again from its first step), and the
        new ones are fed. A step that is refused raises :class:`RefusedError` with the
        steps before it on record."""
        same = 0
        while (
            same < len(steps)
            and start + same < len(self.steps)
            and steps[same] == self.steps[start + same]
        ):
            same += 1
        start, steps = start + same, steps[same:]
        if start == 0:
            self._again(steps)
            return
        if start < len(self.steps):
            self._back_to(self.steps[start].mark)
            del self.steps[start:]
        self._feed(steps)

    def _again(self, steps: Sequence[Step]) -> None:
        """The game started again and fed ``steps`` (round 1's leader named anew seats
        every play: the same steps mean another game)."""
        self._reset()
        self.steps = []
        self._feed(steps)

    def _feed(self, steps: Sequence[Step]) -> None:
        for step in steps:
            seat = self._seat_of(step.card.zone) if step.use == "play" else None
            self._take(step.card, step.use, seat)

    def _take(self, card: TableCard, use: str, seat: int | None) -> None:
        """``card`` accepted as the next step, or :class:`RefusedError` with nothing changed."""
        number, mark = self._round_number(), self._mark()
        try:
            self._check_deck(card)
            self._check_earlier(card)
            self._accept(card, use, seat)
        except RefusedError:
            self._back_to(mark)
            raise
        self.steps.append(Step(card, use, number, mark))
