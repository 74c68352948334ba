"""The table session: the game in play, whose state is the replay of the journal.

Every input (a card placed or removed, a button command) is written to the
journal *before* the flow sees it; the flow is deterministic, so replaying the
journal's inputs rebuilds the exact state after a crash or a power cut. The
engine actions a flow derives are a function of those inputs, so they need no rows
of their own: the input is the action's durable form. Undo is an input like any
other; nothing is deleted.

When the journal cannot be written (a full disk), the session keeps the game in
memory, says so once, and goes on: the table is never stopped by the disk.

    session = Session(Journal.open(path), clock=time.time)
    session.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], {"seed": 7})
    session.table("placed", TableCard(...))
    session = Session.resume(Journal.open(path), clock=time.time)   # after a restart
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any, Protocol

from companion.flows.base import FlowCommand, GameFlow, Notice, NoticeKind
from companion.journal import Journal, JournalError
from companion.table.cards import TableCard

log = logging.getLogger(__name__)


class FlowFactory(Protocol):
    def __call__(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        options: Mapping[str, Any],
    ) -> GameFlow: ...


def _default_factory(
    game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
) -> GameFlow:
    from companion.flows.registry import make_flow

    return make_flow(game, players, variants, options=options)


def card_payload(event: str, card: TableCard) -> dict[str, Any]:
    payload = asdict(card)
    payload["event"] = event
    if card.position is not None:
        payload["position"] = list(card.position)
    return payload


def card_from_payload(payload: Mapping[str, Any]) -> tuple[str, TableCard]:
    position = payload.get("position")
    card = TableCard(
        key=str(payload["key"]),
        deck=str(payload["deck"]),
        notation=str(payload["notation"]),
        zone=str(payload["zone"]),
        position=(float(position[0]), float(position[1])) if position else None,
        face_down=bool(payload.get("face_down", False)),
    )
    return str(payload["event"]), card


class Session:
    """Owns the journal and the flow of the game in play (one table, one game at a time)."""

    def __init__(
        self,
        journal: Journal,
        *,
        clock: Callable[[], float],
        factory: FlowFactory = _default_factory,
    ) -> None:
        self.journal = journal
        self.clock = clock
        self.factory = factory
        self.flow: GameFlow | None = None
        self.game_id: int | None = None
        #: True once a write failed: the game goes on in memory only.
        self.memory_only = False

    # -- starting and resuming ---------------------------------------------------------

    @classmethod
    def resume(
        cls,
        journal: Journal,
        *,
        clock: Callable[[], float],
        factory: FlowFactory = _default_factory,
    ) -> Session:
        """A session with the unfinished game of the journal, if any, replayed."""
        session = cls(journal, clock=clock, factory=factory)
        entry = journal.unfinished()
        if entry is None:
            return session
        session.game_id = entry.id
        session.flow = factory(entry.game, entry.players, entry.variants, options=entry.options)
        for event in journal.events(entry.id):
            session._feed(event.kind, event.payload)
        if session.flow.is_over():  # the crash came between the last input and the end
            session.end_game()
        log.info(
            "resumed game %d (%s, %d events from the journal)",
            entry.id,
            entry.game,
            len(journal.events(entry.id)),
        )
        return session

    def start_game(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: Mapping[str, Any] | None = None,
    ) -> list[Notice]:
        """End any game in play (kept in the history) and start a new one."""
        opts = dict(options or {})
        flow = self.factory(game, players, variants, options=opts)  # validates first
        notices = self.end_game(reason="replaced") if self.flow is not None else []
        self.flow = flow
        self.game_id = None
        try:
            self.game_id = self.journal.start_game(
                game, players, variants, started=self.clock(), options=opts
            )
        except JournalError as exc:
            notices.append(self._lost_durability(exc))
        return notices

    def end_game(self, *, reason: str = "over") -> list[Notice]:
        """Close the game in play in the journal with its scores (also for an abandoned one)."""
        if self.flow is None:
            return []
        score = self.flow.report().to_json()
        result = {"reason": reason, "record": self.flow.record(), "score": score}
        notices: list[Notice] = []
        if self.game_id is not None and not self.memory_only:
            try:
                self.journal.end_game(self.game_id, result, ended=self.clock())
            except JournalError as exc:
                notices.append(self._lost_durability(exc))
        self.flow = None
        self.game_id = None
        return notices

    # -- inputs --------------------------------------------------------------------------

    def table(self, event: str, card: TableCard) -> list[Notice]:
        """A card ``placed`` or ``removed``: journaled, then handed to the flow."""
        return self._input("table", card_payload(event, card))

    def command(self, command: FlowCommand) -> list[Notice]:
        """A button command (undo included): journaled, then handed to the flow."""
        return self._input("command", {"name": command.name, "args": dict(command.args)})

    def _input(self, kind: str, payload: dict[str, Any]) -> list[Notice]:
        if self.flow is None:
            return []
        notices: list[Notice] = []
        if self.game_id is not None and not self.memory_only:
            try:
                self.journal.append(self.game_id, kind, payload, at=self.clock())
            except JournalError as exc:
                notices.append(self._lost_durability(exc))
        notices += self._feed(kind, payload)
        if self.flow is not None and self.flow.is_over():
            notices += self.end_game()
        return notices

    def _feed(self, kind: str, payload: Mapping[str, Any]) -> list[Notice]:
        flow = self.flow
        if flow is None:
            return []
        if kind == "table":
            event, card = card_from_payload(payload)
            return flow.placed(card) if event == "placed" else flow.removed(card)
        if kind == "command":
            command = FlowCommand(str(payload["name"]), dict(payload.get("args", {})))
            return flow.undo() if command.name == "undo" else flow.command(command)
        log.warning("journal: unknown event kind %r skipped", kind)
        return []

    def _lost_durability(self, exc: JournalError) -> Notice:
        self.memory_only = True
        log.error("%s; the game goes on in memory only", exc)
        return Notice(
            NoticeKind.INFO,
            "Disk full: this game is kept in memory only",
            rule=None,
        )
