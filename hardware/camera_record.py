"""Recording what a camera gives the table: its frames kept as JPEG files on their own timeline.

A game played in front of the real camera can then be replayed exactly as the table saw
it (``companion replay``, the replay camera): :class:`RecordingCamera` wraps any camera
and hands each frame it delivers to a :class:`FrameWriter`, which keeps one frame per
``1 / fps`` seconds of the camera's clock and writes it on a thread of its own, so the
table's loop never waits for the disk. A frame is named after its number from 1 and its
time in seconds since the recording began (``f000012_t2.200.jpg``): the replay camera
replays a folder of such names on those times (:mod:`hardware.camera_replay`), however
fast the table read them.

Nothing the recording meets stops the table: a full queue (a slow card) drops the frame
and counts it, and a write that fails (the disk full, the folder gone), less than
``keep_free`` bytes left on the disk, or a recording that would pass ``max_bytes`` (the
recordings folder's budget, ``[record] keep_gb``) stops the recording with
:attr:`FrameWriter.error` saying why; the frames written stay a recording that replays up
to there. Every :data:`CHECK_EVERY` frames the writer tells ``on_grown`` how many bytes
it has written, on its own thread: the daemon's keeper of the recordings folder removes
older recordings from there (``companion.daemon.recording_budget``) without a walk of
the folder per frame.

The buttons pressed while it records (a hex turn ended early, a menu's correction) are
kept beside the frames, in :data:`PRESSES` (``buttons.txt``), as the lines of a button
script (:mod:`hardware.buttons_replay`): each press at the time of the last frame kept
before it, which a replay takes it after (``companion replay`` reads the file with the
frames), as the table did, and before the next frame kept. They are written on the
same thread, with the next frame, and at the end.

    >>> import tempfile, pathlib, numpy as np
    >>> from hardware.camera import Frame
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "game"
    >>> writer = FrameWriter(folder, fps=5.0, keep_free=0)
    >>> for i in range(5):  # 10 frames a second: every other one is kept
    ...     writer.offer(Frame(np.zeros((8, 8, 3), np.uint8), 100 + i / 10, i))
    ...     if i == 3:  # SELECT held after the fourth frame: at the second frame kept
    ...         writer.press("select", "long")
    >>> writer.close()
    >>> sorted(p.name for p in folder.iterdir()), writer.written, writer.error
    (['buttons.txt', 'f000001_t0.000.jpg', 'f000002_t0.200.jpg', 'f000003_t0.400.jpg'], 3, None)
    >>> (folder / PRESSES).read_text().splitlines()[1:]
    ['0.200 select long']
"""

from __future__ import annotations

import itertools
import queue
import re
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from hardware.camera import Camera, CameraWrapper, Frame
from hardware.errors import ConfigurationError

#: A recorded frame's name: its number from 1 and its time in seconds (3 decimals).
NAME: Final = re.compile(r"f(?P<number>[0-9]{6,})_t(?P<time>[0-9]+\.[0-9]{3})\.jpg")
#: The recording stops when less than this is left on its disk (bytes).
KEEP_FREE: Final = 1 << 30
#: How often the free space is looked at (frames written).
CHECK_EVERY: Final = 50
#: The file beside the frames that keeps the buttons pressed (a button script).
PRESSES: Final = "buttons.txt"
#: Its first line.
PRESSES_HEAD: Final = (
    "# the buttons pressed while the frames beside were recorded: seconds, button, kind\n"
)
DiskUsage = Callable[[Path], Any]


def frame_name(number: int, seconds: float) -> str:
    """``f000012_t2.200.jpg``: the file of frame ``number`` (from 1) at ``seconds``."""
    return f"f{number:06d}_t{seconds:.3f}.jpg"


def recorded_times(files: list[Path]) -> list[float] | None:
    """The times in the names of a recording (``f000012_t2.200.jpg``), in order, if
    every file is named so and they go forward; else None."""
    matches = [NAME.fullmatch(path.name) for path in files]
    if not all(matches):
        return None
    times = [float(match.group("time")) for match in matches if match is not None]
    if any(later < earlier for earlier, later in itertools.pairwise(times)):
        return None
    return times


class FrameWriter:
    """Frames kept at ``fps`` and written as JPEG (``quality``) into ``folder``, a new
    folder (module docstring)."""

    def __init__(
        self,
        folder: Path,
        *,
        fps: float = 5.0,
        quality: int = 95,
        keep_free: int = KEEP_FREE,
        queue_size: int = 8,
        disk_usage: DiskUsage = shutil.disk_usage,
        max_bytes: int = 0,
        on_grown: Callable[[int], None] | None = None,
    ) -> None:
        if not fps > 0:
            raise ConfigurationError(f"record.fps {fps!r}: frames a second must be more than 0")
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise ConfigurationError(f"record: {folder} exists and is not an empty folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigurationError(f"record: cannot make {folder}: {exc.strerror}") from None
        import cv2

        self._cv2 = cv2
        self.folder = folder
        self.period = 1.0 / fps
        self.quality = quality
        self.keep_free = keep_free
        self._disk_usage = disk_usage
        #: The most this recording may hold (bytes; 0: no limit), and who hears it grow
        #: (set before the first frame is offered).
        self.max_bytes = max_bytes
        self.on_grown = on_grown
        #: Frames written, frames dropped (the queue full), and why the recording stopped.
        self.written = 0
        self.dropped = 0
        self.error: str | None = None
        self.bytes = 0
        #: Presses written to :data:`PRESSES` (a replay presses them).
        self.presses = 0
        self._first: float | None = None
        self._kept = 0.0  # the time of the last frame kept
        self._due = 0.0
        self._pressed: list[str] = []  # lines not yet written
        self._lock = threading.Lock()
        self._queue: queue.Queue[tuple[Any, float] | None] = queue.Queue(queue_size)
        self._thread = threading.Thread(target=self._run, name="frame-writer", daemon=True)
        self._thread.start()

    @property
    def recording(self) -> bool:
        return self.error is None and self._thread.is_alive()

    def offer(self, frame: Frame) -> None:
        """Keep ``frame`` if its time has come (one every ``1 / fps`` seconds of the
        camera's clock); never waits."""
        if self.error is not None:
            return
        if self._first is None:
            self._first = self._due = frame.timestamp
        if frame.timestamp + 1e-6 < self._due:
            return
        self._due += self.period
        if self._due <= frame.timestamp:  # the camera gave nothing for a while
            self._due = frame.timestamp + self.period
        try:
            self._queue.put_nowait((frame.image.copy(), frame.timestamp - self._first))
        except queue.Full:
            self.dropped += 1
            return
        self._kept = frame.timestamp

    def press(self, button: str, kind: str, *, note: str | None = None) -> None:
        """Keep a press, at the time of the last frame kept (module docstring), to be
        written with the next frame; never waits. With a ``note`` it is written as a
        comment saying it (a replay does not press it)."""
        if self.error is not None:
            return
        seconds = 0.0 if self._first is None else self._kept - self._first
        line = f"{seconds:.3f} {button} {kind}"
        with self._lock:
            self._pressed.append(f"# {line}: {note}\n" if note else f"{line}\n")

    def close(self) -> None:
        """Write what is queued, then stop the thread."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        self._write_presses()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            if self.error is None:
                self._write(*item)
                self._write_presses()

    def _write_presses(self) -> None:
        """Add the presses kept to :data:`PRESSES` (made with its head at the first),
        those kept before the recording stopped too."""
        with self._lock:
            lines, self._pressed = self._pressed, []
        if not lines:
            return
        path = self.folder / PRESSES
        try:
            with path.open("a", encoding="utf-8") as file:
                file.write(("" if file.tell() else PRESSES_HEAD) + "".join(lines))
        except OSError as exc:
            self.error = self.error or f"cannot write {path}: {exc.strerror or exc}"
            return
        self.presses += sum(not line.startswith("#") for line in lines)

    def _write(self, image: Any, seconds: float) -> None:
        ok, data = self._cv2.imencode(".jpg", image, [self._cv2.IMWRITE_JPEG_QUALITY, self.quality])
        if not ok:
            self.dropped += 1
            return
        path = self.folder / frame_name(self.written + 1, seconds)
        try:
            if self.written % CHECK_EVERY == 0:
                free = int(self._disk_usage(self.folder).free)
                if free < self.keep_free:
                    self.error = (
                        f"{free // (1 << 20)} MiB left on the disk of {self.folder} "
                        f"(the recording keeps {self.keep_free // (1 << 20)} MiB free)"
                    )
                    return
            if self.max_bytes and self.bytes + len(data) > self.max_bytes:
                self.error = (
                    f"{self.folder} holds {self.bytes / 1e9:.2f} GB, and the next frame would "
                    f"pass the {self.max_bytes / 1e9:g} GB the recordings may hold (record.keep_gb)"
                )
                return
            path.write_bytes(data.tobytes())
        except OSError as exc:
            self.error = f"cannot write {path}: {exc.strerror or exc}"
            return
        self.written += 1
        self.bytes += len(data)
        if self.on_grown is not None and self.written % CHECK_EVERY == 0:
            self.on_grown(self.bytes)


class RecordingCamera(CameraWrapper):
    """``camera`` whose every frame read is offered to ``writer`` (module docstring);
    closing it closes the camera, not the writer (its owner's to close)."""

    def __init__(self, camera: Camera, writer: FrameWriter) -> None:
        super().__init__(camera)
        self.writer = writer

    @property
    def closed(self) -> bool:
        return bool(getattr(self.camera, "closed", False))

    def read(self, timeout: float = 1.0) -> Frame:
        frame = self.camera.read(timeout)
        self.writer.offer(frame)
        return frame

    def wrap(self, camera: Camera) -> Camera:
        return RecordingCamera(camera, self.writer)
