"""``companion demo``: a whole Fibonachos game read from a synthetic table, start to finish.

Nothing is faked past the camera: frames of the project's own printed cards (drawn
by :mod:`companion.synthetic.scene`, with hands reaching in and passing over cards)
go through the daemon's loop exactly as a camera's would - change detection, QR
decoding, the table tracker, the game flow, the rules engine, the journal, the
screens - and the OLED is shown in an emulator window when there is a screen, or
written as an animated GIF. The game itself is a seeded random game of legal plays,
so the demo can check that what the camera read is what was played.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.daemon.build import Devices, assemble
from companion.daemon.links import (
    ClockedCamera,
    TableClock,
)
from companion.daemon.parts import TableFacade
from companion.daemon.runtime import Daemon
from companion.daemon.speech import Speech, speech_part
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.json_types import JSONObject
from companion.games.random_play import random_record
from companion.games.report import CardGameReport, GameReport
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.scene import Scene
from companion.synthetic.scripts import Mess, table_script
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.ui.app import UiApp
from companion.ui.screens import View
from companion.views.spoken import Level
from hardware.buttons import Button, ButtonEvent, PressKind
from hardware.camera import open_camera
from hardware.display import Display, open_display
from hardware.errors import BackendUnavailableError
from hardware.speaker import open_speaker

PLAYERS = ("Ana", "Ben", "Cy")
FPS = 10.0
#: The OLED window's frames are paced to finish a game in about this many seconds.
WINDOW_SECONDS = 45.0
#: How long the last round's table shows before a key goes on to the final scores.
ROUND_SECONDS = 3.0
#: How long the final scores show at the end (the window, the GIF's last frame).
FINAL_SECONDS = 4.0


def demo_record(seed: int, players: tuple[str, ...] = PLAYERS) -> JSONObject:
    """A whole Fibonachos game of random legal plays, the same for the same seed."""
    return random_record(FIBONACHOS.name, players, [], random.Random(seed))


@dataclass
class DemoResult:
    record: JSONObject  # what the camera read
    played: JSONObject  # what was played
    report: GameReport
    frames: int
    table_seconds: float
    wall_seconds: float
    final: View | None = None  # the OLED's last screen: the final scores


def pacer(speed: float | None) -> Callable[[float], None]:
    if speed is None:
        return lambda _t: None
    start = time.monotonic()

    def pace(table_time: float) -> None:
        ahead = table_time / speed - (time.monotonic() - start)
        if ahead > 0:
            time.sleep(ahead)

    return pace


def run_demo(
    *,
    display: str,
    out: Path,
    seed: int = 7,
    size: tuple[int, int] = (1280, 720),
    progress: Callable[[str], None] = print,
    language: str | None = None,
    speech: Path | None = None,
    say: Level = Level.KEY,
) -> DemoResult:
    """Play one game through the daemon's loop; ``display`` is emulator, gif, frames or terminal.

    ``language`` is the table's (the OLED's and the speech's); ``speech`` a folder for
    the announcements of the game at level ``say``, each a ``.txt`` and (espeak-ng
    installed) a ``.wav``: every one is written, as the demo runs faster than anyone
    speaks.
    """
    played = demo_record(seed)
    script = table_script(played, Mess(hands=0.25, blur=0.05, light=1, seed=seed))
    scene = Scene(size, seed=seed)
    total = scene.count_frames(script.steps)
    images: Iterator[np.ndarray] = (f.image for f in scene.frames(script.steps, fps=FPS))
    clock = TableClock()
    speed = (total / FPS) / WINDOW_SECONDS if display == "emulator" else None
    pace = pacer(speed)

    def camera() -> ClockedCamera:
        return ClockedCamera(open_camera("synthetic", frames=images, fps=FPS), clock, pace)

    def screen() -> Display:
        return open_screen(display, out, clock)

    with tempfile.TemporaryDirectory(prefix="companion-demo-") as scratch:
        where = Path(scratch) / "journal.db"
        voice = files_speech(speech, say, progress)
        daemon = assemble(
            Session(Journal.open(where), clock=clock),
            TableReader(default_layout()),
            Devices(camera=camera, display=screen),
            clock=clock,
            app=UiApp(language=language, now=clock()),
            parts=None if voice is None else lambda table: [voice(table)],
        )
        daemon.start_game(FIBONACHOS.name, len(PLAYERS), [], dict(script.options))
        daemon.start_parts()  # the voice says who leads the game just started
        flow = daemon.session.flow
        assert flow is not None
        daemon.start()
        started = time.monotonic()
        shown = Progress(progress, total)
        stats = daemon.reader.stats
        events = 0
        try:
            while not daemon.ended:
                daemon.step()
                if stats.events != events:  # a round can only end on a table event
                    events = stats.events
                    shown.rounds_read(flow.report())
                shown.frames_read(stats.frames)
            wait = time.sleep if display == "emulator" else (lambda _seconds: None)
            final = to_final_scores(daemon, clock, wait)
        finally:
            daemon.links.close()
            daemon.close_parts()
        return DemoResult(
            record=flow.record(),
            played=played,
            report=flow.report(),
            frames=daemon.reader.stats.frames,
            table_seconds=clock.now,
            wall_seconds=time.monotonic() - started,
            final=final,
        )


@dataclass(frozen=True)
class Showing:
    """How a demo of another game shows itself (:mod:`companion.daemon.demo_rummy`,
    :mod:`companion.daemon.demo_hex`): ``display`` opens the OLED's output given the
    demo's clock; ``seed`` draws the table (hands, light); ``paced`` plays it in about
    real time (a window); ``progress`` takes its lines; the table's ``language``;
    ``speech`` a folder for what the table says, at level ``say``."""

    display: Callable[[Callable[[], float]], Display]
    seed: int = 7
    paced: bool = False
    progress: Callable[[str], None] = print
    language: str | None = None
    speech: Path | None = None
    say: Level = Level.KEY


def open_screen(display: str, out: Path, clock: Callable[[], float]) -> Display:
    """The OLED's output ``display`` (emulator, gif, frames or terminal): a GIF or a
    folder of frames at ``out``, a GIF's frames timed by ``clock``."""
    if display == "gif":
        return open_display("gif", path=str(out), scale=3, clock=clock)
    if display == "frames":
        return open_display("frames", dir=str(out), scale=3)
    return open_display(display)


def files_speech(
    folder: Path | None, say: Level, progress: Callable[[str], None]
) -> Callable[[TableFacade], Speech] | None:
    """The speech part's maker, its files speaker writing every announcement into
    ``folder`` (None: no speech); the texts alone where espeak-ng is not installed."""
    if folder is None or say is Level.OFF:
        return None
    try:
        speaker = open_speaker("files", dir=str(folder), audio=True)
    except BackendUnavailableError as exc:
        progress(f"{exc}: the announcements' texts only")
        speaker = open_speaker("files", dir=str(folder), audio=False)
    return speech_part(speaker, say, settle=True)


def to_final_scores(daemon: Daemon, clock: TableClock, wait: Callable[[float], None]) -> View:
    """The frames end with the game's last card: the trick's winner passes, the last
    round's table shows for :data:`ROUND_SECONDS`, then a key goes on to the final
    scores, as a player's would, and they stay :data:`FINAL_SECONDS` (the GIF's last
    frame, and the window's). Return the last screen."""
    app = daemon.app
    for _ in range(len(app.overlays.queue) + 1):
        head = app.overlays.current(clock.now)
        if head is None or head.ends_game:
            break
        pause = ROUND_SECONDS if head.until is None else head.until - clock.now
        clock.now += pause
        wait(pause)
        if head.until is None:  # a screen that waits for a key
            daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock.now))
        daemon.runner.tick(clock.now)
        daemon.draw()
    clock.now += FINAL_SECONDS
    wait(FINAL_SECONDS)
    return app.screen(clock.now)


class Progress:
    """A line per finished round and a line every tenth of the frames."""

    def __init__(self, say: Callable[[str], None], total: int) -> None:
        self.say = say
        self.total = total
        self.rounds = 0
        self.tenth = 0

    def rounds_read(self, report: GameReport) -> None:
        if not isinstance(report, CardGameReport):
            return
        while self.rounds < len(report.rounds):
            points = report.rounds[self.rounds].points
            line = ", ".join(f"{n} {p}" for n, p in zip(report.players, points, strict=True))
            self.rounds += 1
            self.say(f"round {self.rounds} read: {line}")

    def frames_read(self, frames: int) -> None:
        tenth = frames * 10 // max(self.total, 1)
        if tenth > self.tenth:
            self.tenth = tenth
            self.say(f"{frames}/{self.total} frames read ({tenth * 10}%)")
