"""The daemon's main loop: camera to table events to the session, buttons to the UI, UI to the OLED.

One thread, one loop; each turn of it:

1. reads a frame (waiting at most ``frame_timeout``; a camera that is out returns
   nothing and is retried with backoff by its link),
2. turns it into table events (the reader) and hands them on: game cards to the
   session through the :class:`~companion.daemon.runner.TableRunner`, control and staff
   cards to :class:`~companion.daemon.controls.Controls`; game cards seen for the
   first time go to the session too, as sightings (journaled, issue 10); while the
   camera referees a hex game, the board's positions too
   (:class:`~companion.daemon.board_camera.BoardCamera`, issue 24),
3. takes every button press waiting,
4. lets time pass in the UI (timed screens, the kiosk's idle reset),
5. gives each of its parts its turn (:mod:`companion.daemon.parts`: the players' page,
   the cafe's bus with its staff commands in and the state out; none waits),
6. draws the screen and shows it when it changed,
7. pets the systemd watchdog and updates the STATUS line.

Hardware faults never reach the session: a link reports its device's state, the UI
shows it, and the game goes on as soon as the device is back. A restarted daemon's
reader starts from what the journal says lies on the table (``Session.lying``): a
card taken away while the daemon was down is removed as soon as its place is seen
empty, so the game notices a trick cleared in the dark.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.daemon.board_camera import BoardCamera, OpenBoard, board_reader
from companion.daemon.controls import Controls
from companion.daemon.links import ButtonsLink, CameraLink, DisplayLink, DisplayWorker
from companion.daemon.notify import Notifier
from companion.daemon.out_of_order import out_of_order_view
from companion.daemon.parts import Finishing, Part, TableFacade
from companion.daemon.runner import TableRunner
from companion.daemon.table_layout import LayoutKeeper
from companion.flows.registry import check_options
from companion.games.game_options import GameOptions
from companion.games.json_types import JSON
from companion.session import Session
from companion.table.cards import StrayCard, TableCard
from companion.table.layout import Layout
from companion.table.markers import SeatProblem, SeatReading
from companion.table.reader import ReaderStats
from companion.table.tracker import (
    CardPlaced,
    CardsGathered,
    DuplicateCard,
    TableEvent,
)
from companion.ui.app import UiApp
from companion.ui.screens import View, render
from companion.views import waiting_line
from companion.views.faults import Fault, FaultKind, farewell_view
from hardware.buttons import ButtonEvent
from hardware.camera import EndOfStream, Frame
from hardware.errors import BackendUnavailableError, ConfigurationError

log = logging.getLogger(__name__)

#: Player names when a game is started without the menus.
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
#: How often the log gets a line of what the reader did (codes read, foreign codes).
STATS_SECONDS = 60.0
#: The camera fault the OLED shows while the camera link is down (it retries by itself).
CAMERA_LOST = Fault(FaultKind.CAMERA_LOST)
DISPLAY_LOST = Fault(FaultKind.DISPLAY)


class Reader(Protocol):
    """What the loop needs of :class:`~companion.table.reader.TableReader`."""

    stats: ReaderStats

    def feed(self, frame: Frame) -> list[TableEvent]: ...

    def take_sightings(self) -> list[TableCard]: ...

    def assume(self, cards: Iterable[TableCard], now: float) -> None: ...

    def use_layout(self, layout: Layout) -> None: ...
    def expect(self, cards: Iterable[TableCard], now: float) -> None: ...


@dataclass
class Links:
    camera: CameraLink
    display: DisplayLink | DisplayWorker
    buttons: ButtonsLink

    def close(self) -> None:
        for link in (self.camera, self.display, self.buttons):
            try:
                link.close()
            except OSError as exc:  # closing a broken device is not worth a crash
                log.warning("%s: close failed: %s", link.name, exc)


class Daemon:
    """Owns the loop; everything it drives is handed in (see ``companion.daemon.build``)."""

    def __init__(
        self,
        *,
        session: Session,
        app: UiApp,
        reader: Reader,
        links: Links,
        clock: Callable[[], float],
        notifier: Notifier | None = None,
        size: tuple[int, int] = (128, 64),
        frame_timeout: float = 0.2,
        on_event: Callable[[TableEvent], None] | None = None,
        large_type: bool = False,
        parts: Callable[[TableFacade], Sequence[Part]] | None = None,
        table_of_copy: Callable[[int], str] = str,
        layouts: LayoutKeeper | None = None,
        board: OpenBoard = board_reader,
    ) -> None:
        """``parts``: the parts of the loop, made from the table's facade (none: the
        loop alone); ``table_of_copy``: the table a deck copy belongs to (issue 14);
        ``layouts``: the layout of the game in play and the OLED's table set-up
        (issue 26; None: the reader keeps the layout it was built with); ``board``:
        how a hex game's board is read from the frames (issue 24)."""
        self.session = session
        self.app = app
        app.panel = size  # a long message's pages are the panel's (issue 26)
        self.runner = TableRunner(app, session)
        self.reader = reader
        self.links = links
        self.clock = clock
        self.notifier = notifier or Notifier({})
        self.size = size
        #: The in-game screens in large type (``[ui] large_type``).
        self.large_type = large_type
        self.frame_timeout = frame_timeout
        #: Sees every table event the reader reports (``companion replay`` lists them).
        self.on_event = on_event
        #: The hex board read while the camera referees the game (issue 24).
        self.board = BoardCamera(self.runner, board)
        self.ended = False  # a replay source has no more frames
        self.broken = False  # stopped by a fault no restart mends (companion.daemon.out_of_order)
        self._display_outages = 0
        self._shown: View | None = None
        self._status = ""
        self._next_watchdog = float("-inf")
        self._next_stats = clock() + STATS_SECONDS
        self._foreign_logged = 0
        self.table_of_copy = table_of_copy
        self.layouts = layouts
        #: What the parts see of the table (:mod:`companion.daemon.parts`).
        self.facade = TableFacade(app, session, self.runner, self._devices)
        self.parts: list[Part] = list(parts(self.facade)) if parts is not None else []
        #: The control and staff cards, carried out through the facade.
        self.controls = Controls(self.facade)
        #: Called with every press of the buttons, and the kind of the fault screen it
        #: only hides (None: the interface takes it): a recording keeps them.
        self.pressed: list[Callable[[ButtonEvent, str | None], None]] = []

    def _devices(self) -> dict[str, bool]:
        links = self.links
        return {
            "camera": links.camera.status.ok,
            "display": links.display.status.ok,
            "buttons": links.buttons.status.ok,
        }

    # -- start --------------------------------------------------------------------------

    def start(self) -> None:
        """Show the game in progress from the journal (if any), then say READY."""
        flow, game_id = self.session.flow, self.session.game_id
        if flow is not None:
            entry = self.session.journal.game(game_id) if game_id is not None else None
            players = entry.players if entry is not None else ()
            self.app.game_started(flow.game, players, self.session.options)
            self.app.flow_status(flow.status())
            log.info("a game of %s is in play", flow.game)
            self.fit_layout()
            self.reader.assume(self.session.lying(), self.clock())
            self.reader.expect(self.session.pending(), self.clock())
        for kind, line in self.session.journal_faults():  # a damaged journal, a full disk
            self.app.hardware_status(kind, line, self.clock())
        self.draw()
        self.notifier.ready(self.status_line())

    def start_game(
        self,
        game: str,
        players: int | Sequence[str],
        variants: list[str],
        options: GameOptions | Mapping[str, JSON] | None = None,
    ) -> None:
        """Start a game without the menus (``companion run --game``, the demo): its
        players' names, or how many (named from :data:`DEFAULT_NAMES`), and its options,
        checked where they entered or, given as JSON, here.

        A game the rules cannot start (an unknown game, a wrong option) raises the
        games' error: on the command line that is bad input, not a screen.
        """
        names = tuple(DEFAULT_NAMES[:players]) if isinstance(players, int) else tuple(players)
        if not isinstance(options, GameOptions):
            options = check_options(game, options or {}, len(names))
        notices = self.session.start_game(game, names, tuple(variants), options)
        self.app.game_started(game, names, options)
        self.app.notices(notices, self.clock())
        if self.session.flow is not None:
            self.app.flow_status(self.session.flow.status())

    # -- one turn of the loop -------------------------------------------------------------

    def step(self) -> None:
        """One turn: a frame, the buttons, time, the screen, the watchdog."""
        try:
            frame = self.links.camera.read(self.frame_timeout)
        except EndOfStream:
            self.ended = True
            frame = None
        now = self.clock()
        status = self.links.camera.status
        self.app.hardware_status("camera", None if status.ok else CAMERA_LOST, now)
        self._display_lost(now)
        if frame is not None and self.runner.table_setups:
            self.set_up_table(frame, self.runner.table_setups.pop())
        events = self.reader.feed(frame) if frame is not None else []
        for event in events:
            if self.on_event is not None:
                self.on_event(event)
            self.table_event(event, now)
        if frame is not None:
            for card in self.reader.take_sightings():
                if card.deck != "control":
                    self.runner.sighted(card, now)
        changed = bool(events)
        if frame is not None:
            changed = self.board.frame(frame, now) or changed
        # Wait for buttons only when no frame came (a lost camera must not spin the CPU).
        wait = 0.0 if frame is not None or self.ended else self.frame_timeout
        press = self.links.buttons.poll(wait)
        while press is not None:
            hides = self.app.statuses.showing(press.time)
            for heard in self.pressed:
                heard(press, hides)
            self.runner.press(press)
            press, changed = self.links.buttons.poll(0.0), True
        self.runner.tick(now)
        self.fit_layout()
        for part in self.parts:
            part.turn(now, changed)
        self.draw()
        self._heartbeat(now)

    def _display_lost(self, now: float) -> None:
        """A screen that stops answering: the fault is said (the voice says it at once)
        and shown once the screen is back, until a key hides it, so the players learn
        why it went blank and to check its cable; each outage anew."""
        outages = self.links.display.outages
        if outages > self._display_outages:
            self.app.hardware_status("display", None, now)  # hidden by a key before
            self.app.hardware_status("display", DISPLAY_LOST, now)
        self._display_outages = outages

    def fit_layout(self) -> None:
        """The reader takes the layout of the game in play (a new game: its own)."""
        if self.layouts is not None:
            flow = self.session.flow
            game = flow.game if flow is not None else None
            self.layouts.fit(self.reader, game, len(self.app.players))

    def set_up_table(self, frame: Frame, players: int) -> None:
        """ "Set up the table": this frame's SEAT cards make the rummy layout (issue 26)."""
        self.runner.table_setups.clear()  # presses since the first ask read this frame too
        if self.layouts is None:
            log.warning("table set-up asked, but this daemon keeps no layouts")
            self.app.table_set_up(SeatReading(None, SeatProblem.NONE), saved=False)
            return
        done = self.layouts.set_up(frame.image, players)
        self.app.table_set_up(done.reading, done.saved)
        self.fit_layout()

    def table_event(self, event: TableEvent, now: float) -> None:
        if isinstance(event, DuplicateCard):
            log.warning("card %s seen in %d places at once", event.key, len(event.positions))
            deck, _copy, notation = event.key.split("/", 2)
            fault = Fault(FaultKind.DUPLICATE_CARD, card=notation, deck=deck)
            self.app.hardware_status("card", fault, now)
            return
        if isinstance(event, StrayCard):
            table = self.table_of_copy(event.copy)
            log.warning("card %s refused: it is from table %s's deck", event.card.key, table)
            self.app.hardware_status("card", Fault(FaultKind.STRAY_CARD, table=table), now)
            return
        if isinstance(event, CardsGathered):  # its cards' removals come first, one by one
            notations = " ".join(card.notation for card in event.cards)
            log.info("cards %s gathered up together from %s", notations, event.zone)
            return
        card = event.card
        if card.deck == "control":
            if isinstance(event, CardPlaced):
                self.controls.placed(card, now)
            return
        log.info("card %s %s in %s", card.notation, event.event, card.zone)
        self.runner.table(event, now)

    def draw(self) -> None:
        """Show the screen when its view changed, or again while the panel is out (a
        recovered panel gets the current screen without waiting for a change). Views
        are compared before drawing: a frame that changes nothing on screen costs no
        rendering."""
        view = self.app.screen(self.clock())
        display = self.links.display.device
        healthy = display is None or display.healthy
        if view == self._shown and healthy:
            return
        if self.links.display.show(render(view, self.size, large=self.large_type)):
            self._shown = view

    # -- status, watchdog, log --------------------------------------------------------------

    def status_line(self) -> str:
        flow = self.session.flow
        waiting = "" if flow is None else waiting_line(flow.status(), self.app.players)
        parts = [f"playing {flow.game}: {waiting}" if flow is not None else "idle"]
        for link in (self.links.camera, self.links.display, self.links.buttons):
            if not link.status.ok:
                parts.append(f"{link.name} out")
        if self.session.memory_only:
            parts.append("journal not written (disk full?)")
        return "; ".join(part for part in parts if part)

    def _heartbeat(self, now: float) -> None:
        interval = self.notifier.watchdog_interval
        if interval is not None and now >= self._next_watchdog:
            self.notifier.watchdog()
            self._next_watchdog = now + interval
        # Made only for systemd, when it listens: a replay or the demo has no use for it
        # (it was 9% of a replayed rummy game's time, issue 20).
        if self.notifier.enabled:
            status = self.status_line()
            if status != self._status:
                self._status = status
                self.notifier.status(status)
        if now >= self._next_stats:
            self._next_stats = now + STATS_SECONDS
            self._log_stats()

    def _log_stats(self) -> None:
        stats = self.reader.stats
        foreign = len(stats.foreign)
        if foreign > self._foreign_logged:
            # Counted, never shown: a cafe's menus and phones are not an error storm.
            log.info("ignored %d QR codes that are not our cards so far", foreign)
            self._foreign_logged = foreign
        log.debug("reader: %s", stats.summary())

    # -- the whole run -----------------------------------------------------------------------

    def run(self, should_stop: Callable[[], bool]) -> None:
        """Loop until ``should_stop()`` (a signal) or a replay source's end: the first
        screen, the parts started, the loop, the parts closed (finished first at the end)."""
        self.start()
        self.start_parts()
        try:
            while not should_stop() and not self.ended:
                self.step()
            for part in self.parts:
                if self.ended and isinstance(part, Finishing) and not should_stop():
                    part.finish(should_stop)
        except (ConfigurationError, BackendUnavailableError):  # no retry mends it (links.py)
            self.broken = True
            raise
        finally:
            self.notifier.stopping()
            self.farewell()
            self.links.close()
            self.close_parts()

    def start_parts(self) -> None:
        """The loop's parts begin (after the first screen)."""
        for part in self.parts:
            part.start()

    def close_parts(self) -> None:
        """The loop's parts end, the last started first."""
        for part in reversed(self.parts):
            part.close()

    def farewell(self) -> None:
        """The last screen, kept by the panel while the service is down: the game is saved
        (or not: a full disk) and comes back; out of order when ``broken``."""
        playing, saved = self.session.flow is not None, not self.session.memory_only
        view = out_of_order_view() if self.broken else farewell_view(playing, saved)
        self.links.display.show(render(view, self.size))
        if isinstance(self.links.display, DisplayWorker):
            self.links.display.flush()
