"""The glue between the interface, the session and the table: one place that does it.

:class:`TableRunner` carries out the commands of :class:`~companion.ui.app.UiApp`
on a :class:`~companion.session.Session` and feeds the interface what follows (the
notices, the flow's new status, the end of a game). The daemon and ``companion
ui-demo`` both drive the table through it, so the demo shows what the daemon does.

    runner = TableRunner(UiApp(), Session(journal, clock=clock))
    runner.press(event)                       # a button
    runner.table(CardPlaced(card), now)       # a card the tracker saw
    runner.tick(now); image = render(runner.app.screen(now), size)
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.errors import CompanionError
from companion.flows import commands
from companion.flows.base import Notice, NoticeKind, TableInput
from companion.games.errors import GameError
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardSighted
from companion.ui.app import UiApp
from companion.ui.commands import (
    EndGame,
    Flow,
    Resume,
    SayAgain,
    SetUpTable,
    StaffAction,
    StartGame,
    UiCommand,
    Undo,
    UseNames,
)
from companion.ui.keys import ButtonLike

log = logging.getLogger(__name__)
#: Notices written to the log as well as shown: what the rules refused or flagged.
_LOGGED = frozenset({NoticeKind.REFUSED, NoticeKind.FLAG})


class TableRunner:
    """Owns nothing but the wiring: the app and the session are handed in."""

    def __init__(self, app: UiApp, session: Session) -> None:
        self.app = app
        self.session = session
        #: Staff actions the runner cannot carry out itself (restart, shutdown).
        self.staff_requests: list[str] = []
        #: "Set up the table" asked for (its players), for the daemon's next frame.
        self.table_setups: list[int] = []
        #: Called with every input's notices (the speech part; ``companion replay``).
        self.listeners: list[Callable[[list[Notice], float], None]] = []
        #: Called when the players ask to hear the last announcement again (long UP).
        self.again: list[Callable[[float], None]] = []

    def press(self, event: ButtonLike) -> list[UiCommand]:
        commands = self.app.button(event)
        for command in commands:
            self.carry_out(command, event.time)
        return commands

    def table(self, event: TableInput, now: float) -> None:
        """A card placed or removed (or sighted) on the table, as the tracker says, or
        the hex board as the camera saw it."""
        self._after(self.session.table(event), now)

    def sighted(self, card: TableCard, now: float) -> None:
        """A card seen, not yet confirmed: journaled as a sighting (issue 10 item 4)."""
        if self.session.flow is not None:
            self._after(self.session.table(CardSighted(card, now)), now)

    def tick(self, now: float) -> None:
        for command in self.app.tick(now):
            self.carry_out(command, now)

    def open_start(self, now: float) -> None:
        """The start menu (a game in play can be resumed from there)."""
        self.app.now = now
        self.app.page = self.app.to_start().page or self.app.page

    def reset(self, now: float) -> None:
        """End the game in play (reason ``staff``, kept in the history) and show the
        attract screen: the staff card's reset, and the cafe's ``reset`` command."""
        go = self.app.staff_action(StaffAction("end-game"))
        if go.page is not None:
            self.app.page = go.page
        for command in go.commands:
            self.carry_out(command, now)

    def carry_out(self, command: UiCommand, now: float) -> None:
        """One command of the interface, on the session."""
        session = self.session
        match command:
            case StartGame():
                try:
                    notices = session.start_game(
                        command.game, command.players, command.variants, command.options
                    )
                except (GameError, CompanionError) as exc:
                    log.warning("cannot start %s: %s", command.game, exc)
                    self.app.start_failed(command.game, now)
                    return
                self._after(notices, now)
            case Flow(command=flow_command):
                self._after(session.command(flow_command), now)
            case Undo():
                self._after(session.command(commands.Undo()), now)
            case EndGame(reason=reason):  # the final scores follow (R9: rummy's end)
                self._after(session.end_game(reason=reason), now)
            case StaffAction(name="end-game"):
                self._after(session.end_game(reason="staff"), now)
            case StaffAction(name=name):
                self.staff_requests.append(name)
            case SayAgain():
                for again in self.again:
                    again(now)
            case SetUpTable(players=players):
                self.table_setups.append(players)
            case Resume():
                self.app.flow_status(session.flow.status() if session.flow is not None else None)
            case UseNames(names=names):  # a phone's names, confirmed at the table
                log.info("phone: players named %s (confirmed at the table)", ", ".join(names))
                session.rename(names)
                if session.flow is not None:
                    self.app.flow_status(session.flow.status())

    def _after(self, notices: list[Notice], now: float) -> None:
        for notice in notices:
            if notice.kind in _LOGGED:  # the OLED shows it; the log keeps it (issue 11)
                rule = f" ({notice.rule})" if notice.rule else ""
                log.warning("%s: %s%s", notice.kind.value, notice.message, rule)
        for listener in self.listeners if notices else ():
            listener(notices, now)
        self.app.notices(notices, now)
        flow = self.session.flow
        if flow is not None:
            self.app.flow_status(flow.status())
        elif self.app.game is not None:
            self.app.game_over()
