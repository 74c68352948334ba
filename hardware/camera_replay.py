"""The replay camera: recorded frames (a folder of images, or a video file) on their own clock.

``companion replay`` and the benchmarks read a recorded game through the very
pipeline the daemon runs; the replay gives the frames as fast as they are read,
with timestamps on the recording's timeline (``index / fps``; in a folder the
companion recorded, the time in each frame's name: :mod:`hardware.camera_record`), so
the result does not depend on the machine's speed. With ``realtime`` it paces itself like a live
camera (through an injected clock and sleep), for the desktop demo.

A folder is read in natural name order (``frame2.png`` before ``frame10.png``);
a video needs OpenCV (``cv2``), which also decodes the images. With ``grey`` the
frames are grey (HxW), as the Pi camera gives them in ``format = "YUV420"``: a 12 MP
recording then replays at a third of the memory (MAX_FRAME_PIXELS admits the 12 MP
frames of a Camera Module 3, 4608x2592, with room to spare).

A recording is a device that can fail like a camera (issue 13). A frame that cannot
be decoded (a corrupt file, one of another size) is passed over and counted in
``skipped``: the frames around it show the same table. A folder's frame size is the
one most of its frames have (their headers, a sample spread over the recording), not
the first file's: a stray picture of another size at its start is the frame passed
over, not the whole recording after it. A folder that goes away (renamed, unmounted) is
a lost camera, and ``resume()`` opens it again at the frame after the last one
delivered, on the same timeline: a live game is never rewound.

    >>> import tempfile, pathlib, cv2, numpy as np
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for i in range(2):
    ...     _ = cv2.imwrite(str(folder / f"f{i}.png"), np.zeros((4, 6, 3), np.uint8))
    >>> with open_camera_replay(folder, fps=10) as camera:
    ...     camera.size, [(f.index, f.timestamp) for f in camera]
    ((6, 4), [(0, 0.0), (1, 0.1)])
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from hardware.camera import CameraBase, Frame, Image
from hardware.camera_record import recorded_times
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    ConfigurationError,
    EndOfStream,
    HardwareError,
)
from hardware.frame_headers import header_size, usual_size

#: A recorded frame is read only within these limits, checked before it is decoded (a
#: frame beyond them is skipped and counted like a corrupt one; a video beyond them is
#: refused): the daemon's input limits (companion/inputs.py, docs/install.md).
MAX_FRAME_BYTES = 128 * 1024 * 1024
MAX_FRAME_PIXELS = 50_000_000

#: How many frames' headers, spread over a folder, decide the size of its frames.
SIZE_SAMPLE = 9

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
DEFAULT_FPS = 30.0
CV2_HINT = "pip install opencv-python-headless (a dependency of table-companion)"


class _UnreadableError(HardwareError):
    """A recorded frame that cannot be decoded: passed over, never a lost camera."""


class _OtherSizeError(_UnreadableError):
    """A recorded frame whose header gives another size than most of the recording's."""

    def __init__(self, size: tuple[int, int], usual: tuple[int, int]) -> None:
        super().__init__(f"{size[0]}x{size[1]}")
        self.size = size
        self.usual = usual


class _Source(Protocol):
    """Recorded frames: the next image (None at the end), back to the start, and the
    same recording opened again at a place (CameraNotFoundError while it is away)."""

    name: str
    #: Where the next image is in the recording (0: its first).
    position: int

    def next_image(self) -> Image | None: ...

    def rewind(self) -> None: ...

    def release(self) -> None: ...

    def reopen(self, position: int) -> _Source: ...

    def time_of_last(self) -> float | None:
        """The recorded time of the image last given (None: the recording keeps none)."""
        ...


def _cv2() -> Any:
    try:
        import cv2
    except ImportError as exc:
        raise BackendUnavailableError(f"replay camera needs OpenCV (cv2): {CV2_HINT}") from exc
    return cv2


def _natural_key(path: Path) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


class _Folder:
    """Image files of a folder in natural name order.

    A file that cannot be decoded is passed over (``_UnreadableError``); a folder that is
    gone (renamed, unmounted) is a lost camera, and the frame stays the next one.
    """

    def __init__(self, folder: Path, files: list[Path] | None = None, grey: bool = False) -> None:
        self.name = str(folder)
        self.folder = folder
        self.grey = grey
        self.files = files if files is not None else self._listing(folder)
        if not self.files:
            suffixes = "/".join(s.lstrip(".") for s in IMAGE_SUFFIXES)
            raise ConfigurationError(f"camera.path: no frames ({suffixes}) in the folder {folder}")
        self._cv2 = _cv2()
        self.position = 0
        #: Each frame's time when every name carries one (hardware.camera_record's).
        self.times = recorded_times(self.files)
        #: The size (in the files' headers) of most frames; None if no header is read.
        self.usual = usual_size(self.files, SIZE_SAMPLE, MAX_FRAME_BYTES, MAX_FRAME_PIXELS)

    def time_of_last(self) -> float | None:
        return None if self.times is None else self.times[self.position - 1]

    @staticmethod
    def _listing(folder: Path) -> list[Path]:
        return sorted(
            (p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
            key=_natural_key,
        )

    def next_image(self) -> Image | None:
        if self.position >= len(self.files):
            return None
        path = self.files[self.position]
        size, usual = header_size(path, MAX_FRAME_BYTES, MAX_FRAME_PIXELS), self.usual
        if size is not None and usual is not None and size != usual:
            self.position += 1
            raise _OtherSizeError(size, usual)  # not decoded
        image = None if size is None else self._decode(path)
        if image is None and not self.folder.is_dir():
            raise CameraLostError(
                f"replay {self.name}: the folder is gone (next frame {path.name})"
            )
        self.position += 1
        if image is None:
            raise _UnreadableError(f"replay frame {path}: cannot be read as an image")
        return image

    def _decode(self, path: Path) -> Image | None:
        """The image, or None; OpenCV's own stderr line for a corrupt file is silenced (the
        daemon logs the first skip and counts the rest, not one line per frame); only a
        file whose header was read within the limits (frame_headers.header_size)."""
        opencv_log = self._cv2.utils.logging
        level = opencv_log.getLogLevel()
        opencv_log.setLogLevel(opencv_log.LOG_LEVEL_SILENT)
        try:
            mode = self._cv2.IMREAD_GRAYSCALE if self.grey else self._cv2.IMREAD_COLOR
            image: Image | None = self._cv2.imread(str(path), mode)
        finally:
            opencv_log.setLogLevel(level)
        return image

    def rewind(self) -> None:
        self.position = 0

    def release(self) -> None:
        """Nothing is held open between frames."""

    def reopen(self, position: int) -> _Folder:
        """The same files (the recording, not whatever the folder holds now) from ``position``."""
        if not self.folder.is_dir():
            raise CameraNotFoundError(f"replay {self.name}: the folder is still gone")
        again = _Folder(self.folder, self.files, self.grey)
        again.position = position
        return again


class _Video:
    """A video file decoded by OpenCV."""

    def __init__(self, path: Path, grey: bool = False) -> None:
        self.name = str(path)
        self.path = path
        self.grey = grey
        self._cv2 = _cv2()
        self._capture = self._cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise ConfigurationError(f"camera.path: {path} cannot be opened as a video")
        self.fps = float(self._capture.get(self._cv2.CAP_PROP_FPS) or 0.0)
        width = int(self._capture.get(self._cv2.CAP_PROP_FRAME_WIDTH) or 0)
        height = int(self._capture.get(self._cv2.CAP_PROP_FRAME_HEIGHT) or 0)
        if width * height > MAX_FRAME_PIXELS:
            self._capture.release()
            raise ConfigurationError(
                f"camera.path: {path}: frames of {width}x{height} are more than "
                f"{MAX_FRAME_PIXELS:,} pixels"
            )
        self.position = 0

    def next_image(self) -> Image | None:
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        self.position += 1
        if self.grey:
            image = self._cv2.cvtColor(image, self._cv2.COLOR_BGR2GRAY)
        decoded: Image = image
        return decoded

    def rewind(self) -> None:
        self._capture.set(self._cv2.CAP_PROP_POS_FRAMES, 0)
        self.position = 0

    def release(self) -> None:
        self._capture.release()

    def time_of_last(self) -> float | None:
        return None

    def reopen(self, position: int) -> _Video:
        if not self.path.is_file():
            raise CameraNotFoundError(f"replay {self.name}: the video is still gone")
        try:
            again = _Video(self.path, self.grey)
        except ConfigurationError as exc:
            raise CameraNotFoundError(f"replay {self.name}: {exc}") from None
        if position:
            again._capture.set(self._cv2.CAP_PROP_POS_FRAMES, position)
            again.position = position
        return again


class ReplayCamera(CameraBase):
    """Frames of a recording; EndOfStream after the last unless ``loop``.

    ``index`` (the frame's place on the timeline) counts every frame of the
    recording, the skipped ones too, so timestamps stay the recording's own; with
    ``loop`` it goes on counting.
    """

    kind = "replay"

    def __init__(
        self,
        source: _Source,
        *,
        fps: float = DEFAULT_FPS,
        loop: bool = False,
        realtime: bool = False,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        size: tuple[int, int] | None = None,
        index: int = 0,
    ) -> None:
        self._source = source
        self._fps = fps
        self._loop = loop
        self._realtime = realtime
        self._clock = clock
        self._sleep = sleep
        self._start: float | None = None
        #: The timeline index of the next frame; whether this pass gave a frame yet.
        self._index = index
        self._seen_this_pass = size is not None
        self._first: Image | None = None
        super().__init__(size or (0, 0))  # (0, 0): not known until the first frame is read
        if size is None:
            try:
                self._first = self._next_image()
            except (EndOfStream, CameraLostError):
                source.release()
                raise ConfigurationError(
                    f"camera.path: {source.name} holds no frame that can be read"
                ) from None
            self._size = (int(self._first.shape[1]), int(self._first.shape[0]))

    def _read(self, timeout: float) -> Frame:
        image = self._first if self._first is not None else self._next_image()
        self._first = None
        index = self._index
        self._index += 1
        recorded = None if self._loop else self._source.time_of_last()
        timestamp = index / self._fps if recorded is None else recorded
        if self._realtime:
            self._pace(timestamp)
        return Frame(image, timestamp, index)

    def _next_image(self) -> Image:
        """The next frame that can be used, passing over (and counting) the rest: the
        files that cannot be decoded and the frames of another size."""
        while True:
            try:
                image = self._source.next_image()
            except _OtherSizeError as exc:
                self._pass_over(self._other_size(exc.size, exc.usual))
                continue
            except _UnreadableError as exc:
                self._pass_over(str(exc))
                continue
            if image is None:
                self._at_the_end()
                continue
            height, width = image.shape[:2]
            if self.size in ((0, 0), (width, height)):
                self._seen_this_pass = True
                return image
            self._pass_over(self._other_size((width, height), self.size))

    def _other_size(self, size: tuple[int, int], usual: tuple[int, int]) -> str:
        return (
            f"replay {self._source.name}: frame {self._index} is {size[0]}x{size[1]},"
            f" the recording is {usual[0]}x{usual[1]}"
        )

    def _pass_over(self, note: str) -> None:
        self._skip(note)
        self._index += 1  # the frame keeps its place on the timeline

    def _at_the_end(self) -> None:
        """EndOfStream, or back to the start for ``loop`` (a lost camera if a whole pass
        gave nothing: a loop that can read nothing must not spin)."""
        if not self._loop:
            raise EndOfStream(f"replay {self._source.name}: all {self._index} frames read")
        if not self._seen_this_pass:
            raise CameraLostError(f"replay {self._source.name}: no frame can be read")
        self._source.rewind()
        self._seen_this_pass = False

    def _pace(self, timestamp: float) -> None:
        """Wait until the frame's time has come on the clock: a live camera's rhythm."""
        now = self._clock()
        if self._start is None:
            self._start = now - timestamp
        wait = self._start + timestamp - now
        if wait > 0:
            self._sleep(wait)

    def resume(self) -> ReplayCamera:
        """The recording opened again after the last frame delivered (a frame read but
        not yet given is read again); CameraNotFoundError while it is away."""
        pending = 1 if self._first is not None else 0
        source = self._source.reopen(self._source.position - pending)
        return ReplayCamera(
            source,
            fps=self._fps,
            loop=self._loop,
            realtime=self._realtime,
            clock=self._clock,
            sleep=self._sleep,
            size=self.size,
            index=self._index,
        )

    def _close(self) -> None:
        self._source.release()


def open_camera_replay(
    path: Path | str,
    *,
    fps: float | None = None,
    loop: bool = False,
    realtime: bool = False,
    grey: bool = False,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> ReplayCamera:
    """A replay of a folder of frames or a video; ``fps`` defaults to the video's own, else 30.
    ``grey``: HxW grey frames (the Pi camera's YUV420 Y plane) instead of BGR."""
    path = Path(path).expanduser()
    source: _Folder | _Video
    if path.is_dir():
        source = _Folder(path, grey=grey)
        rate = fps or DEFAULT_FPS
    elif path.is_file():
        source = _Video(path, grey)
        rate = fps or source.fps or DEFAULT_FPS
    else:
        raise ConfigurationError(
            f"camera.path: {path} does not exist (a folder of frames or a video)"
        )
    if not rate > 0:
        raise ConfigurationError(f"camera.fps must be more than 0, not {rate!r}")
    return ReplayCamera(source, fps=rate, loop=loop, realtime=realtime, clock=clock, sleep=sleep)
