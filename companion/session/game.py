"""The table session: the game in play, whose state is the replay of the journal.

Every input (a card placed or removed, a button command) is written to the
journal *before* the flow sees it; the flow is deterministic, so replaying the
journal's inputs rebuilds the exact state after a crash or a power cut. The
engine actions a flow derives are a function of those inputs, so they need no rows
of their own: the input is the action's durable form. Undo is an input like any
other; nothing is deleted.

When the journal cannot be written (a full disk, a read-only folder), the session
keeps the game in memory, says so once, and goes on: the table is never stopped by
the disk. Nor by a damaged journal: an event the game cannot take (a payload without
a key it needs, a flow that raises on it) ends the replay there, and the events from
it on are set aside (kept, not replayed) so the game goes on from the last good one.

Inputs are typed values from the reader and the buttons to the flow (a
:class:`~companion.table.events.CardPlaced`, a command...), journaled by their own
``to_json`` (:mod:`companion.session.codec`). Besides the cards placed and removed,
the journal keeps *sightings*: cards the camera saw but had not yet confirmed
(:class:`~companion.table.events.CardSighted`, rows of the kind ``"sighting"``).
They change no score; they tell a flow, and a restart, what lay on the table when
the power failed (issue 10 item 4). What the journal says lies on the table (cards
placed and not removed) is :meth:`Session.lying`, from which a restarted daemon's
tracker starts; the cards sighted in the last moments and not placed since are
:meth:`Session.pending`, which it goes on watching as candidates (issue 22 item 6: a
card that landed a quarter second before the cut and is swept up a quarter second
after it is still confirmed).

    session = Session(Journal.open(path), clock=time.time)
    options = check_options("fibonachos", {"seed": 7}, 3)   # checked where they enter
    session.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], options)
    session.table(CardPlaced(TableCard(...)))
    session = Session.resume(Journal.open(path), clock=time.time)   # after a restart
    session = open_table(path, clock=time.time)    # what `companion run` does: never raises
    recent_names(session.journal)                  # the names the start menu offers first
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.flows.base import FlowInput, GameFlow, Notice, TableInput
from companion.flows.commands import FlowCommand
from companion.flows.notices import ended_notice
from companion.flows.status import Scores
from companion.games.game_options import GameOptions
from companion.games.registry import all_games
from companion.journal import GameEntry, GameResult, Journal, JournalError
from companion.session.codec import encode
from companion.session.faults import journal_faults, not_saved
from companion.session.lying import Lying
from companion.session.replay import FlowFactory, default_factory, replay
from companion.table.cards import TableCard
from companion.views.faults import Fault

log = logging.getLogger(__name__)

#: How many of the latest names :func:`recent_names` gives.
RECENT_NAMES = 24


class Session:
    """Owns the journal and the flow of the game in play (one table, one game at a time)."""

    def __init__(
        self,
        journal: Journal,
        *,
        clock: Callable[[], float],
        factory: FlowFactory = default_factory,
    ) -> None:
        self.journal = journal
        self.clock = clock
        self.factory = factory
        self.flow: GameFlow | None = None
        self.game_id: int | None = None
        #: The options the game in play started with (None: none in play).
        self.options: GameOptions | None = None
        #: True while the game in play is not (all) on disk: a write failed, or the
        #: journal could not be written from the start.
        self.memory_only = journal.fault is not None
        #: The game in play could not be rebuilt: it was closed (see :meth:`journal_faults`).
        self.closed_unreadable = False
        self._lying = Lying()

    # -- starting and resuming ---------------------------------------------------------

    @classmethod
    def resume(
        cls,
        journal: Journal,
        *,
        clock: Callable[[], float],
        factory: FlowFactory = default_factory,
    ) -> Session:
        """A session with the unfinished game of the journal, if any, replayed."""
        session = cls(journal, clock=clock, factory=factory)
        entry = journal.unfinished()
        if entry is None:
            return session
        done = replay(journal, entry, factory)
        if done.flow is None:
            session._close_unreadable(entry, done.problem or "")
            return session
        session.game_id, session.flow, session._lying = entry.id, done.flow, done.lying
        session.options = done.options
        if done.bad_seq is not None:
            session._set_aside(entry.id, done.bad_seq, done.problem or "")
        if done.flow.is_over():  # the crash came between the last input and the end
            session.end_game()
        log.info(
            "resumed game %s (%s, %d events from the journal)", entry.id, entry.game, done.used
        )
        return session

    def _set_aside(self, game_id: int, seq: int, problem: str) -> None:
        try:
            self.journal.set_aside(game_id, seq, f"the game cannot take it: {problem}")
        except JournalError as exc:  # not written: nothing may be appended after the hole
            self.memory_only = True
            log.error("%s; the game goes on in memory only", exc)

    def _close_unreadable(self, entry: GameEntry, problem: str) -> None:
        """A game in play that cannot be rebuilt (its game or options damaged) is closed,
        kept in the history, and not tried again at every start."""
        log.error(
            "journal %s: game %s (%s) cannot be resumed (%s); it is closed",
            self.journal.path,
            entry.id,
            entry.game,
            problem,
        )
        self.closed_unreadable = True
        if self.memory_only:
            return
        try:
            self.journal.end_game(entry.id, GameResult("unreadable"), ended=self.clock())
        except JournalError as exc:
            self.memory_only = True
            log.error("%s; the games are kept in memory only", exc)

    def start_game(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: GameOptions | None = None,
    ) -> list[Notice]:
        """End any game in play (kept in the history) and start a new one with
        ``options`` checked where they entered (None: the game's defaults).

        A new game tries the journal again: after a full disk was freed it is saved.
        """
        chosen = options if options is not None else {}
        flow = self.factory(game, players, variants, options=chosen)  # validates first
        notices = self.end_game(reason="replaced") if self.flow is not None else []
        self.flow = flow
        self.options = options if options is not None else GameOptions.of(game)
        self.game_id = None
        self._lying = Lying()
        try:
            self.game_id = self.journal.start_game(
                game, players, variants, started=self.clock(), options=options
            )
        except JournalError as exc:
            log.error("%s; the game goes on in memory only", exc)
        self.memory_only = self.game_id is None or self.journal.fault is not None
        if self.memory_only:
            notices.append(self._not_saved())
        return notices

    def end_game(self, *, reason: str = "over") -> list[Notice]:
        """Close the game in play in the journal with its scores (also for an abandoned one).

        A game the table ended (any ``reason`` but ``over``, which the flow announced
        itself, and ``replaced``) says its final scores: a GAME_OVER whose winners are
        the result's ``winners`` (:func:`~companion.games.report.ended_winners`), so the
        screen and the history tell the same.
        """
        if self.flow is None:
            return []
        report = self.flow.report()
        ended = ended_notice(report)
        won = ended.detail.winners if isinstance(ended.detail, Scores) else ()
        winners = list(won) if ended.seat is None else [ended.seat]
        result = GameResult(reason, self.flow.record(), report, tuple(winners))
        notices: list[Notice] = [] if reason in ("over", "replaced") else [ended]
        if self.game_id is not None and not self.memory_only:
            try:
                self.journal.end_game(self.game_id, result, ended=self.clock())
            except JournalError as exc:
                notices.append(self._lost_durability(exc))
        self.flow = None
        self.game_id = None
        self.options = None
        return notices

    def rename(self, players: Sequence[str]) -> None:
        """New names for the players of the game in play (the cafe's staff, issue 14):
        written to its journal row, and the flow told them (:meth:`GameFlow.rename`:
        nothing is replayed). A game kept in memory only changes its names on the
        screen alone."""
        if self.flow is None or self.game_id is None or self.memory_only:
            return
        try:
            self.journal.set_players(self.game_id, players)
        except JournalError as exc:
            self._lost_durability(exc)
            return
        if self.flow.rename(players):
            return
        try:  # a flow that cannot rename itself is rebuilt from its journal
            done = replay(self.journal, self.journal.game(self.game_id), self.factory)
        except JournalError as exc:
            self._lost_durability(exc)
            return
        if done.flow is not None and done.bad_seq is None:
            self.flow = done.flow

    # -- inputs --------------------------------------------------------------------------

    def table(self, event: TableInput) -> list[Notice]:
        """A card placed, removed or sighted (not yet confirmed), or the hex board seen:
        journaled, then handed to the flow."""
        return self._input(event)

    def command(self, command: FlowCommand) -> list[Notice]:
        """A button command (undo included): journaled, then handed to the flow."""
        return self._input(command)

    def lying(self) -> list[TableCard]:
        """The cards of the game in play on the table, by the journal: placed, not removed
        (a restarted daemon's tracker starts from them)."""
        return list(self._lying.cards.values()) if self.flow is not None else []

    def pending(self) -> list[TableCard]:
        """The cards of the game in play sighted in its last moments and not placed since,
        by the journal (a restarted daemon's tracker goes on watching them)."""
        return self._lying.pending() if self.flow is not None else []

    def _input(self, event: FlowInput) -> list[Notice]:
        if self.flow is None:
            return []
        notices: list[Notice] = []
        at = self.clock()
        if self.game_id is not None and not self.memory_only:
            kind, payload = encode(event)
            try:
                self.journal.append(self.game_id, kind, payload, at=at)
            except JournalError as exc:
                notices.append(self._lost_durability(exc))
        notices += self.flow.take(event)
        self._lying.see(event, at)
        if self.flow is not None and self.flow.is_over():
            notices += self.end_game()
        return notices

    def _lost_durability(self, exc: JournalError) -> Notice:
        self.memory_only = True
        log.error("%s; the game goes on in memory only", exc)
        return self._not_saved()

    def _not_saved(self) -> Notice:
        return not_saved(self.journal)

    # -- what the OLED says about the journal ----------------------------------------------

    def journal_faults(self) -> list[tuple[str, Fault]]:
        """``(kind, fault)`` for :meth:`~companion.ui.app.UiApp.hardware_status` at
        start (:func:`companion.session.faults.journal_faults`)."""
        return journal_faults(self.journal, closed_unreadable=self.closed_unreadable)


def open_table(
    path: str | Path, *, clock: Callable[[], float], factory: FlowFactory = default_factory
) -> Session:
    """What ``companion run`` starts with: the journal at ``path`` (set aside and
    salvaged when damaged, in memory when it cannot be opened: this never raises) and
    the game in play resumed from it."""
    return Session.resume(Journal.for_table(path), clock=clock, factory=factory)


def recent_names(journal: Journal, limit: int = RECENT_NAMES) -> list[str]:
    """The players' names of the latest games, newest first, each once: what the start
    menu offers before the letter wheel (names are kept with their games).

    Not names: the fixed sides of a game (hex: Black, White), and a seat left unnamed
    ("Seat 2": a number, which the letter wheel cannot type).
    """
    sided = {spec.name for spec in all_games() if spec.seats}
    names: dict[str, None] = {}
    for entry in reversed(journal.games()):
        if entry.game in sided:
            continue
        for name in entry.players:
            if name and not any(c.isdigit() for c in name):
                names.setdefault(name)
    return list(names)[:limit]
