"""Where the replay camera's frames come from: a folder of image files, or a video file.

A source gives the next image (None at the end), goes back to the start, and opens the
same recording again at a place (:mod:`hardware.camera_replay` plays it on its
timeline). A folder is read in natural name order (``frame2.png`` before
``frame10.png``) and holds PNG, JPEG or BMP frames; a video is anything OpenCV
decodes. A frame that cannot be used is raised as :class:`UnreadableFrameError`, which
the camera passes over and counts: a file that cannot be decoded, one beyond the
limits (:data:`MAX_FRAME_BYTES`, :data:`MAX_FRAME_PIXELS`, said with its size), and one
of another size than most of the recording's (:class:`OtherSizeFrameError`).

    >>> import tempfile, pathlib, cv2, numpy as np
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = cv2.imwrite(str(folder / "f1.png"), np.zeros((4, 6, 3), np.uint8))
    >>> source = FolderSource(folder)
    >>> source.next_image().shape, source.next_image()
    ((4, 6, 3), None)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Protocol

from hardware.camera import Image
from hardware.camera_record import recorded_times
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    ConfigurationError,
    HardwareError,
)
from hardware.frame_headers import beyond_limits, header_size, megapixels, usual_size

#: A recorded frame is read only within these limits, checked before it is decoded (a
#: frame beyond them is skipped and counted like a corrupt one; a video beyond them is
#: refused): the daemon's input limits (companion/inputs.py, docs/install.md).
MAX_FRAME_BYTES = 128 * 1024 * 1024
MAX_FRAME_PIXELS = 50_000_000

#: How many frames' headers, spread over a folder, decide the size of its frames.
SIZE_SAMPLE = 9

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
CV2_HINT = "pip install opencv-python-headless (a dependency of table-companion)"


class UnreadableFrameError(HardwareError):
    """A recorded frame that cannot be decoded: passed over, never a lost camera."""


class OtherSizeFrameError(UnreadableFrameError):
    """A recorded frame whose header gives another size than most of the recording's."""

    def __init__(self, size: tuple[int, int], usual: tuple[int, int]) -> None:
        super().__init__(f"{size[0]}x{size[1]}")
        self.size = size
        self.usual = usual


class Source(Protocol):
    """Recorded frames: the next image (None at the end), back to the start, and the
    same recording opened again at a place (CameraNotFoundError while it is away)."""

    name: str
    #: Where the next image is in the recording (0: its first).
    position: int
    #: What the source should hold, said to a person whose recording gives no frame.
    expected: str

    def next_image(self) -> Image | None: ...

    def rewind(self) -> None: ...

    def release(self) -> None: ...

    def reopen(self, position: int) -> Source: ...

    def time_of_last(self) -> float | None:
        """The recorded time of the image last given (None: the recording keeps none)."""
        ...

    def last_frame(self) -> str:
        """The image last given or passed over, as a person finds it: ``frame PATH`` of
        a folder, ``VIDEO: frame 12`` of a video (counted from 0)."""
        ...


def _cv2() -> Any:
    try:
        import cv2
    except ImportError as exc:
        raise BackendUnavailableError(f"replay camera needs OpenCV (cv2): {CV2_HINT}") from exc
    return cv2


def _natural_key(path: Path) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


def _suffixes() -> str:
    """``.png, .jpg, .jpeg or .bmp``."""
    return f"{', '.join(IMAGE_SUFFIXES[:-1])} or {IMAGE_SUFFIXES[-1]}"


#: What a folder of frames should hold (the end of a refusal: what to do).
FOLDER_EXPECTED = (
    f"give a folder of frames of one size as {_suffixes()} files, each at most "
    f"{MAX_FRAME_BYTES // 2**20} MiB and {MAX_FRAME_PIXELS // 10**6} megapixels (a .tif or "
    ".webp is not read: convert it to .png), or a video file"
)
#: What a video should be.
VIDEO_EXPECTED = (
    "give a video file OpenCV can decode (check that it plays in a video player; "
    f"such as .mp4, .mkv or .avi), or a folder of its frames as {_suffixes()} files"
)


class FolderSource:
    """Image files of a folder in natural name order.

    A file that cannot be decoded is passed over (``UnreadableFrameError``); a folder
    that is gone (renamed, unmounted) is a lost camera, and the frame stays the next one.
    """

    expected = FOLDER_EXPECTED

    def __init__(self, folder: Path, files: list[Path] | None = None, grey: bool = False) -> None:
        self.name = str(folder)
        self.folder = folder
        self.grey = grey
        self.files = files if files is not None else self._listing(folder)
        if not self.files:
            raise ConfigurationError(
                f"camera.path: no frames ({_suffixes()}) in the folder {folder}; {self.expected}"
            )
        self._cv2 = _cv2()
        self.position = 0
        #: Each frame's time when every name carries one (hardware.camera_record's).
        self.times = recorded_times(self.files)
        #: The size (in the files' headers) of most frames; None if no header is read.
        self.usual = usual_size(self.files, SIZE_SAMPLE, MAX_FRAME_BYTES, MAX_FRAME_PIXELS)

    def time_of_last(self) -> float | None:
        return None if self.times is None else self.times[self.position - 1]

    def last_frame(self) -> str:
        return f"frame {self.files[self.position - 1]}"

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
            raise OtherSizeFrameError(size, usual)  # not decoded
        image = None if size is None else self._decode(path)
        if image is None and not self.folder.is_dir():
            raise CameraLostError(
                f"replay {self.name}: the folder is gone (next frame {path.name})"
            )
        self.position += 1
        if image is None:
            beyond = None if size else beyond_limits(path, MAX_FRAME_BYTES, MAX_FRAME_PIXELS)
            raise UnreadableFrameError(
                f"replay frame {path}: {beyond or 'cannot be read as an image'}"
            )
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

    def reopen(self, position: int) -> FolderSource:
        """The same files (the recording, not whatever the folder holds now) from ``position``."""
        if not self.folder.is_dir():
            raise CameraNotFoundError(f"replay {self.name}: the folder is still gone")
        again = FolderSource(self.folder, self.files, self.grey)
        again.position = position
        return again


class VideoSource:
    """A video file decoded by OpenCV."""

    expected = VIDEO_EXPECTED

    def __init__(self, path: Path, grey: bool = False) -> None:
        self.name = str(path)
        self.path = path
        self.grey = grey
        self._cv2 = _cv2()
        self._capture = self._cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise ConfigurationError(
                f"camera.path: {path} cannot be opened as a video; {self.expected}"
            )
        self.fps = float(self._capture.get(self._cv2.CAP_PROP_FPS) or 0.0)
        width = int(self._capture.get(self._cv2.CAP_PROP_FRAME_WIDTH) or 0)
        height = int(self._capture.get(self._cv2.CAP_PROP_FRAME_HEIGHT) or 0)
        if width * height > MAX_FRAME_PIXELS:
            self._capture.release()
            raise ConfigurationError(
                f"camera.path: {path}: frames of {width}x{height} ({megapixels(width * height)})"
                f" are beyond the limit of {megapixels(MAX_FRAME_PIXELS)} a frame: scale the "
                "video down, or give a folder of its frames"
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

    def last_frame(self) -> str:
        return f"{self.name}: frame {self.position - 1}"

    def reopen(self, position: int) -> VideoSource:
        if not self.path.is_file():
            raise CameraNotFoundError(f"replay {self.name}: the video is still gone")
        try:
            again = VideoSource(self.path, self.grey)
        except ConfigurationError as exc:
            raise CameraNotFoundError(f"replay {self.name}: {exc}") from None
        if position:
            again._capture.set(self._cv2.CAP_PROP_POS_FRAMES, position)
            again.position = position
        return again
