"""A recording named on the command line (``run --source``, ``replay SOURCE``), checked
before anything is opened: one line naming it and what it should have held.

A recording is a folder of frames (image files, read in name order) or a video file.
Each mistake a person makes with one is said in their words, not the settings keys
(``camera.path``) of the configuration file they never wrote:

    >>> import tempfile
    >>> empty = tempfile.mkdtemp()
    >>> try:
    ...     check_recording(empty, option="--source")
    ... except ValueError as exc:
    ...     print(str(exc).replace(empty, "EMPTY").split(" (")[0])
    --source EMPTY: no frames in this folder
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from companion.errors import UsageError

#: Suffixes of a video that sits in a folder given instead of the video itself.
VIDEO_SUFFIXES = (".mp4", ".mkv", ".avi", ".mov", ".webm", ".h264", ".mjpeg")


def check_recording(source: Path | str, *, option: str | None) -> None:
    """Refuse a recording that cannot be replayed, with :class:`UsageError` naming it
    (after ``option``, the command line's name for it: ``--source``): a path that is not
    there, a folder that cannot be read or holds no frames, a file that cannot be read
    or is not a video (OpenCV opens it to see)."""
    from hardware.camera_replay import IMAGE_SUFFIXES  # numpy: only once a recording is named

    path = Path(source).expanduser()
    name = f"{option} {source}" if option else str(source)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise UsageError(
            f"{name}: no such folder of frames or video (expected a folder of "
            f"{_frames(IMAGE_SUFFIXES)}, or a video file)"
        ) from None
    except OSError as exc:
        raise UsageError(f"{name}: cannot be read ({exc.strerror})") from None
    if stat.S_ISDIR(mode):
        _check_folder(path, name, IMAGE_SUFFIXES)
    elif stat.S_ISREG(mode):
        _check_video(path, name, IMAGE_SUFFIXES)
    else:
        raise UsageError(
            f"{name}: not a regular file nor a folder (expected a folder of frames or a video)"
        )


def _frames(suffixes: tuple[str, ...]) -> str:
    """``image files: .png, .jpg or .bmp``."""
    return "image files: " + " or ".join((", ".join(suffixes[:-1]), suffixes[-1]))


def _check_folder(path: Path, name: str, suffixes: tuple[str, ...]) -> None:
    try:
        entries = list(os.scandir(path))
    except OSError as exc:
        raise UsageError(f"{name}: the folder cannot be read ({exc.strerror})") from None
    files = [e for e in entries if e.is_file()]
    if any(Path(e.name).suffix.lower() in suffixes for e in files):
        return
    videos = sorted(e.name for e in files if Path(e.name).suffix.lower() in VIDEO_SUFFIXES)
    hint = (
        f"; it holds the video {videos[0]}: name that file instead"
        if videos
        else ", one per frame, or name a video file instead"
    )
    raise UsageError(f"{name}: no frames in this folder (expected {_frames(suffixes)}{hint})")


def _check_video(path: Path, name: str, suffixes: tuple[str, ...]) -> None:
    if path.suffix.lower() in suffixes:
        raise UsageError(
            f"{name}: one image, not a recording (expected a folder of frames or a video)"
        )
    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        raise UsageError(f"{name}: cannot be read ({exc.strerror})") from None
    import cv2  # the replay camera's decoder; only here, where a video is named

    capture = cv2.VideoCapture(str(path))
    try:
        if not capture.isOpened():
            raise UsageError(
                f"{name}: not a video that can be played (expected a video file such as "
                f".mp4 or .mkv, or a folder of {_frames(suffixes)})"
            )
    finally:
        capture.release()
