"""What the two trick games share: cards put down become plays, undo and replace.

A trick flow keeps the list of the cards it accepted (its *steps*: a play, a
spicy card revealed, an indicator read) and one rules engine fed with them. The
live path applies each new step to the engine; undo takes the last step back with
the engine's own undo, and a correction takes back the steps from the one it changes
(in constant time each) and feeds them again, through the same code, so the state
after a correction is the state a table that never erred would have.
That list is the one model of what is on record (issue 10): the status lists its
cards for the corrections menu (:attr:`TrickStatus.recorded`), a card undone leaves
it, and a refusal (of a card or of a correction) changes nothing in it.

Decisions a table will notice (issues 4 and 10):

- A card means what its deck says where its identity decides (a Fibonachos spicy
  card is the trick's prize, a nacho card a play; Trump's indicator boards mark
  where the indicators lie), wherever it lies on the table outside the players'
  hands; zones decide only what identity cannot (a Trump card on an indicator spot
  or in the play area). Zones no trick game uses (a rummy meld zone, a card in a
  hand) are ignored.
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
- A trick cleared before all its plays were read is noticed at once, the missing
  card is asked for, and the cards put down meanwhile are held
  (:mod:`companion.flows.missing`).
- A refused card can be corrected where it lies until it is picked up (a misread);
  undo and corrections are :mod:`companion.flows.trick_corrections`.
- An undone card leaves the record; lying on the table it means nothing until it
  is put down again (picked up and put back: the tracker reads it anew).

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
from collections.abc import Sequence
from typing import ClassVar

from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import FlowCommand, Missing, Replace, Undo
from companion.flows.corrections import Corrections
from companion.flows.errors import RefusedError
from companion.flows.notices import (
    refusal,
    refused_command,
    report_notices,
)
from companion.flows.said import Said, Say
from companion.flows.status import FlowStatus, Recorded
from companion.flows.trick_corrections import Step, TrickCorrections
from companion.games.base import Flag
from companion.games.report import CardGameReport, RoundScore
from companion.table.cards import TableCard

_SEAT_ZONE = re.compile(r"play-([0-9])")
#: The zones of the trick games' tables: the play area and the spots beside it.
TABLE_ZONES = frozenset({"play", "spicy", "trump-indicator", "symbol-indicator"})


class TrickFlow(TrickCorrections):
    """The base of the Fibonachos and Trump flows (see the module docstring).

    The record, the score and the end are the engine's (:class:`EngineFlow`).
    """

    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({Undo, Replace, Missing})

    #: The deck name the tracker gives this game's cards, and the rule that says so.
    deck: str
    deck_rule: str
    #: The rule that sets the order of play (a card out of turn).
    order_rule: str

    def __init__(self, players: Sequence[str], variants: Sequence[str]) -> None:
        self._name(players)
        self.variants = tuple(variants)
        self.steps: list[Step] = []
        self.corrections = Corrections[Step]()
        self.refused: dict[str, TableCard] = {}
        self._watch()
        self._reset()

    # -- what each game provides ----------------------------------------------------------

    @abstractmethod
    def _reset(self) -> None:
        """A new engine (and any pending table state) before the first step."""

    @abstractmethod
    def _role(self, card: TableCard, kept: str | None) -> str:
        """What ``card`` (in one of :data:`TABLE_ZONES` or a seat's play spot) is used
        as: by its identity where the deck says, else by where it lies. ``kept`` is the
        use a corrected card had, for a correction that does not move it."""

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

    def _equipment(self, card: TableCard) -> bool:
        """Whether ``card`` is table equipment the flow takes note of rather than uses
        (Trump's indicator boards); none by default."""
        return False

    def _card_report(self) -> CardGameReport[RoundScore]:
        """The engine's report, a card game's (the trick engines' always are)."""
        report = self.engine.report()
        if not isinstance(report, CardGameReport):
            raise TypeError(f"{self.game}: a trick game's report is a card game's")
        return report

    @abstractmethod
    def _trick_size(self) -> int: ...

    # -- table events -----------------------------------------------------------------------

    def _seat_of(self, zone: str) -> int | None:
        """The seat whose own play spot ``zone`` is, if it is one."""
        match = _SEAT_ZONE.fullmatch(zone)
        if match is not None and int(match[1]) < len(self.players):
            return int(match[1])
        return None

    def _where(self, card: TableCard, kept: str | None = None) -> tuple[str, int | None] | None:
        """What ``card`` is used as and the seat whose spot it lies on; None: ignored."""
        seat = self._seat_of(card.zone)
        if seat is None and card.zone not in TABLE_ZONES:
            return None
        use = self._role(card, kept)
        return use, seat if use == "play" else None

    def placed(self, card: TableCard) -> list[Notice]:
        if self._equipment(card):
            return []
        notices = self._back(card)
        where = self._where(card)
        if where is None or card.key in self._recent_keys():
            return notices
        if self._hold(card):
            return notices + self._held_notice(card)
        return notices + self._offer(card, *where)

    def _offer(self, card: TableCard, use: str, seat: int | None) -> list[Notice]:
        """Place ``card``; refused, it is kept as refused where it lies (a misread may
        be corrected there)."""
        try:
            notices = self._place(card, use, seat)
        except RefusedError as exc:
            self.refused[card.key] = card
            return [refusal(card, exc)]
        self.refused.pop(card.key, None)
        return notices

    def removed(self, card: TableCard) -> list[Notice]:
        """Removals change nothing but a trick cleared too soon (module docstring); a
        refused card is forgotten."""
        self.refused.pop(card.key, None)
        return self._gone(card)

    def _place(self, card: TableCard, use: str, seat: int | None) -> list[Notice]:
        """Accept ``card`` as the next step, or raise :class:`RefusedError` having
        changed nothing (a refusal halfway through is rebuilt away)."""
        before = (self._tricks_done(), len(self._card_report().rounds), len(self._flags()))
        self._take(card, use, seat)
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

    def _round_steps(self, number: int) -> list[Step]:
        """The steps of round ``number`` when it is the latest on record (the steps are
        in round order: read from the end, as far as that round goes)."""
        start = len(self.steps)
        while start and self.steps[start - 1].round == number:
            start -= 1
        return self.steps[start:]

    def _recent_keys(self) -> set[str]:
        """Keys of this round's current and last complete trick, and of its spots' cards.

        Physical cards come back every round, so only this round's steps count.
        """
        current = self._round_number()
        steps = self._round_steps(current)
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
                    number=flag.missed,
                ),
            )
            for flag in self._flags()[flags:]
        ]
        if self._tricks_done() > tricks:
            notices.append(self._won_notice())
        notices += report_notices(
            self.game, self._card_report(), rounds, self.names, over=self.is_over()
        )
        return notices

    # -- commands ---------------------------------------------------------------------------

    def command(self, command: FlowCommand) -> list[Notice]:
        try:
            match command:
                case Undo():
                    return self.undo()
                case Replace():
                    return self._replace(command)
                case Missing():
                    return self._give(command)
                case _:
                    return self._command(command)
        except RefusedError as exc:
            return [refused_command(command, exc)]

    def _command(self, command: FlowCommand) -> list[Notice]:
        """Game-specific commands; the base knows none but undo and replace."""
        raise RefusedError(f"unknown command for {self.game}", said=Said(Say.UNKNOWN_COMMAND))

    # -- what the session reads --------------------------------------------------------------

    def status(self) -> FlowStatus:
        return self._with_missing(self._table_status())

    def _recorded(self) -> tuple[Recorded, ...]:
        """What a correction may name (:attr:`TrickStatus.recorded`): the refused cards
        still on the table, then the latest round's steps, the newest first."""
        lying = [
            Recorded(c.key, c.notation, where[0] if where else "play", refused=True)
            for c in self.refused.values()
            for where in [self._where(c)]
        ]
        latest = self.steps[-1].round if self.steps else 0
        steps = self._round_steps(latest)
        on_record = [Recorded(s.card.key, s.card.notation, s.use) for s in steps]
        return (*reversed(lying), *reversed(on_record))


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
