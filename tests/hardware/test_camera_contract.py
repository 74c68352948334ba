"""One contract over every camera backend that loads here (issue 4 section 1).

Each backend films the same numbered frames (told apart by their grey level):
size, frames in order, timestamps increasing, the end (EndOfStream for a replay
or synthetic source, CameraLostError for a live camera that stops sending), a
lost camera raising CameraLostError, close idempotent, the context manager and
iteration. Live backends (OpenCV, picamera2) run over injected fakes; replays over
PNG and JPEG folders and videos this OpenCV writes (mp4v in .mp4, MJPG in .avi).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from camera_devices import FakeVideoCapture, numbered_images, picamera2_class

from hardware.camera import KINDS, Camera, CameraLostError, EndOfStream, Frame, open_camera

N = 5
SIZE = (64, 48)


@dataclass(frozen=True)
class Backend:
    name: str
    open: Callable[[Path, list[Any]], Camera]
    #: What a finished source raises: EndOfStream, or CameraLostError for a live camera.
    end: type[Exception]
    #: Every frame delivered (no drops) with its exact pixels.
    exact: bool = True
    #: How far a lossy codec may move a grey level.
    tolerance: int = 0


def _write_folder(folder: Path, images: list[Any], suffix: str) -> Path:
    folder.mkdir()
    for i, image in enumerate(images):
        assert cv2.imwrite(str(folder / f"frame{i}{suffix}"), image)
    return folder


def _write_video(path: Path, images: list[Any], fourcc: str) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*fourcc), 25.0, SIZE)
    assert writer.isOpened(), f"this OpenCV cannot write {fourcc}"
    for image in images:
        writer.write(image)
    writer.release()
    return path


def _opencv(tmp: Path, images: list[Any]) -> Camera:
    return open_camera("opencv", factory=FakeVideoCapture(images), width=SIZE[0], height=SIZE[1])


def _picamera2(tmp: Path, images: list[Any]) -> Camera:
    return open_camera("picamera2", factory=picamera2_class(images), width=64, height=48)


BACKENDS = [
    Backend("fake", lambda tmp, images: open_camera("fake", frames=images), EndOfStream),
    Backend(
        "synthetic-render",
        lambda tmp, images: open_camera("synthetic", render=images.__getitem__, count=len(images)),
        EndOfStream,
    ),
    Backend(
        "synthetic-frames",
        lambda tmp, images: open_camera("synthetic", frames=iter(images)),
        EndOfStream,
    ),
    Backend(
        "replay-png",
        lambda tmp, images: open_camera(
            "replay", path=str(_write_folder(tmp / "f", images, ".png"))
        ),
        EndOfStream,
    ),
    Backend(
        "replay-jpg",
        lambda tmp, images: open_camera(
            "replay", path=str(_write_folder(tmp / "f", images, ".jpg"))
        ),
        EndOfStream,
        tolerance=3,
    ),
    Backend(
        "replay-mp4v",
        lambda tmp, images: open_camera(
            "replay", path=str(_write_video(tmp / "v.mp4", images, "mp4v"))
        ),
        EndOfStream,
        tolerance=8,
    ),
    Backend(
        "replay-mjpg",
        lambda tmp, images: open_camera(
            "replay", path=str(_write_video(tmp / "v.avi", images, "MJPG"))
        ),
        EndOfStream,
        tolerance=8,
    ),
    Backend("opencv-fake-capture", _opencv, CameraLostError, exact=False),
    Backend("picamera2-fake", _picamera2, CameraLostError),
]


def test_the_contract_covers_every_registered_camera() -> None:
    """The contract's cases come from the port's registry: a new backend needs a case."""
    assert {b.name.split("-")[0] for b in BACKENDS} == set(KINDS)


@pytest.fixture(params=BACKENDS, ids=[b.name for b in BACKENDS])
def backend(request: pytest.FixtureRequest) -> Backend:
    spec: Backend = request.param
    return spec


def _read_all(camera: Camera) -> tuple[list[Frame], BaseException]:
    frames: list[Frame] = []
    while True:
        try:
            frames.append(camera.read(timeout=2.0))
        except (EndOfStream, CameraLostError) as exc:
            return frames, exc


def _matches(frame: Frame, images: list[Any], tolerance: int) -> bool:
    want = images[frame.index]
    if frame.image.shape != want.shape or frame.image.dtype != np.uint8:
        return False
    return bool(np.abs(frame.image.astype(int) - want.astype(int)).max() <= tolerance)


def test_size_frames_in_order_and_the_end(backend: Backend, tmp_path: Path) -> None:
    images = numbered_images(N, SIZE)
    with backend.open(tmp_path, images) as camera:
        assert isinstance(camera, Camera)
        assert camera.size == SIZE
        frames, end = _read_all(camera)
    assert isinstance(end, backend.end)
    assert frames, "no frame before the end"
    indices = [f.index for f in frames]
    stamps = [f.timestamp for f in frames]
    assert indices == sorted(set(indices)), indices
    assert all(a < b for a, b in itertools.pairwise(stamps)), stamps
    assert all(f.size == SIZE for f in frames)
    assert all(_matches(f, images, backend.tolerance) for f in frames)
    if backend.exact:
        assert indices == list(range(N))


def test_close_is_idempotent_and_a_closed_camera_reads_nothing(
    backend: Backend, tmp_path: Path
) -> None:
    camera = backend.open(tmp_path, numbered_images(N, SIZE))
    camera.read(timeout=2.0)
    camera.close()
    camera.close()
    with pytest.raises(CameraLostError, match="after close"):
        camera.read()


def test_the_context_manager_closes(backend: Backend, tmp_path: Path) -> None:
    with backend.open(tmp_path, numbered_images(N, SIZE)) as camera:
        pass
    with pytest.raises(CameraLostError):
        camera.read()


def test_resume_goes_on_after_the_last_frame_delivered(backend: Backend, tmp_path: Path) -> None:
    """Issue 13: a source with a position is opened again where it was (its timeline
    only goes forward); a live camera answers None (the daemon opens it anew)."""
    images = numbered_images(N, SIZE)
    camera = backend.open(tmp_path, images)
    last = [camera.read(timeout=2.0) for _ in range(2)][-1]
    camera.close()
    again = camera.resume()
    if again is None:
        assert backend.name.startswith(("fake", "opencv", "picamera2"))
        return
    with again:
        frame = again.read(timeout=2.0)
    assert again.size == SIZE
    assert frame.index > last.index and frame.timestamp > last.timestamp
    assert _matches(frame, images, backend.tolerance)
    if backend.exact:
        assert frame.index == last.index + 1


def test_iteration_ends_at_the_end_of_stream(backend: Backend, tmp_path: Path) -> None:
    """A finished replay ends the loop; a live camera that stops sending raises."""
    with backend.open(tmp_path, numbered_images(N, SIZE)) as camera:
        if backend.end is EndOfStream:
            assert [f.index for f in camera] == list(range(N))
        else:
            with pytest.raises(CameraLostError):
                for _ in camera:
                    pass


# -- a camera that is lost in the middle --------------------------------------------


def _lost_fake(tmp: Path, images: list[Any]) -> Camera:
    camera = open_camera("fake", frames=images)
    camera.read()
    camera.fail_next()  # type: ignore[attr-defined]
    return camera


def _lost_synthetic(tmp: Path, images: list[Any]) -> Camera:
    camera = open_camera("synthetic", frames=images, lose_after=1)
    camera.read()
    return camera


def _lost_replay(tmp: Path, images: list[Any]) -> Camera:
    folder = _write_folder(tmp / "f", images[:2], ".png")
    camera = open_camera("replay", path=str(folder))
    camera.read()
    folder.rename(tmp / "away")  # a corrupt frame is skipped; a folder gone is a lost camera
    return camera


def _lost_opencv(tmp: Path, images: list[Any]) -> Camera:
    camera = open_camera("opencv", factory=FakeVideoCapture(images[:1]))
    camera.read(timeout=2.0)
    return camera


def _lost_picamera2(tmp: Path, images: list[Any]) -> Camera:
    cls = picamera2_class(images)
    camera = open_camera("picamera2", factory=cls, width=64, height=48)
    camera.read()
    cls.instances[-1].fail_with = RuntimeError("Camera frontend has timed out!")
    return camera


LOSERS = {
    "fake": _lost_fake,
    "synthetic": _lost_synthetic,
    "replay": _lost_replay,
    "opencv": _lost_opencv,
    "picamera2": _lost_picamera2,
}


@pytest.mark.parametrize("name", LOSERS)
def test_a_lost_camera_raises_camera_lost_error(name: str, tmp_path: Path) -> None:
    """A camera that fails in use raises at once (the daemon retries), never hangs."""
    camera = LOSERS[name](tmp_path, numbered_images(N, SIZE))
    with pytest.raises(CameraLostError):
        camera.read(timeout=2.0)
    camera.close()
