"""Issue 13: camera sources are devices that can fail, and the game goes on through them.

A replay folder renamed away mid-game and back, one corrupt frame file, a synthetic
camera's scripted outage: each through the daemon's real loop, link and backoff.
The table is the Fibonachos game of tests/faults (examples/fibonachos/full-3p.json),
recorded as frames: each table step shows on ``PER_STEP`` frames in a row, as a card
lying on a real table shows on many. ``FrameReader`` plays a tracker: it reports the
table as the frame shows it (every step up to the frame's), so a frame passed over
loses nothing that the next frame shows, and a replay read again from frame 0 would
show up in the frames it saw.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest
from daemon_harness import (
    ManualClock,
    ScriptReader,
    Step,
    Untracked,
    blank_frames,
    make_daemon,
)
from kill_child import table_steps

from companion.daemon.links import CameraLink
from companion.daemon.runtime import Daemon
from companion.games.json_types import JSONObject
from companion.journal import Journal
from companion.table.reader import ReaderStats
from companion.table.tracker import TableEvent
from companion.views import MessageView
from hardware.camera import Frame, open_camera

PER_STEP = 2
#: Table seconds per turn of the loop (the camera's backoff runs on this clock).
TURN = 0.2


class FrameReader(Untracked):
    """Step ``frame.index // PER_STEP`` of the table, and the ones before it not yet told."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = list(steps)
        self.stats = ReaderStats()
        self.told = -1
        #: (index, timestamp) of every frame read, in order.
        self.seen: list[tuple[int, float]] = []

    def feed(self, frame: Frame) -> list[TableEvent]:
        self.stats.frames += 1
        self.seen.append((frame.index, frame.timestamp))
        upto = min(frame.index // PER_STEP, len(self.steps) - 1)
        events = [e for step in self.steps[self.told + 1 : upto + 1] for e in step]
        self.told = max(self.told, upto)
        return events


class SeenReader(ScriptReader):
    """The harness's script reader, keeping (index, timestamp) of the frames read."""

    def __init__(self, steps: Sequence[Step]) -> None:
        super().__init__(steps)
        self.seen: list[tuple[int, float]] = []

    def feed(self, frame: Frame) -> list[TableEvent]:
        self.seen.append((frame.index, frame.timestamp))
        return super().feed(frame)


def result(journal: Path) -> JSONObject:
    games = Journal.open(journal).games()
    assert len(games) == 1 and games[0].result is not None, "the game did not end"
    return games[0].result.to_json()


def recording(folder: Path, steps: int) -> Path:
    """The game's frames as PNG files (blank: the reader knows what each one shows)."""
    folder.mkdir()
    image = np.zeros((6, 8, 3), np.uint8)
    for i in range(steps * PER_STEP):
        assert cv2.imwrite(str(folder / f"frame{i}.png"), image)
    return folder


def replay_daemon(journal: Path, folder: Path, clock: ManualClock) -> tuple[Daemon, FrameReader]:
    steps = table_steps()
    daemon = make_daemon(
        journal, [], clock=clock, camera=lambda: open_camera("replay", path=str(folder), fps=10)
    )
    reader = FrameReader(steps)
    daemon.reader = reader
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    return daemon, reader


def turn(daemon: Daemon, clock: ManualClock) -> None:
    daemon.step()
    clock.advance(TURN)


@pytest.fixture(scope="module")
def calm(tmp_path_factory: pytest.TempPathFactory) -> JSONObject:
    """The recorded game replayed with nothing going wrong."""
    tmp = tmp_path_factory.mktemp("calm")
    clock = ManualClock()
    daemon, reader = replay_daemon(
        tmp / "j.db", recording(tmp / "frames", len(table_steps())), clock
    )
    while not daemon.ended:
        turn(daemon, clock)
    assert [i for i, _ in reader.seen] == list(range(len(table_steps()) * PER_STEP))
    return result(tmp / "j.db")


def test_a_replay_folder_renamed_away_mid_game_and_back(
    tmp_path: Path, calm: JSONObject, caplog: pytest.LogCaptureFixture
) -> None:
    """The daemon keeps running, says "Camera lost", and goes on from the frame after the
    last one it had: every frame read once, in order; the game ends as if calm."""
    caplog.set_level(logging.INFO)
    steps = len(table_steps())
    folder = recording(tmp_path / "frames", steps)
    clock = ManualClock()
    daemon, reader = replay_daemon(tmp_path / "j.db", folder, clock)
    while len(reader.seen) < steps:  # half the game
        turn(daemon, clock)
    away = folder.rename(tmp_path / "away")
    lost_screens = 0
    for _ in range(40):  # 8 s of table time: several tries, each refused
        turn(daemon, clock)
        view = daemon.app.screen(clock())
        lost_screens += isinstance(view, MessageView) and view.title == "Camera lost"
    assert daemon.session.flow is not None and not daemon.ended
    assert len(reader.seen) == steps
    away.rename(folder)
    for _ in range(10_000):
        if _ended(daemon):
            break
        turn(daemon, clock)
    daemon.links.close()
    assert lost_screens > 0
    assert [i for i, _ in reader.seen] == list(range(steps * PER_STEP))
    assert all(a[1] < b[1] for a, b in itertools.pairwise(reader.seen))
    assert result(tmp_path / "j.db")["record"] == calm["record"]
    assert daemon.links.camera.outages == 1
    errors = [r.message for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "the folder is gone" in errors[0]
    assert "camera is back after" in caplog.text


def test_one_corrupt_frame_is_skipped_counted_and_the_game_finishes(
    tmp_path: Path, calm: JSONObject, caplog: pytest.LogCaptureFixture
) -> None:
    """No lost camera, no rewind: the frame is passed over, logged once, counted in the
    summary; what it showed the next frame shows, so the record is the calm one."""
    caplog.set_level(logging.INFO)
    steps = len(table_steps())
    folder = recording(tmp_path / "frames", steps)
    bad = steps + 1  # the second frame of a step: mid-game
    (folder / f"frame{bad}.png").write_bytes(b"\x89PNG\r\n\x1a\n torn by a power cut")
    clock = ManualClock()
    daemon, reader = replay_daemon(tmp_path / "j.db", folder, clock)
    for _ in range(steps * PER_STEP + 50):
        if daemon.ended:
            break
        turn(daemon, clock)
    assert daemon.ended, "the replay never reached its end"
    daemon.links.close()
    assert [i for i, _ in reader.seen] == [i for i in range(steps * PER_STEP) if i != bad]
    assert result(tmp_path / "j.db")["record"] == calm["record"]
    camera = daemon.links.camera
    assert (camera.outages, camera.skipped) == (0, 1)
    warnings = [r.message for r in caplog.records if r.levelno >= logging.WARNING]
    path = folder / f"frame{bad}.png"
    assert warnings == [
        f"camera: replay frame {path}: cannot be read as an image: skipped"
        " (the frames after it go on)"
    ]
    assert "camera: 0 outage(s), 1 unreadable frame(s) skipped" in caplog.text


def test_a_synthetic_outage_from_the_settings_does_not_flap(
    tmp_path: Path, calm: JSONObject, caplog: pytest.LogCaptureFixture
) -> None:
    """``[camera] kind = "synthetic"`` with ``lose_after``: lost once, back once, and the
    scene goes on (it began again on each reopening, so the outage came back for ever)."""
    steps = table_steps()
    frames = blank_frames(len(steps) + 60)
    clock = ManualClock()
    daemon = make_daemon(
        tmp_path / "j.db",
        steps,
        clock=clock,
        camera=lambda: open_camera(
            "synthetic", frames=frames, fps=10, lose_after=100, come_back_after=4
        ),
    )
    reader = SeenReader(steps)
    daemon.reader = reader
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    for _ in range(2_000):
        if daemon.ended:
            break
        turn(daemon, clock)
    assert daemon.ended, "the scene never reached its end"
    assert daemon.links.camera.outages == 1
    indices = [i for i, _ in reader.seen]
    assert indices == sorted(set(indices)) and indices[-1] == len(frames) - 1
    assert all(a[1] < b[1] for a, b in itertools.pairwise(reader.seen))
    assert sum(r.levelno >= logging.ERROR for r in caplog.records) == 1
    assert result(tmp_path / "j.db")["record"] == calm["record"]


def test_a_frame_skipped_while_opening_is_counted_by_the_link(tmp_path: Path) -> None:
    """The replay passes over an unreadable first file to learn its size: still a skip."""
    folder = recording(tmp_path / "frames", 1)
    (folder / "frame0.png").write_bytes(b"junk")
    link = CameraLink(
        "camera", lambda: open_camera("replay", path=str(folder)), clock=ManualClock()
    )
    frame = link.read(0.1)
    assert frame is not None and frame.index == 1
    assert link.skipped == 1


def _ended(daemon: Daemon) -> bool:
    """Read the flag afresh (mypy keeps an earlier assert's narrowing across calls)."""
    return daemon.ended
