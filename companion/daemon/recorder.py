"""Recording the camera while the table plays (``[record] folder``, ``companion run --record``).

A game refereed in front of the real camera is kept as the table saw it, to be replayed
into its record (``companion replay``; docs/hex-referee.md, "Records and replays"):
:func:`start_recording` makes the new folder of this start of the daemon (its start
time, ``20261128-031500``, under the configured folder) and the
:class:`~hardware.camera_record.FrameWriter` that fills it; every camera the daemon
opens (again, after a lost camera too) is wrapped to hand its frames to that writer
(:func:`recording_opener`). :class:`Recorder` is the loop's part that says it in the
log: where the frames go, once a minute how many were written and dropped, why the
recording stopped (a full disk: the game goes on), and the count at the end.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from companion.config import RecordSection
from hardware.camera import Camera
from hardware.camera_record import FrameWriter, RecordingCamera

log = logging.getLogger(__name__)
#: How often the log says how the recording goes (table time, seconds).
REPORT_SECONDS: Final = 60.0


def start_recording(section: RecordSection, started: float) -> FrameWriter:
    """The writer of a new folder under ``section.folder`` named by ``started`` (wall
    clock); ``-2``, ``-3`` ... when the daemon started twice in one second."""
    parent = Path(section.folder).expanduser()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started))
    folder, number = parent / stamp, 1
    while folder.exists():
        number += 1
        folder = parent / f"{stamp}-{number}"
    return FrameWriter(folder, fps=section.fps)


def recording_opener(
    open_camera: Callable[[], Camera], writer: FrameWriter
) -> Callable[[], Camera]:
    """``open_camera`` whose cameras hand their frames to ``writer``."""

    def opened() -> Camera:
        return RecordingCamera(open_camera(), writer)

    return opened


class Recorder:
    """The log's side of the recording (module docstring); closes the writer last."""

    def __init__(self, writer: FrameWriter, clock: Callable[[], float]) -> None:
        self.writer = writer
        self.clock = clock
        self._next = 0.0
        self._said_error = False

    def start(self) -> None:
        period = self.writer.period
        log.info("recording the camera to %s, %.3g frames a second", self.writer.folder, 1 / period)
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

    def summary(self) -> str:
        writer = self.writer
        return (
            f"{writer.written} frames ({writer.bytes / (1 << 20):.1f} MiB) in {writer.folder}, "
            f"{writer.dropped} dropped"
        )

    def close(self) -> None:
        self.writer.close()
        if self.writer.error is not None and not self._said_error:
            log.error("recording stopped: %s", self.writer.error)
        log.info("recorded %s", self.summary())
