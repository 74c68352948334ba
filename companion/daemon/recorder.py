"""Recording the camera while the table plays (``[record] folder``, ``companion run --record``).

A game refereed in front of the real camera is kept as the table saw it, to be replayed
into its record (``companion replay``; docs/hex-referee.md, "Records and replays"):
:func:`start_recording` makes the new folder of this start of the daemon (its start
time, ``20261128-031500``, under the configured folder), the
:class:`~hardware.camera_record.FrameWriter` that fills it, and the
:class:`~companion.daemon.recording_budget.RecordingsKeeper` that keeps the folder
within ``keep_gb`` and ``keep_days`` by removing its oldest recordings (issue 24: an
unattended table's SD card never fills); every camera the daemon opens (again, after a
lost camera too) is wrapped to hand its frames to that writer (:func:`recording_opener`).
:class:`Recorder` is the loop's part that says it in the log: where the frames go, once
a minute how many were written and dropped, why the recording stopped (a full disk, or
this recording alone over the budget: the game goes on), and the count at the end; and
it keeps every press of the buttons beside the frames (``buttons.txt``), so a turn
ended early replays as it was played (a control card's SELECT is not a press of the
buttons: the replay reads the card again).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from companion.config import RecordSection
from companion.daemon.recording_budget import GB, RecordingsKeeper
from hardware.buttons import ButtonEvent
from hardware.camera import Camera
from hardware.camera_record import FrameWriter, RecordingCamera

log = logging.getLogger(__name__)
#: How often the log says how the recording goes (table time, seconds).
REPORT_SECONDS: Final = 60.0
#: The fault screens the frames of a recording do not bring back in a replay: the
#: camera or the screen lost, the journal's faults at start (the hex board's and the
#: cards' come from the frames, and come back).
UNREPLAYED: Final = frozenset({"camera", "display", "repaired", "disk", "journal"})


@dataclass(frozen=True)
class Recording:
    """A recording under way: its writer, and the keeper of its folder's budget (None
    when ``keep_gb`` and ``keep_days`` are both 0)."""

    writer: FrameWriter
    keeper: RecordingsKeeper | None


def start_recording(
    section: RecordSection, started: float, *, keep_bytes: int | None = None
) -> Recording:
    """The writer of a new folder under ``section.folder`` named by ``started`` (wall
    clock); ``-2``, ``-3`` ... when the daemon started twice in one second. The folder
    is kept within ``section.keep_gb`` (``keep_bytes`` when given: tests' small budgets)
    and ``section.keep_days``."""
    parent = Path(section.folder).expanduser()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started))
    folder, number = parent / stamp, 1
    while folder.exists():
        number += 1
        folder = parent / f"{stamp}-{number}"
    budget = round(section.keep_gb * GB) if keep_bytes is None else keep_bytes
    if not budget and not section.keep_days:
        return Recording(FrameWriter(folder, fps=section.fps), None)
    writer = FrameWriter(folder, fps=section.fps, max_bytes=budget)  # makes the folder first
    keeper = RecordingsKeeper(parent, folder, keep_bytes=budget, keep_days=section.keep_days)
    writer.on_grown = keeper.grown
    return Recording(writer, keeper)


def recording_opener(
    open_camera: Callable[[], Camera], writer: FrameWriter
) -> Callable[[], Camera]:
    """``open_camera`` whose cameras hand their frames to ``writer``."""

    def opened() -> Camera:
        return RecordingCamera(open_camera(), writer)

    return opened


class Recorder:
    """The log's side of the recording (module docstring); closes the writer, then the
    keeper of the folder's budget, last."""

    def __init__(self, recording: Recording, clock: Callable[[], float]) -> None:
        self.writer = recording.writer
        self.keeper = recording.keeper
        self.clock = clock
        self._next = 0.0
        self._said_error = False

    def start(self) -> None:
        period, keeper = self.writer.period, self.keeper
        budget = ""
        if keeper is not None:
            limits = [f"{keeper.keep_bytes / GB:g} GB"] if keeper.keep_bytes else []
            limits += [f"{keeper.keep_days:g} days"] if keeper.keep_days else []
            budget = f", the folder kept within {' and '.join(limits)}"
        log.info(
            "recording the camera to %s, %.3g frames a second%s",
            self.writer.folder,
            1 / period,
            budget,
        )
        self._next = self.clock() + REPORT_SECONDS

    def turn(self, now: float, changed: bool) -> None:
        if self.writer.error is not None and not self._said_error:
            self._said_error = True
            log.error(
                "recording stopped after %d frames: %s (the game goes on)",
                self.writer.written,
                self.writer.error,
            )
        if now >= self._next and self.writer.error is None:
            self._next = now + REPORT_SECONDS
            log.info("recording: %s", self.summary())

    def pressed(self, event: ButtonEvent, hides: str | None) -> None:
        """A press of the buttons, kept beside the frames (``buttons.txt``); one that only
        hid a fault screen the frames do not bring back (``hides``: its kind) is kept as
        a note, never pressed in a replay, which has no such screen to hide."""
        note = None
        if hides in UNREPLAYED:
            note = f"hid the {hides} fault screen: not pressed again in a replay"
        self.writer.press(event.button.value, event.kind.value, note=note)

    def summary(self) -> str:
        writer = self.writer
        count = writer.presses
        presses = f", {count} button press{'' if count == 1 else 'es'}" if count else ""
        return (
            f"{writer.written} frames ({writer.bytes / (1 << 20):.1f} MiB) in {writer.folder}, "
            f"{writer.dropped} dropped{presses}"
        )

    def close(self) -> None:
        self.writer.close()
        if self.keeper is not None:
            self.keeper.close()
        if self.writer.error is not None and not self._said_error:
            log.error("recording stopped: %s", self.writer.error)
        log.info("recorded %s", self.summary())
