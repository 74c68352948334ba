"""The inputs of a rummy round kept in order: what undo and a correction take back.

A rummy table's state is what its cards and commands made it (the sets as they lie,
the wild cards declared, the hands counted): the flow keeps its inputs, typed as the
session handed them (:class:`~companion.table.events.CardPlaced`,
:class:`~companion.table.events.CardRemoved`, a command), each with the state of the
round before it (:class:`Before`: the engine's history length and the :class:`Round`
object itself, since the flow goes on with a copy of it). :meth:`undo` sets the state
back to the one before the last input (that object again, and the engine's actions
since undone one by one, in constant time); a correction
(:class:`~companion.flows.commands.Replace`) goes back to the input it corrects and
feeds the inputs from there again, with the card read right
(:mod:`companion.flows.corrections` says which comes first). A correction the rules
refuse changes nothing.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING

from companion.flows.base import EngineFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand, Replace
from companion.flows.corrections import Corrections
from companion.flows.errors import RefusedError
from companion.flows.notices import info, nothing_to_undo, replacement
from companion.flows.said import Said, Say
from companion.games.rummy import Card
from companion.games.rummy.state import RummyState
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved

if TYPE_CHECKING:
    from companion.flows.rummy_close import Gathering

#: What a rummy round is made of, in order.
RummyInput = CardPlaced | CardRemoved | FlowCommand
Seats = dict[int, dict[str, TableCard]]


#: What never changes once made, so a copy shares it: cards, closed sets, numbers.
_SHARED = (TableCard, tuple, str, int, type(None))


def _copied(value: object) -> object:
    """``value`` with its containers copied: dicts to the bottom, anything else that
    copies itself once; what never changes (:data:`_SHARED`) is shared. A dict's
    values are all of one type (the field's), so its first value says how."""
    if isinstance(value, _SHARED):
        return value
    if isinstance(value, dict):
        if isinstance(next(iter(value.values()), None), _SHARED):
            return dict(value)
        return {key: _copied(item) for key, item in value.items()}
    if hasattr(value, "copy"):  # a list, a Gathering
        return value.copy()
    raise TypeError(f"a rummy round's {type(value).__name__} cannot be copied for undo")


@dataclass
class Round:
    """The round as the inputs made it (:class:`~companion.flows.rummy.RummyFlow`
    changes the one it holds; :meth:`RummyInputs._input` keeps it, before the input,
    and goes on with a copy)."""

    #: Each seat's cards lying in its zone and in its hand (counted), by key;
    table: Seats
    hands: Seats
    #: the sets each seat closed;
    closed: dict[int, list[tuple[Card, ...]]]
    #: the removals of one gesture (R4);
    gathering: Gathering
    #: every card seen in a zone, as it was read; the wild cards' numbers, by key;
    known: dict[str, TableCard] = field(default_factory=dict)
    wilds: dict[str, int] = field(default_factory=dict)
    #: whether the hands are counted; whose turn it is (the seat that laid the round's
    #: last card or took a set off, R4);
    counting: bool = False
    turn: int | None = None
    #: the cards refused and still lying in a zone (a misread is corrected there).
    refused: dict[str, TableCard] = field(default_factory=dict)

    @classmethod
    def new(cls, seats: int, gathering: Gathering) -> Round:
        """A round's start: ``seats`` empty zones, nothing closed, no gesture."""
        return cls(
            {s: {} for s in range(seats)},
            {s: {} for s in range(seats)},
            {s: [] for s in range(seats)},
            gathering,
        )

    def copy(self) -> Round:
        """An independent copy, field by field (a field added is copied too)."""
        made = copy.copy(self)
        for one in fields(self):
            setattr(made, one.name, _copied(getattr(self, one.name)))
        return made


@dataclass(frozen=True)
class Before:
    """The state of the game before an input: the engine's history length, and the
    round as it was (the object itself: the flow went on with a copy)."""

    mark: int
    round: Round


class RummyInputs(EngineFlow):
    """The inputs of :class:`~companion.flows.rummy.RummyFlow` (module docstring)."""

    engine: RummyState
    round: Round

    def _keep(self) -> None:
        """Start keeping (the flow's ``__init__``): no input yet, no correction."""
        self.inputs: list[RummyInput] = []
        #: The state before each input, in step with ``inputs``.
        self.before: list[Before] = []
        self.corrections = Corrections[CardPlaced]()

    def _back(self, index: int) -> None:
        """The state before input ``index``; the inputs from it on forgotten."""
        before = self.before[index]
        while self.engine.actions > before.mark:
            self.engine.undo()
        self.round = before.round  # nothing else holds it once forgotten
        del self.inputs[index:]
        del self.before[index:]

    @abstractmethod
    def _feed(self, item: RummyInput) -> list[Notice]:
        """One input carried out on the state (refusals are REFUSED notices)."""

    def placed(self, card: TableCard) -> list[Notice]:
        return self._input(CardPlaced(card))

    def removed(self, card: TableCard) -> list[Notice]:
        return self._input(CardRemoved(card))

    def _input(self, item: RummyInput) -> list[Notice]:
        self.before.append(Before(self.engine.actions, self.round))
        self.round = self.round.copy()
        self.inputs.append(item)
        return self._feed(item)

    def _replay(self, inputs: Sequence[RummyInput], start: int, watch: int = -1) -> list[Notice]:
        """The state as ``inputs`` make it, fed from input ``start`` on (the inputs
        before it are the ones on record); the notices of input ``watch``."""
        self._back(start)
        watched: list[Notice] = []
        for index in range(start, len(inputs)):
            notices = self._input(inputs[index])
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
            self._replay(changed, correction.index)
            read = correction.old.card.notation
            return [info(f"correction undone: {read} as read", Said(Say.UNCORRECTED, card=read))]
        if not self.inputs:
            return [nothing_to_undo()]
        last = self.inputs[-1]
        self._back(len(self.inputs) - 1)
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
                notices = self._replay(changed, index, index)
                refusals = [n for n in notices if n.kind is NoticeKind.REFUSED]
                if refusals:
                    self._replay(saved, index)
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
