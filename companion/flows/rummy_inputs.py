"""The inputs of a rummy round kept in order: what undo and a correction take back.

A rummy table's state is what its cards and commands made it (the sets as they lie,
the wild cards declared, the hands counted): the flow keeps its inputs, typed as the
session handed them (:class:`~companion.table.events.CardPlaced`,
:class:`~companion.table.events.CardRemoved`, a command), and :meth:`undo` and a
correction (:class:`~companion.flows.commands.Replace`) set the state to what the
inputs make with the last one taken back, or with one card read right
(:mod:`companion.flows.corrections` says which comes first). A correction the rules
refuse changes nothing.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import replace

from companion.flows.base import EngineFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand, Replace
from companion.flows.corrections import Corrections
from companion.flows.errors import RefusedError
from companion.flows.notices import info, nothing_to_undo, replacement
from companion.flows.said import Said, Say
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved

#: What a rummy round is made of, in order.
RummyInput = CardPlaced | CardRemoved | FlowCommand


class RummyInputs(EngineFlow):
    """The inputs of :class:`~companion.flows.rummy.RummyFlow` (module docstring)."""

    def _keep(self) -> None:
        """Start keeping (the flow's ``__init__``): no input yet, no correction."""
        self.inputs: list[RummyInput] = []
        self.corrections = Corrections[CardPlaced]()

    @abstractmethod
    def _reset(self) -> None:
        """The state before the first input."""

    @abstractmethod
    def _feed(self, item: RummyInput) -> list[Notice]:
        """One input carried out on the state (refusals are REFUSED notices)."""

    def placed(self, card: TableCard) -> list[Notice]:
        return self._input(CardPlaced(card))

    def removed(self, card: TableCard) -> list[Notice]:
        return self._input(CardRemoved(card))

    def _input(self, item: RummyInput) -> list[Notice]:
        self.inputs.append(item)
        return self._feed(item)

    def _replay(self, inputs: Sequence[RummyInput], watch: int = -1) -> list[Notice]:
        """The state as ``inputs`` make it; the notices of input ``watch``."""
        self._reset()
        self.inputs = list(inputs)
        watched: list[Notice] = []
        for index, item in enumerate(self.inputs):
            notices = self._feed(item)
            if index == watch:
                watched = notices
        return watched

    def undo(self) -> list[Notice]:
        """The last thing the table did taken back: a correction (the card as it was
        read again), else the newest input."""
        correction = self.corrections.take(length=len(self.inputs))
        if correction is not None:
            changed = list(self.inputs)
            changed[correction.index] = correction.old
            self._replay(changed)
            read = correction.old.card.notation
            return [info(f"correction undone: {read} as read", Said(Say.UNCORRECTED, card=read))]
        if not self.inputs:
            return [nothing_to_undo()]
        last = self.inputs[-1]
        self._replay(self.inputs[:-1])
        card = last.card.notation if isinstance(last, CardPlaced | CardRemoved) else None
        return [info("undone", Said(Say.UNDONE, card=card))]

    def _replace(self, command: Replace) -> list[Notice]:
        """A misread card corrected: the inputs replayed with it read right. A correction
        the rules refuse changes nothing."""
        key = command.key
        for index in range(len(self.inputs) - 1, -1, -1):
            item = self.inputs[index]
            if isinstance(item, CardPlaced) and item.card.key == key:
                value = item.card
                new = replace(replacement(value, command), deck=self.game)  # its notation
                saved = list(self.inputs)
                changed = [*saved[:index], CardPlaced(new, item.at), *saved[index + 1 :]]
                refusals = [n for n in self._replay(changed, index) if n.kind is NoticeKind.REFUSED]
                if refusals:
                    self._replay(saved)
                    raise RefusedError(
                        f"{new.notation} cannot replace {value.notation}: {refusals[0].message}",
                        refusals[0].rule,
                        Said(Say.CANNOT_REPLACE, card=new.notation, other=value.notation),
                    )
                self.corrections.made(index, item, length=len(saved))
                said = Said(Say.REPLACED, card=value.notation, other=new.notation)
                return [info(f"{value.notation} replaced by {new.notation}", said)]
        raise RefusedError(f"no card {key!r} was placed", said=Said(Say.NO_SUCH_CARD))

    def _placed_order(self) -> dict[str, int]:
        """Each card placed, by key: the index of its latest placing among the inputs."""
        return {
            item.card.key: index
            for index, item in enumerate(self.inputs)
            if isinstance(item, CardPlaced)
        }
