"""The synthetic tables of ``companion demo --cafe``: the daemon's own loop, with no camera.

Each :class:`DemoTable` is a whole table as the composition root wires one
(:func:`companion.daemon.build.assemble`: the session and its journal, the OLED's
interface, the players' page, the cafe's :class:`~companion.daemon.remote.Remote` over a
:class:`~companion.bus.client.TableBus`); only the camera and the table tracker are
left out. Its :class:`ScriptedTable` gives the table changes of a seeded random game
(the ui-demo's script: each trick's spicy card, its plays, the trick cleared), one
each time the :class:`PacedCamera` lets a frame through, so a table plays at about the
pace of real players, game after game, until it is stopped.

    >>> reader = ScriptedTable()
    >>> reader.load("fibonachos", 3, seed=1)
    >>> [type(e).__name__ for e in reader.feed(blank_frame())]
    ['CardPlaced']
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.cli.ui_demo_table import table_script
from companion.daemon.board import Board
from companion.daemon.build import Devices, assemble
from companion.daemon.parts import Part, TableFacade
from companion.daemon.phone import Phone
from companion.daemon.remote import Remote
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.layout import Layout
from companion.table.reader import ReaderStats
from companion.table.tracker import CardPlaced, CardRemoved, TableEvent
from hardware.buttons import open_buttons
from hardware.camera import CameraBase, Frame
from hardware.display_fake import FakeDisplay

log = logging.getLogger(__name__)

#: Frames of the synthetic tables (nothing is decoded: the script says what lies).
FRAME_SIZE = (64, 48)
#: Frames between two games: the last result stays on the dashboard a moment.
BETWEEN_GAMES = 8


def blank_frame(index: int = 0) -> Frame:
    """A black frame (the script, not the picture, says what is on the table)."""
    return Frame(np.zeros((FRAME_SIZE[1], FRAME_SIZE[0], 3), np.uint8), float(index), index)


class PacedCamera(CameraBase):
    """A frame every ``seconds`` of wall time; a stop set makes every read return at once."""

    kind = "paced"

    def __init__(self, seconds: float, stop: threading.Event) -> None:
        super().__init__(FRAME_SIZE)
        self.seconds = seconds
        self.stop = stop
        self._index = 0

    def _read(self, timeout: float) -> Frame:
        self.stop.wait(self.seconds)  # the players' pace; the stop wakes it at once
        self._index += 1
        return blank_frame(self._index)


class LastScreen(FakeDisplay):
    """A panel nobody looks at that keeps only its last screen (a demo runs for hours)."""

    def _show(self, image: Image.Image) -> None:
        self.images[:] = [image.copy()]


class ScriptedTable:
    """The table changes of one game, one per frame read (the reader the loop is given)."""

    def __init__(self) -> None:
        self.stats = ReaderStats()
        self._steps: list[TableEvent] = []

    def load(self, game: str, players: int, *, seed: int) -> None:
        """The next game's changes: a seeded random game of ``game``."""
        steps = table_script(game, players, (), seed=seed)
        self._steps = [
            CardPlaced(s.card) if s.event == "placed" else CardRemoved(s.card)
            for s in steps
            if s.card is not None
        ]

    @property
    def left(self) -> int:
        return len(self._steps)

    def feed(self, frame: Frame) -> list[TableEvent]:
        self.stats.frames += 1
        if not self._steps:
            return []
        self.stats.events += 1
        return [self._steps.pop(0)]

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
    """What a demo table plays: its name, the game, the players' names, its pace."""

    name: str
    players: tuple[str, ...]
    seconds: float
    seed: int
    game: str = FIBONACHOS.name


class DemoTable:
    """One table on the cafe's bus, playing game after game in a thread of its own."""

    def __init__(
        self, plan: TablePlan, folder: Path, cafe: str, broker_port: int, web_base: str
    ) -> None:
        self.plan = plan
        self.stop = threading.Event()
        self.journal_path = folder / f"{plan.name}.db"
        self.reader = ScriptedTable()
        self.camera = PacedCamera(plan.seconds, self.stop)
        devices = Devices(
            camera=lambda: self.camera,
            display=LastScreen,
            buttons=lambda: open_buttons("fake"),
        )
        session = Session(Journal.open(self.journal_path), clock=time.time)
        settings = BusSettings(
            "127.0.0.1", broker_port, Topics(cafe, plan.name), f"table-{plan.name}"
        )
        self.board = Board(plan.name, str(self.journal_path))
        self.bus = TableBus(settings, self.journal_path, key=None)

        def parts(table: TableFacade) -> list[Part]:
            phone = Phone(table, self.board)
            return [phone, Remote(table, self.bus, phone)]

        self.daemon = assemble(session, self.reader, devices, clock=session.clock, parts=parts)
        self.web_base = web_base
        self._games = 0
        self._wait = 0
        self._thread = threading.Thread(target=self._run, name=f"table-{plan.name}", daemon=True)

    def start(self) -> None:
        self._next_game()
        self._thread.start()

    def phone_link(self) -> str | None:
        """The players' page of the game in play, served by the cafe's server."""
        game, token, _ = self.board.current()
        if game is None or not token:
            return None
        return f"{self.web_base}/t/{self.plan.name}?k={token}"

    def _next_game(self) -> None:
        plan = self.plan
        self.reader.load(plan.game, len(plan.players), seed=plan.seed + self._games)
        self._games += 1
        self.daemon.start_game(plan.game, plan.players, [], {})
        log.info("demo table %s: game %d of %s started", plan.name, self._games, plan.game)

    def _run(self) -> None:
        """The daemon's loop (as :meth:`Daemon.run`, but the bus only: three tables in
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
