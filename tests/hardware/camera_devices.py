"""Stand-ins for the vendor camera objects: a Picamera2 class and an OpenCV VideoCapture.

They behave like the real ones where the backends depend on it: picamera2's
``capture_arrays(["main"], wait=False)`` returns a job whose
``get_result(timeout)`` raises TimeoutError when no frame comes; VideoCapture's
``read()`` returns ``(False, None)`` once the camera is gone.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

FRAME_NS = 33_333_333
#: The Camera Module 3's (imx708) full size.
SENSOR_RESOLUTION = (4608, 2592)
AF_CONTROLS = {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0)}
PLAIN_CONTROLS = {"ExposureTime": (75, 11_766_829, None), "AeExposureMode": (0, 3, 0)}
#: A libcamera with flicker avoidance (Raspberry Pi OS Bookworm's and later).
FLICKER_CONTROLS = {"AeFlickerMode": (0, 1, 0), "AeFlickerPeriod": (100, 1_000_000, None)}


def picamera2_class(
    frames: list[Any],
    *,
    cameras: int = 1,
    autofocus: bool = True,
    flicker: bool = True,
    metadata: bool = True,
    fail_with: BaseException | None = None,
    busy: bool = False,
    start_fails: bool = False,
) -> Any:
    """A Picamera2 look-alike class that films ``frames``, then stops sending."""

    class Job:
        def __init__(self, camera: FakePicamera2) -> None:
            self.camera = camera
            self.done = False

        def get_result(self, timeout: float | None = None) -> Any:
            camera = self.camera
            camera.waits.append(timeout)
            if camera.fail_with is not None:
                raise camera.fail_with
            if not camera.frames:
                raise TimeoutError  # concurrent.futures' timeout: the camera sends nothing
            image = camera.frames.pop(0)
            camera.sequence += 1
            self.done = True
            meta = {"SensorTimestamp": 5_000_000_000 + camera.sequence * FRAME_NS}
            return [image], (meta if metadata else {})

    class FakePicamera2:
        instances: list[FakePicamera2] = []  # noqa: RUF012 - a test's record

        @staticmethod
        def global_camera_info() -> list[dict[str, Any]]:
            return [{"Model": "imx708", "Num": n, "Id": f"/base/cam{n}"} for n in range(cameras)]

        def __init__(self, camera_num: int = 0) -> None:
            if busy:
                raise RuntimeError("Failed to acquire camera: Device or resource busy")
            self.camera_num = camera_num
            self.frames = list(frames)
            self.fail_with = fail_with
            self.camera_controls = {
                **PLAIN_CONTROLS,
                **(AF_CONTROLS if autofocus else {}),
                **(FLICKER_CONTROLS if flicker else {}),
            }
            self.sensor_resolution = SENSOR_RESOLUTION
            self.calls: list[str] = []
            self.configs: list[dict[str, Any]] = []
            self.waits: list[float | None] = []
            self.jobs: list[Job] = []
            self.sequence = 0
            FakePicamera2.instances.append(self)

        def create_video_configuration(
            self,
            main: dict[str, Any],
            controls: dict[str, Any],
            transform: Any = None,
            buffer_count: int | None = None,
        ) -> dict[str, Any]:
            config = {"main": dict(main), "controls": dict(controls), "transform": transform}
            if buffer_count is not None:
                config["buffer_count"] = buffer_count
            self.configs.append(config)
            return config

        def configure(self, config: dict[str, Any]) -> None:
            self.calls.append("configure")

        def start(self) -> None:
            self.calls.append("start")
            if start_fails:
                raise RuntimeError("Failed to start camera: Invalid argument")

        def capture_arrays(self, names: list[str], wait: Any = None) -> Job:
            assert names == ["main"] and wait is False
            self.jobs.append(Job(self))
            return self.jobs[-1]

        def stop(self) -> None:
            self.calls.append("stop")

        def close(self) -> None:
            self.calls.append("close")

    return FakePicamera2


class FakeVideoCapture:
    """A webcam: ``frames``, then ``read`` returns (False, None) as an unplugged camera does.

    ``shutter`` (an Event) makes each read wait for it; ``raises`` makes read raise.
    """

    def __init__(
        self,
        frames: list[Any],
        *,
        opened: bool = True,
        shutter: threading.Event | None = None,
        raises: BaseException | None = None,
        reported: tuple[int, int] | None = None,
    ) -> None:
        self.frames = list(frames)
        self.opened = opened
        self.shutter = shutter
        self.raises = raises
        self.reported = reported
        self.props: dict[int, float] = {}
        self.opened_with: tuple[Any, int] | None = None
        self.released = 0
        self.reads = 0

    def __call__(self, device: Any, api: int) -> FakeVideoCapture:
        """Stands for the VideoCapture class: ``factory(device, api)``."""
        self.opened_with = (device, api)
        return self

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        self.props[prop] = value
        return True

    def get(self, prop: int) -> float:
        import cv2

        if self.reported is not None and prop == cv2.CAP_PROP_FRAME_WIDTH:
            return float(self.reported[0])
        if self.reported is not None and prop == cv2.CAP_PROP_FRAME_HEIGHT:
            return float(self.reported[1])
        return float(self.props.get(prop, 0.0))

    def read(self) -> tuple[bool, Any]:
        self.reads += 1
        if self.shutter is not None:
            self.shutter.wait()
        if self.raises is not None:
            raise self.raises
        if not self.frames:
            return False, None
        return True, self.frames.pop(0)

    def release(self) -> None:
        self.released += 1


def numbered_images(count: int, size: tuple[int, int] = (64, 48)) -> list[Any]:
    """Frames told apart by their grey level (20, 60, 100, ...), which codecs keep."""
    width, height = size
    return [np.full((height, width, 3), 20 + 40 * i, np.uint8) for i in range(count)]
