"""``kind = "replay"`` of ``[camera]``: its keys decoded, then the recording opened.

>>> open_from_settings(Settings("camera", {"path": "no/such/folder"}))
Traceback (most recent call last):
...
hardware.errors.ConfigurationError: camera.path: no/such/folder does not exist (a folder of frames or a video)
"""  # noqa: E501

from __future__ import annotations

import time
from dataclasses import dataclass

from hardware.camera_replay import ReplayCamera, open_camera_replay
from hardware.errors import ConfigurationError
from hardware.settings import Settings
from hardware.settings_decoder import PathText, Rate


@dataclass(frozen=True)
class ReplaySettings:
    """``path`` (required); ``fps`` defaults to the video's own (a folder's: 30)."""

    path: PathText = ""
    fps: Rate | None = None
    loop: bool = False
    realtime: bool = False
    grey: bool = False


def open_from_settings(settings: Settings) -> ReplayCamera:
    """The keys of :class:`ReplaySettings`; ``clock`` and ``sleep`` from tests."""
    if not settings.has("path"):
        raise ConfigurationError("camera.path is required for the replay camera")
    given = settings.decode(ReplaySettings)
    clock = settings.clock()
    sleep = settings.value("sleep", time.sleep, callable, "a function (seconds) -> None")
    settings.done()
    return open_camera_replay(
        given.path,
        fps=given.fps,
        loop=given.loop,
        realtime=given.realtime,
        grey=given.grey,
        clock=clock,
        sleep=sleep,
    )
