"""The synthetic tables of ``companion demo --cafe``: the daemon's own loop, with no camera.

Each :class:`DemoTable` is a whole table as the composition root wires one
(:func:`companion.daemon.build.assemble`: the session and its journal, the OLED's
interface, the players' page, the cafe's :class:`~companion.daemon.remote.Remote` over a
:class:`~companion.bus.client.TableBus`); only the camera and the table tracker are
left out. Its :class:`ScriptedTable` gives the table events of a synthetic game
(:func:`companion.synthetic.table_events.scripted_game`: a seeded Fibonachos or Trump
game, a rummy match with the OLED's button presses), each in its frame, and presses
the buttons when their frame comes, as ``companion replay --buttons`` would. At the
hex table, refereed by the camera, it stands in for the board's reader too
(:class:`ScriptedBoard`, handed to the loop as the table's ``board`` device): the
positions of a game the engine plays, each taken in its frame, every piece seen. The
:class:`PacedCamera` gives the frames at the table's pace, game after game, until
the table is stopped. The table's clock is its frames' (as a replay's), which the
camera keeps with the wall clock.

    >>> buttons = FakeButtons()
    >>> reader = ScriptedTable(buttons)
    >>> reader.load(scripted_game("fibonachos", ("Ana", "Ben", "Cy"), seed=1))
    >>> [type(e).__name__ for _ in range(5) for e in reader.feed(blank_frame())]
    ['CardPlaced']
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.daemon.board import Board
from companion.daemon.build import Devices, assemble
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.parts import Part, TableFacade
from companion.daemon.phone import Phone
from companion.daemon.remote import Remote
from companion.games.hex import Position
from companion.games.json_types import JSON
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.table_events import ScriptedGame, scripted_game
from companion.table.cards import TableCard
from companion.table.hex_events import BoardSeen
from companion.table.layout import Layout
from companion.table.reader import ReaderStats
from companion.table.tracker import TableEvent
from hardware.buttons import Button
from hardware.buttons_fake import FakeButtons
from hardware.camera import CameraBase, Frame
from hardware.display_fake import FakeDisplay

if TYPE_CHECKING:
    import numpy.typing as npt

    from companion.table.hex_board import BoardReading
    from companion.table.hex_cover import Look
    from companion.table.hex_reader import MissingPiece
    from companion.table.hex_stall import Stall

log = logging.getLogger(__name__)

#: Frames of the synthetic tables (nothing is decoded: the script says what lies).
FRAME_SIZE = (64, 48)
#: Frames between two games: the last result stays on the dashboard a moment.
BETWEEN_GAMES = 40


def blank_frame(index: int = 0, timestamp: float = 0.0) -> Frame:
    """A black frame (the script, not the picture, says what is on the table)."""
    return Frame(np.zeros((FRAME_SIZE[1], FRAME_SIZE[0], 3), np.uint8), timestamp, index)


class PacedCamera(CameraBase):
    """``fps`` frames a second of wall time, their timestamps the table's time from when
    it opened (frames late on a busy machine come at once, until the table caught up);
    a stop set makes every read return at once."""

    kind = "paced"

    def __init__(self, fps: float, stop: threading.Event) -> None:
        super().__init__(FRAME_SIZE)
        self.fps = fps
        self.stop = stop
        self.start = time.time()
        self._index = 0

    def _read(self, timeout: float) -> Frame:
        self._index += 1
        at = self._index / self.fps
        self.stop.wait(max(0.0, self.start + at - time.time()))  # the stop wakes it at once
        return blank_frame(self._index, self.start + at)


class LastScreen(FakeDisplay):
    """A panel nobody looks at that keeps only its last screen (a demo runs for hours)."""

    def _show(self, image: Image.Image) -> None:
        self.images[:] = [image.copy()]


class ScriptedBoard:
    """The hex board's reader at a synthetic table (what the loop's
    :class:`~companion.daemon.board_camera.BoardCamera` uses of one): the positions its
    table's script has made due, one a frame, the game's first marked ``first`` as a
    camera marks it; never a piece hidden, in glare, missing or seen twice, a blur, no
    board or a board that never settles."""

    def __init__(self, due: deque[Position]) -> None:
        self.due = due
        self.reading: BoardReading | None = None  # no picture read: no camera check
        self.missing: tuple[MissingPiece, ...] = ()
        self.hidden: Mapping[int, Look] = {}
        self.glared: Mapping[int, Look] = {}
        self.glared_start: Mapping[int, str] = {}
        self.twice: Mapping[int, tuple[str, ...]] = {}
        self.blurred_since: float | None = None
        self.lost_since: float | None = None
        self.unsettled_since: float | None = None  # settled whenever a position is due
        self.stall: Stall | None = None
        self._first = True

    def feed(self, image: npt.NDArray[np.uint8], at: float) -> BoardSeen | None:
        """The next position due, taken at ``at``; the picture is not looked at."""
        if not self.due:
            return None
        first, self._first = self._first, False
        return BoardSeen(self.due.popleft(), at, first)


class ScriptedTable:
    """A synthetic game's table events, each in its frame, and its presses on ``buttons``
    (the reader the loop is given: the frames it is fed are counted from :meth:`load`);
    a hex game's positions become due in their frames, for :meth:`board`'s reader."""

    def __init__(self, buttons: FakeButtons) -> None:
        self.stats = ReaderStats()
        self.buttons = buttons
        self._frame = 0
        self._events: list[tuple[int, TableEvent]] = []
        self._presses: list[tuple[int, str]] = []
        self._board: list[tuple[int, Position]] = []
        self._due: deque[Position] = deque()

    def load(self, game: ScriptedGame) -> None:
        """The next game: its first frame is the next one fed."""
        self._frame = 0
        self._events = list(reversed(game.events))
        self._presses = list(reversed(game.presses))
        self._board = list(reversed(game.board))
        self._due.clear()

    @property
    def left(self) -> int:
        """Events, presses and board positions still to come."""
        return len(self._events) + len(self._presses) + len(self._board) + len(self._due)

    def board(self, start: Position | None) -> ScriptedBoard:
        """The board's reader of a game the camera referees (the loop's ``board``
        device): the positions the script makes due, from the game's start."""
        return ScriptedBoard(self._due)

    def feed(self, frame: Frame) -> list[TableEvent]:
        """This frame's events; its presses are queued, for the loop to take after them,
        and its board positions made due."""
        self.stats.frames += 1
        events = []
        while self._events and self._events[-1][0] <= self._frame:
            events.append(self._events.pop()[1])
        while self._presses and self._presses[-1][0] <= self._frame:
            self.buttons.press(Button.parse(self._presses.pop()[1]))
        while self._board and self._board[-1][0] <= self._frame:
            self._due.append(self._board.pop()[1])
        self._frame += 1
        self.stats.events += len(events)
        return events

    def take_sightings(self) -> list[TableCard]:
        return []

    def assume(self, cards: Iterable[TableCard], now: float) -> None:
        """A resumed game's cards (never: each demo starts with a new journal)."""

    def use_layout(self, layout: Layout) -> None:
        """The script puts cards in their zones itself."""

    def expect(self, cards: Iterable[TableCard], now: float) -> None:
        """Nothing to expect: the script never misses a card."""


@dataclass(frozen=True)
class TablePlan:
    """What a demo table plays: its name, the game, the players' names, its pace (frames
    a second: :mod:`companion.synthetic.table_events` lays a card in 7 to 10, and
    :mod:`companion.synthetic.hex_play` moves a hex piece in 6), the first game's seed
    and the options its games start with (the hex game's mode)."""

    name: str
    game: str
    players: tuple[str, ...]
    fps: float
    seed: int
    options: Mapping[str, JSON] = field(default_factory=dict)


class SyntheticTable:
    """A synthetic table's loop: the daemon's own (:func:`assemble`) fed by a
    :class:`ScriptedTable` at ``fps`` frames a second (a ``stop`` set: each frame at
    once, still timed at that pace), with its players' page's view (the page served at
    ``web_base``) and the ``more`` parts :class:`DemoTable` adds (the cafe's bus)."""

    def __init__(
        self,
        name: str,
        journal_path: Path,
        fps: float,
        stop: threading.Event,
        web_base: str,
        *,
        more: Callable[[TableFacade, Phone], list[Part]] = lambda table, phone: [],
    ) -> None:
        self.journal_path = journal_path
        self.clock = TableClock()
        self.buttons = FakeButtons(self.clock)
        self.reader = ScriptedTable(self.buttons)
        paced = PacedCamera(fps, stop)
        self.clock.now = paced.start
        self.camera = ClockedCamera(paced, self.clock)
        devices = Devices(
            camera=lambda: self.camera,
            display=LastScreen,
            buttons=lambda: self.buttons,
            board=self.reader.board,
        )
        self.session = Session(Journal.open(journal_path), clock=self.clock)
        self.board = Board(name, str(journal_path))
        self.phone: Phone | None = None  # the loop's part, once assembled

        def parts(table: TableFacade) -> list[Part]:
            # the cafe's server serves the page: the OLED's code and the table's log
            # lines give its whole address, one a phone and the staff can open
            phone = Phone(table, self.board)
            phone.base = web_base
            self.phone = phone
            return [phone, *more(table, phone)]

        self.daemon = assemble(self.session, self.reader, devices, clock=self.clock, parts=parts)


class DemoTable(SyntheticTable):
    """One table on the cafe's bus, playing game after game in a thread of its own."""

    def __init__(
        self,
        plan: TablePlan,
        folder: Path,
        cafe: str,
        broker_port: int,
        web_base: str,
        *,
        key: bytes | None = None,
    ) -> None:
        """``key``: the cafe's staff key, which checks the server's signed commands (the
        staff's message and reset, the names typed on a phone); without it the table
        refuses them all."""
        self.plan = plan
        self.stop = threading.Event()
        journal_path = folder / f"{plan.name}.db"
        settings = BusSettings(
            "127.0.0.1", broker_port, Topics(cafe, plan.name), f"table-{plan.name}"
        )
        self.bus = TableBus(settings, journal_path, key=key)
        super().__init__(
            plan.name,
            journal_path,
            plan.fps,
            self.stop,
            web_base,
            more=lambda table, phone: [Remote(table, self.bus, phone)],
        )
        self._games = 0
        self._wait = 0
        self._thread = threading.Thread(target=self._run, name=f"table-{plan.name}", daemon=True)

    def start(self) -> None:
        self._next_game()
        self._thread.start()

    def phone_link(self) -> str | None:
        """The players' page of the game in play, served by the cafe's server: the
        address the table's OLED shows in its code."""
        game, _, _ = self.board.current()
        if game is None or self.phone is None:
            return None
        return self.phone.link()

    def _next_game(self) -> None:
        plan = self.plan
        seed = plan.seed + self._games
        game = scripted_game(plan.game, plan.players, seed=seed, fps=plan.fps, phone=True)
        self.reader.load(game)
        self._games += 1
        self.daemon.start_game(plan.game, plan.players, [], {**plan.options, **game.options})
        log.info("demo table %s: game %d of %s started", plan.name, self._games, plan.game)

    def _run(self) -> None:
        """The daemon's loop (as :meth:`Daemon.run`, but the bus only: four tables in
        one process would each send the others' log lines as their own)."""
        daemon = self.daemon
        daemon.start()
        self.bus.start()
        try:
            while not self._should_stop():
                daemon.step()
        except Exception:  # one table's fault must not hang the others' stop
            log.exception("demo table %s stopped", self.plan.name)
        finally:
            daemon.farewell()
            daemon.links.close()
            self.bus.close()

    def _should_stop(self) -> bool:
        """Asked at every turn of the loop; starts the next game a moment after one ended."""
        if self.stop.is_set():
            return True
        flow = self.daemon.session.flow
        if (flow is None or flow.is_over()) and self.reader.left == 0:
            self._wait += 1
            if self._wait >= BETWEEN_GAMES:
                self._wait = 0
                self._next_game()
        return False

    def close(self) -> None:
        """Stop the loop (its last screen, the bus's goodbye) and close the journal."""
        self.stop.set()
        if self._thread.ident is not None:  # started
            self._thread.join(timeout=30)
        self.daemon.session.journal.close()
