"""Power cuts in a recorded game: the daemon on frames [0, K), a new one on [K, end).

Both daemons are the real one (``companion.daemon.build.assemble``: the reader, the
session with a journal on disk, the interface, replayed buttons); only the camera is
a folder of frames read from a given frame to another, on the recording's timeline
(frame i at i / fps, whichever daemon reads it), and the OLED is a fake. A power cut
loses everything but the journal: the second daemon resumes from it alone.

    table = Recorded(folder, fps=10.0)
    first = table.daemon(journal, 0, K, presses, game=GAME)   # a new game
    first.run()
    second = table.daemon(journal, K, None, presses)          # resumed from the journal
    second.run(); second.record()
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.daemon.build import Devices, assemble
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.runtime import Daemon
from companion.flows.base import Notice, NoticeKind
from companion.flows.registry import check_options
from companion.journal import Journal
from companion.session import Session
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from hardware.buttons import ButtonEvent
from hardware.buttons_replay import ReplayButtons
from hardware.camera import CameraBase, EndOfStream, Frame, check_image
from hardware.display import open_display

#: A game to start: (game, players, variants, options).
Game = tuple[str, Sequence[str], Sequence[str], dict[str, Any]]


class FrameRange(CameraBase):
    """Frames ``start`` .. ``stop - 1`` of a recording (``load(i)``: frame i), frame i
    stamped i / fps."""

    kind = "frames"

    def __init__(
        self, load: Callable[[int], np.ndarray], start: int, stop: int, fps: float
    ) -> None:
        first = load(0)
        super().__init__((int(first.shape[1]), int(first.shape[0])))
        self.load, self.next, self.stop, self.fps = load, start, stop, fps

    def _read(self, timeout: float) -> Frame:
        if self.next >= self.stop:
            raise EndOfStream(f"frames: {self.stop} read")
        index = self.next
        self.next += 1
        return Frame(self.load(index), index / self.fps, index)


@dataclass
class Run:
    """One daemon over a range of frames, with what it refused."""

    daemon: Daemon
    session: Session
    refused: list[str]

    def run(self, after_frame: Callable[[int], None] | None = None) -> None:
        """Read to the range's end; ``after_frame(frames read)`` after each frame."""
        self.daemon.start()
        while not self.daemon.ended:
            self.daemon.step()
            if after_frame is not None:
                after_frame(self.daemon.reader.stats.frames)

    def record(self) -> dict[str, Any]:
        flow = self.session.flow
        assert flow is not None, "the game ended"
        return flow.record()

    def close(self) -> None:
        self.daemon.links.close()
        self.session.journal.close()


class Recorded:
    """A recorded table (a folder of frames) that daemons read parts of."""

    def __init__(self, folder: Path, *, fps: float) -> None:
        self.paths = sorted(folder.glob("frame-*"))
        self.count = len(self.paths)
        self.fps = fps
        #: The last frames read, kept (read-only): daemons stepped side by side
        #: (:func:`side_by_side`) read each file once between them.
        self.load = functools.lru_cache(maxsize=4)(self._load)

    def _load(self, index: int) -> np.ndarray:
        path = str(self.paths[index])
        image = check_image(cv2.imread(path), path)
        image.flags.writeable = False  # shared by the daemons: none may draw on it
        return image

    def camera(self, start: int, stop: int) -> CameraBase:
        """The camera of a daemon reading frames [start, stop)."""
        return FrameRange(self.load, start, stop, self.fps)

    def daemon(
        self,
        journal: Path,
        start: int,
        stop: int | None,
        presses: Sequence[ButtonEvent],
        *,
        game: Game | None = None,
    ) -> Run:
        """A daemon on frames [start, stop) with the presses of that time (``presses``
        are on table time); a new ``game`` is started, else the journal's resumed."""
        stop = self.count if stop is None else stop
        clock = TableClock()
        clock.now = start / self.fps
        if game is not None:
            session = Session(Journal.open(journal), clock=clock)
            name, players, variants, options = game
            checked = check_options(name, options, len(players))
            session.start_game(name, players, variants, checked)
        else:
            session = Session.resume(Journal.open(journal), clock=clock)
        end = stop / self.fps if stop < self.count else float("inf")
        mine = [p for p in presses if start / self.fps <= p.time < end]
        buttons = ReplayButtons(mine, clock=clock, start=0.0)
        camera = ClockedCamera(self.camera(start, stop), clock)
        devices = Devices(
            camera=lambda: camera,
            display=lambda: open_display("fake"),
            buttons=lambda: buttons,
        )
        daemon = assemble(
            session,
            TableReader(default_layout()),
            devices,
            clock=clock,
            camera_retry=False,
            frame_timeout=1.0,
        )
        refused: list[str] = []

        def observe(notices: Sequence[Notice], now: float) -> None:
            refusals = (n for n in notices if n.kind is NoticeKind.REFUSED)
            refused.extend(f"{now:.1f}: {n.message}" for n in refusals)

        daemon.runner.listeners.append(observe)
        return Run(daemon, session, refused)


def side_by_side(runs: Mapping[int, Callable[[], Run]], count: int) -> dict[int, Run]:
    """Daemons that start reading at frame K (``runs[K]()`` makes one), stepped side by
    side to the recording's end (``count`` frames): at each frame every daemon started
    by then reads that frame, so each frame is read from disk and decoded once for all
    of them, not once a daemon (each daemon has its own clock, journal and reader: what
    one reads does not depend on the others)."""
    started: dict[int, Run] = {}
    for frame in range(min(runs), count + 1):
        if frame in runs:
            started[frame] = runs[frame]()
            started[frame].daemon.start()
        for run in started.values():
            if not run.daemon.ended:
                run.daemon.step()
    for run in started.values():  # a daemon that took a turn without a frame
        while not run.daemon.ended:
            run.daemon.step()
    return started


def copy_journal(source: Path, target: Path) -> None:
    """The journal as a power cut would leave it now (its committed rows, WAL included)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
