"""The replay camera: recorded frames (a folder of images, or a video file) on their own clock.

``companion replay`` and the benchmarks read a recorded game through the very
pipeline the daemon runs; the replay gives the frames as fast as they are read,
with timestamps on the recording's timeline (``index / fps``; in a folder the
companion recorded, the time in each frame's name: :mod:`hardware.camera_record`), so
the result does not depend on the machine's speed. With ``realtime`` it paces itself like a live
camera (through an injected clock and sleep), for the desktop demo.

A folder is read in natural name order (``frame2.png`` before ``frame10.png``)
(the folder and the video are sources: :mod:`hardware.camera_replay_sources`);
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

import time
from collections.abc import Callable
from pathlib import Path

from hardware.camera import CameraBase, Frame, Image
from hardware.camera_replay_sources import (
    IMAGE_SUFFIXES,
    MAX_FRAME_BYTES,
    MAX_FRAME_PIXELS,
    FolderSource,
    OtherSizeFrameError,
    Source,
    UnreadableFrameError,
    VideoSource,
)
from hardware.errors import CameraLostError, ConfigurationError, EndOfStream

DEFAULT_FPS = 30.0


class ReplayCamera(CameraBase):
    """Frames of a recording; EndOfStream after the last unless ``loop``.

    ``index`` (the frame's place on the timeline) counts every frame of the
    recording, the skipped ones too, so timestamps stay the recording's own; with
    ``loop`` it goes on counting.
    """

    kind = "replay"

    def __init__(
        self,
        source: Source,
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
                raise ConfigurationError(self._none_read()) from None
            self._size = (int(self._first.shape[1]), int(self._first.shape[0]))

    def _none_read(self) -> str:
        """The refusal of a recording that gives no frame: why, and what it should hold."""
        name = self._source.name
        if not self.skipped:
            return f"camera.path: {name} holds no frame that can be read; {self._source.expected}"
        passed = "1 frame" if self.skipped == 1 else f"all {self.skipped} frames"
        return (
            f"camera.path: {name} holds no frame that can be read ({passed} passed over, "
            f"the last: {self.skip_note.removeprefix('replay ')}); {self._source.expected}"
        )

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
            except OtherSizeFrameError as exc:
                self._pass_over(self._other_size(exc.size, exc.usual))
                continue
            except UnreadableFrameError as exc:
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
            f"replay {self._source.last_frame()} is {size[0]}x{size[1]},"
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
    source: FolderSource | VideoSource
    if path.is_dir():
        source = FolderSource(path, grey=grey)
        rate = fps or DEFAULT_FPS
    elif path.is_file():
        source = VideoSource(path, grey)
        rate = fps or source.fps or DEFAULT_FPS
    else:
        raise ConfigurationError(
            f"camera.path: {path} does not exist (a folder of frames or a video)"
        )
    if not rate > 0:
        raise ConfigurationError(f"camera.fps must be more than 0, not {rate!r}")
    return ReplayCamera(source, fps=rate, loop=loop, realtime=realtime, clock=clock, sleep=sleep)


__all__ = [  # the sources' limits and suffixes are read here by their users
    "DEFAULT_FPS",
    "IMAGE_SUFFIXES",
    "MAX_FRAME_BYTES",
    "MAX_FRAME_PIXELS",
    "ReplayCamera",
    "open_camera_replay",
]
