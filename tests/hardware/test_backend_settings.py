"""Each hardware backend's settings, decoded by msgspec into its frozen dataclass (issue
23's follow-up): refused in one line naming ``section.key``, what it must be and what
was given (issue 22, item 7), as the hand-written checks said it."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from hardware.buttons_gpio import GpioSettings
from hardware.buttons_keyboard import KeyboardSettings
from hardware.buttons_replay import ReplaySettings as ButtonsReplaySettings
from hardware.camera import open_camera
from hardware.camera_fake import FakeSettings as FakeCameraSettings
from hardware.camera_opencv import OpenCVSettings
from hardware.camera_picamera2 import Picamera2Settings
from hardware.camera_replay_settings import ReplaySettings
from hardware.camera_synthetic import SyntheticSettings
from hardware.display import PanelSettings, open_display
from hardware.display_emulator import EmulatorSettings
from hardware.display_fake import FakeSettings as FakeDisplaySettings
from hardware.display_files import FramesSettings, GifSettings
from hardware.display_luma import LumaSettings
from hardware.display_terminal import TerminalSettings
from hardware.errors import ConfigurationError
from hardware.settings import Settings
from hardware.speaker import Voice, open_speaker
from hardware.speaker_espeak import EspeakSettings
from hardware.speaker_fake import FakeSettings as FakeSpeakerSettings
from hardware.speaker_files import FilesSettings

SETTINGS = [
    GpioSettings,
    KeyboardSettings,
    ButtonsReplaySettings,
    FakeCameraSettings,
    OpenCVSettings,
    Picamera2Settings,
    ReplaySettings,
    SyntheticSettings,
    PanelSettings,
    EmulatorSettings,
    FakeDisplaySettings,
    FramesSettings,
    GifSettings,
    LumaSettings,
    TerminalSettings,
    Voice,
    EspeakSettings,
    FakeSpeakerSettings,
    FilesSettings,
]


def _types(hint: Any) -> list[Any]:
    return [hint, *(inner for arg in get_args(hint) for inner in _types(arg))]


@pytest.mark.parametrize("cls", SETTINGS, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_every_backends_settings_are_frozen_and_typed(cls: type[Any]) -> None:
    """Issue 23: a backend's keys are a frozen dataclass whose fields say their shape
    (no ``Any``), each with a default that is itself a value the decoder accepts."""
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    hints = get_type_hints(cls, include_extras=True)
    assert all(Any not in _types(hint) for hint in hints.values()), hints
    Settings("section", {}).decode(cls)


@pytest.mark.parametrize(
    ("open_port", "settings", "message"),
    [
        (open_display, {"rotate": 5}, "display.rotate must be one of 0, 1, 2, 3, not 5"),
        (open_display, {"height": 48}, "display.height must be one of 32, 64, not 48"),
        (open_display, {"width": "128"}, "display.width must be a whole number, not '128'"),
        (open_display, {"port": 1.0}, "display.port must be a whole number, not 1.0"),
        (open_display, {"port": 32}, "display.port must be at most 31, not 32"),
        (open_display, {"driver": "ssd1305"}, "display.driver must be one of sh1106, ssd1306"),
        (open_display, {"persist": 1}, "display.persist must be true or false, not 1"),
        (open_display, {"contrast": None}, "display.contrast must be a whole number, not None"),
    ],
)
def test_a_luma_setting_of_the_wrong_shape_names_the_key_and_the_rule(
    open_port: Any, settings: dict[str, Any], message: str
) -> None:
    """Issue 22, item 7: the luma backend refuses before it looks for the panel."""
    with pytest.raises(ConfigurationError) as caught:
        open_port("luma", **settings)
    assert str(caught.value).startswith(message), caught.value


@pytest.mark.parametrize(
    ("key", "given", "message"),
    [
        ("fps", math.nan, "camera.fps must be a finite number, not nan"),
        ("fps", 0, "camera.fps must be more than 0, not 0"),
        ("fps", True, "camera.fps must be a number, not True"),
        ("width", 0, "camera.width must be at least 1, not 0"),
        ("count", [1], "camera.count must be a whole number, not [1]"),
    ],
)
def test_a_fake_camera_setting_out_of_its_rule_is_named(key: str, given: Any, message: str) -> None:
    """Issue 22, item 7: numbers keep their bounds (a frame rate above 0, finite)."""
    with pytest.raises(ConfigurationError) as caught:
        open_camera("fake", **{key: given})
    assert str(caught.value) == message


def test_a_setting_whose_default_depends_on_another_is_listed_and_checked() -> None:
    """Issue 23: ``fps`` of the replay camera (the video's own by default) is a key the
    backend declares: listed among the known keys, and refused by its rule."""
    with pytest.raises(ConfigurationError, match=r"known: clock, fps, grey, loop, path,"):
        open_camera("replay", path="frames", fsp=5)
    with pytest.raises(ConfigurationError, match=r"^camera.fps must be more than 0, not -1$"):
        open_camera("replay", path="frames", fps=-1)


def test_a_path_handed_in_is_a_path_setting(tmp_path: Path) -> None:
    """A caller may hand a ``Path`` where a file writes text (``speaker.dir``)."""
    with open_speaker("files", dir=tmp_path / "speech", audio=False) as speaker:
        speaker.say("Ana to play", "en")
    assert (tmp_path / "speech").is_dir()
    with pytest.raises(ConfigurationError, match=r"^speaker.dir must be a path, not ''$"):
        open_speaker("files", dir="", audio=False)
    with pytest.raises(ConfigurationError, match=r"^speaker.volume must be at most 100, not 101$"):
        open_speaker("fake", volume=101)
