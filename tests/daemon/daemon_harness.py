"""A daemon wired to fakes: scripted table events, a fake display and fake buttons.

The reader is the only part replaced: frames are blank and ``ScriptReader`` hands
the loop the table events a real reader would have produced, one step per frame,
so these tests exercise the real loop, session, journal, flows and UI.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from companion.daemon.links import ButtonsLink, CameraLink, DisplayLink
from companion.daemon.parts import Part, TableFacade
from companion.daemon.runtime import Daemon, Links
from companion.daemon.table_layout import LayoutKeeper
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.layout import Layout
from companion.table.reader import ReaderStats
from companion.table.tracker import CardPlaced, CardRemoved, TableEvent
from companion.ui.app import UiApp
from hardware.buttons import Buttons
from hardware.buttons_fake import FakeButtons
from hardware.camera import Camera, Frame
from hardware.camera_fake import FakeCamera
from hardware.display import Display
from hardware.display_fake import FakeDisplay
from hardware.speaker import Spoken
from hardware.speaker_fake import FakeSpeaker

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

Step = list[TableEvent]


def load_record(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / name).read_text(encoding="utf-8"))
    return data


def fibonachos_steps(record: dict[str, Any]) -> list[Step]:
    """One step per table change: the spicy card, each play, then the trick cleared."""
    steps: list[Step] = []
    for played in record["rounds"]:
        seen: Counter[str] = Counter()  # serials start again each round (a new deal)

        def card(notation: str, zone: str, seen: Counter[str] = seen) -> TableCard:
            face = notation.split("#", maxsplit=1)[0]
            seen[face] += 1
            return TableCard(f"fibonachos/1/{face}#{seen[face]}", "fibonachos", face, zone)

        for trick in played["tricks"]:
            on_table = []
            if trick["spicy"] is not None:
                on_table.append(card(trick["spicy"], "spicy"))
                steps.append([CardPlaced(on_table[-1])])
            for text in trick["plays"]:
                on_table.append(card(text, "play"))
                steps.append([CardPlaced(on_table[-1])])
            steps.append([CardRemoved(c) for c in on_table])
    return steps


def control(name: str) -> TableCard:
    return TableCard(f"control/1/{name}", "control", name, "play")


class Untracked:
    """What a scripted reader answers for the tracker's part: no sightings; the cards a
    restart assumes lie on the table are kept in ``assumed``, those it expects (seen,
    not confirmed) in ``expected``."""

    def take_sightings(self) -> list[TableCard]:
        return []

    def assume(self, cards: Iterable[TableCard], now: float) -> None:
        self.assumed = list(cards)

    def use_layout(self, layout: Layout) -> None:
        """The layout the daemon handed over (issue 26: the game in play's)."""
        self.layout = layout

    def expect(self, cards: Iterable[TableCard], now: float) -> None:
        self.expected = list(cards)


class ScriptReader(Untracked):
    """Each frame read gives the next step (from ``start``); past the script, nothing.

    Steps follow frames read, not frame numbers: a camera outage delays the table
    rather than losing its changes (the cards are still there when it comes back).
    """

    def __init__(self, steps: Sequence[Step], start: int = 0) -> None:
        self.steps = list(steps)
        self.start = start
        self.stats = ReaderStats()
        #: Index of the last step handed out.
        self.position = start - 1

    def feed(self, frame: Frame) -> list[TableEvent]:
        self.stats.frames += 1
        index = self.position + 1
        if index >= len(self.steps):
            return []
        self.position = index
        return list(self.steps[index])


class ManualClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def blank_frames(count: int) -> list[np.ndarray]:
    frame = np.zeros((48, 64, 3), np.uint8)
    return [frame] * count


def make_daemon(
    journal_path: Path,
    steps: Sequence[Step],
    *,
    clock: ManualClock,
    camera: Callable[[], Camera] | None = None,
    display: Callable[[], Display] | None = None,
    buttons: Callable[[], Buttons] | None = None,
    kiosk: Any = None,
    start: int = 0,
    parts: Callable[[TableFacade], Sequence[Part]] | None = None,
    table_of_copy: Callable[[int], str] = str,
    layouts: LayoutKeeper | None = None,
) -> Daemon:
    frames = max(len(steps) - start, 0) + 5
    links = Links(
        camera=CameraLink(
            "camera", camera or (lambda: FakeCamera(blank_frames(frames))), clock=clock
        ),
        display=DisplayLink("display", display or FakeDisplay, clock=clock),
        buttons=ButtonsLink("buttons", buttons or (lambda: FakeButtons(clock)), clock=clock),
    )
    session = Session.resume(Journal.open(journal_path), clock=clock)
    app = UiApp(kiosk=kiosk, now=clock()) if kiosk is not None else UiApp(now=clock())
    return Daemon(
        session=session,
        app=app,
        reader=ScriptReader(steps, start),
        links=links,
        clock=clock,
        frame_timeout=0.01,
        parts=parts,
        table_of_copy=table_of_copy,
        layouts=layouts,
    )


P = TypeVar("P")


def part_of(daemon: Daemon, kind: type[P]) -> P:
    """The daemon's part of type ``kind`` (the test made it: it is there)."""
    (found,) = [part for part in daemon.parts if isinstance(part, kind)]
    return found


def run_until_end(daemon: Daemon, clock: ManualClock, *, limit: int = 10_000) -> None:
    """Step the loop (one frame and 0.2 s of table time a step) until the source ends."""
    daemon.start()
    for _ in range(limit):
        if daemon.ended:
            return
        daemon.step()
        clock.advance(0.2)
    raise AssertionError("the daemon did not reach the end of its frames")


@contextmanager
def turning(turn: Callable[[], object]) -> Iterator[None]:
    """``turn`` called over and over on a thread of its own while the block runs: the
    table's loop going on while a page served beside it waits for the loop's answer
    (issue 22: names typed on a phone get the table's answer)."""
    done = threading.Event()

    def run() -> None:
        while not done.is_set():
            turn()
            done.wait(0.005)  # the loop's pace, not a timing the test relies on

    worker = threading.Thread(target=run, name="table-loop", daemon=True)
    worker.start()
    try:
        yield
    finally:
        done.set()
        worker.join(10)


class Gate(FakeSpeaker):
    """A speaker that holds each sentence until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Semaphore(0)
        self.go = threading.Semaphore(0)

    def _say(self, spoken: Spoken) -> None:
        self.entered.release()
        assert self.go.acquire(timeout=10)
        super()._say(spoken)
