"""What the two trick games share: cards put down become plays, undo and replace.

A trick flow keeps the list of the cards it accepted (its *steps*: a play, a
spicy card revealed, an indicator read) and one rules engine fed with them. The
live path applies each new step to the engine; undo and replace rebuild the engine
from the list with one step less or one step changed, through the same code, so
the state after a correction is the state a table that never erred would have.

Decisions a table will notice (issue 4 section 3):

- A card counts where it is put: zones the game does not use are ignored (cards
  held in hands, a cup of coffee's QR code on the edge of the frame).
- The play area is ``play`` (seat order: the card is the next play) or, when the
  layout gives each seat its own spot, ``play-0`` ... ``play-4`` (the seat is known,
  so a card out of turn or a second card of one seat is refused).
- A trick need not be cleared. It is complete with its last card; the next card
  (or Fibonachos' next spicy card) starts the next trick whether or not the old
  cards still lie there. Cards of the current and the last complete trick that the
  tracker loses and finds again are the same plays: they are ignored, as are the
  removals of any card.
- A refused card changes nothing: the flow waits for the right card, and the
  refused card picked up again is ignored.

    >>> from companion.flows.registry import make_flow
    >>> flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})
    >>> _ = flow.placed(TableCard("f/1/S3", "fibonachos", "S3#1", "spicy"))
    >>> _ = flow.placed(TableCard("f/1/R13", "fibonachos", "R13", "play"))
    >>> flow.status().to_play
    1
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from companion.flows.base import EngineFlow, Notice, NoticeKind, seat_names
from companion.flows.commands import FlowCommand, Replace, Undo
from companion.flows.errors import RefusedError
from companion.flows.notices import (
    info,
    nothing_to_undo,
    refusal,
    refused_command,
    replacement,
    report_notices,
)
from companion.flows.said import Said, Say
from companion.games.base import Flag
from companion.table.cards import TableCard

_SEAT_ZONE = re.compile(r"play-([0-9])")


@dataclass(frozen=True)
class Step:
    """A card the flow accepted, what it was used as, and the round it went into."""

    card: TableCard
    use: str  # "play", "spicy", "trump-indicator", "symbol-indicator"
    round: int = 0


class TrickFlow(EngineFlow):
    """The base of the Fibonachos and Trump flows (see the module docstring).

    The record, the score and the end are the engine's (:class:`EngineFlow`).
    """

    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({Undo, Replace})

    #: The deck name the tracker gives this game's cards, and the rule that says so.
    deck: str
    deck_rule: str
    #: Zones besides the play area, and what a card put there is used as.
    spots: ClassVar[Mapping[str, str]] = {}
    #: The rule that sets the order of play (a card out of turn).
    order_rule: str

    def __init__(self, players: Sequence[str], variants: Sequence[str]) -> None:
        self.players = tuple(players)
        self.names = seat_names(players)
        self.variants = tuple(variants)
        self.steps: list[Step] = []
        self.refused: dict[str, TableCard] = {}
        self._reset()

    # -- what each game provides ----------------------------------------------------------

    @abstractmethod
    def _reset(self) -> None:
        """A new engine (and any pending table state) before the first step."""

    @abstractmethod
    def _accept(self, card: TableCard, use: str, seat: int | None) -> None:
        """Apply ``card`` to the engine as ``use``; raise :class:`RefusedError` on any fault.

        ``seat`` is the seat whose play spot the card lies on, if the layout has them.
        """

    @abstractmethod
    def _round_number(self) -> int:
        """The round the next play goes into (from 1)."""

    @abstractmethod
    def _tricks_done(self) -> int:
        """Tricks completed in the whole game (a new one means a TRICK_WON notice)."""

    @abstractmethod
    def _won_notice(self) -> Notice:
        """The TRICK_WON notice of the trick completed last."""

    @abstractmethod
    def _open_plays(self) -> int:
        """Cards played so far in the trick under way."""

    @abstractmethod
    def _trick_size(self) -> int: ...

    # -- table events -----------------------------------------------------------------------

    def _use_of(self, zone: str) -> tuple[str, int | None] | None:
        if zone == "play":
            return "play", None
        match = _SEAT_ZONE.fullmatch(zone)
        if match is not None and int(match[1]) < len(self.players):
            return "play", int(match[1])
        use = self.spots.get(zone)
        return None if use is None else (use, None)

    def placed(self, card: TableCard) -> list[Notice]:
        where = self._use_of(card.zone)
        if where is None or card.key in self._recent_keys():
            return []
        return self._place(card, *where)

    def removed(self, card: TableCard) -> list[Notice]:
        """Removals change nothing (module docstring); a refused card is forgotten."""
        self.refused.pop(card.key, None)
        return []

    def _place(self, card: TableCard, use: str, seat: int | None) -> list[Notice]:
        before = (self._tricks_done(), len(self.report()["rounds"]), len(self._flags()))
        number = self._round_number()
        try:
            self._check_deck(card)
            self._check_earlier(card)
            self._accept(card, use, seat)
        except RefusedError as exc:
            self.refused[card.key] = card
            return [refusal(card, exc)]
        self.refused.pop(card.key, None)
        self.steps.append(Step(card, use, number))
        return self._notices(*before)

    def _flags(self) -> list[Flag]:
        return self.engine.flags()

    def _check_deck(self, card: TableCard) -> None:
        if card.deck != self.deck:
            raise RefusedError(
                f"a card of the {card.deck} deck, not of {self.deck}",
                self.deck_rule,
                Said(Say.WRONG_DECK),
            )

    def _check_earlier(self, card: TableCard) -> None:
        """A physical card already used this round (and not just lost and found)."""
        current = self._round_number()
        for step in reversed(self.steps):
            if step.round != current:
                break
            if step.card.key == card.key:
                raise RefusedError(
                    f"this physical card was already used as {step.card.notation} this round",
                    self.deck_rule,
                    Said(Say.USED_AS, other=step.card.notation),
                )

    def _recent_keys(self) -> set[str]:
        """Keys of this round's current and last complete trick, and of its spots' cards.

        Physical cards come back every round, so only this round's steps count.
        """
        current = self._round_number()
        steps = [step for step in self.steps if step.round == current]
        plays = [step for step in steps if step.use == "play"]
        recent = plays[max(0, len(plays) - self._open_plays() - self._trick_size()) :]
        keys = {step.card.key for step in recent}
        latest: dict[str, str] = {}
        for step in steps:
            if step.use != "play":
                latest[step.use] = step.card.key
        return keys | set(latest.values())

    def _notices(self, tricks: int, rounds: int, flags: int) -> list[Notice]:
        notices = [
            Notice(
                NoticeKind.FLAG,
                flag.message,
                flag.rule,
                seat=flag.seat,
                said=Said(
                    Say.LOWEST_TRUMP if flag.rule == "T3" else Say.REVOKE,
                    card=flag.card,
                    seat=flag.seat,
                ),
            )
            for flag in self._flags()[flags:]
        ]
        if self._tricks_done() > tricks:
            notices.append(self._won_notice())
        notices += report_notices(self.game, self.report(), rounds, self.names, over=self.is_over())
        return notices

    # -- commands ---------------------------------------------------------------------------

    def command(self, command: FlowCommand) -> list[Notice]:
        try:
            match command:
                case Undo():
                    return self.undo()
                case Replace():
                    return self._replace(command)
                case _:
                    return self._command(command)
        except RefusedError as exc:
            return [refused_command(command, exc)]

    def _command(self, command: FlowCommand) -> list[Notice]:
        """Game-specific commands; the base knows none but undo and replace."""
        raise RefusedError(f"unknown command for {self.game}", said=Said(Say.UNKNOWN_COMMAND))

    def undo(self) -> list[Notice]:
        if not self.steps:
            return [nothing_to_undo()]
        last = self.steps[-1]
        self._rebuild(self.steps[:-1])
        said = Said(Say.UNDONE, card=last.card.notation)
        return [info(f"undone: {last.card.notation} ({last.use})", said)]

    def _replace(self, command: Replace) -> list[Notice]:
        key = command.key
        index = next(
            (i for i in range(len(self.steps) - 1, -1, -1) if self.steps[i].card.key == key),
            None,
        )
        if index is None:
            if key in self.refused:
                new = replacement(self.refused.pop(key), command)
                where = self._use_of(new.zone)
                if where is None:
                    raise RefusedError(
                        f"{new.notation} lies in {new.zone}, where this game reads no card",
                        said=Said(Say.NOT_READ_THERE, card=new.notation),
                    )
                return self._place(new, *where)
            raise RefusedError(
                f"no card {key!r} was played or refused", said=Said(Say.NO_SUCH_CARD)
            )
        old = self.steps[index]
        new = replacement(old.card, command)
        where = self._use_of(new.zone)
        if where is None:
            raise RefusedError(
                f"{new.notation} lies in {new.zone}, where this game reads no card",
                said=Said(Say.NOT_READ_THERE, card=new.notation),
            )
        changed = [
            *self.steps[:index],
            replace(old, card=new, use=where[0]),
            *self.steps[index + 1 :],
        ]
        saved = list(self.steps)
        try:
            self._rebuild(changed)
        except RefusedError as exc:
            self._rebuild(saved)
            raise RefusedError(
                f"{new.notation} cannot replace {old.card.notation}: {exc.reason}",
                exc.rule,
                Said(Say.CANNOT_REPLACE, card=new.notation, other=old.card.notation),
            ) from None
        said = Said(Say.REPLACED, card=old.card.notation, other=new.notation)
        return [info(f"{old.card.notation} replaced by {new.notation}", said)]

    def _rebuild(self, steps: Sequence[Step]) -> None:
        """The engine fed ``steps`` from the start (raise :class:`RefusedError` at a bad one)."""
        self._reset()
        self.steps = []
        for step in steps:
            seat = self._use_of(step.card.zone)
            number = self._round_number()
            self._check_deck(step.card)
            self._check_earlier(step.card)
            self._accept(step.card, step.use, None if seat is None else seat[1])
            self.steps.append(Step(step.card, step.use, number))

    # -- what the session reads --------------------------------------------------------------


def seat_check(
    names: Sequence[str], seat: int | None, to_act: int, played: Sequence[int], rule: str
) -> None:
    """A card on ``seat``'s own play spot must be that seat's turn (issue 4 section 3)."""
    if seat is None or seat == to_act:
        return
    if seat in played:
        raise RefusedError(
            f"{names[seat]} already played a card in this trick",
            rule,
            Said(Say.PLAYED_THIS_TRICK, seat=seat),
        )
    raise RefusedError(
        f"it is {names[to_act]}'s turn, not {names[seat]}'s",
        rule,
        Said(Say.NOT_YOUR_TURN, seat=seat, whose=to_act),
    )
