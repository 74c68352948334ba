"""One contract over every display backend that loads here (issue 5 section 1).

Each backend shows images of its size in mode "1" or "L", refuses the wrong
size, accepts contrast 0-255, closes twice without harm and works as a context
manager. The luma backend runs over luma.core's dummy device; the emulator over
SDL's dummy video driver (no window appears).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from hardware.display import Display, open_display
from hardware.errors import ConfigurationError


def _dummy_device(panel: Any) -> Any:
    from luma.core.device import dummy

    return dummy(panel.width, panel.height, mode="1")


def _settings(kind: str, tmp_path: Path) -> dict[str, Any]:
    settings: dict[str, dict[str, Any]] = {
        "luma": {"device_factory": _dummy_device},
        "emulator": {},
        "frames": {"dir": str(tmp_path / "frames")},
        "gif": {"path": str(tmp_path / "out.gif")},
        "terminal": {"stream": io.StringIO()},
        "fake": {},
    }
    return settings[kind]


KINDS = ("luma", "emulator", "frames", "gif", "terminal", "fake")


@pytest.fixture(
    params=[(kind, height) for kind in KINDS for height in (64, 32)], ids=lambda p: f"{p[0]}-{p[1]}"
)
def display(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Display]:
    kind, height = request.param
    if kind == "emulator":
        pytest.importorskip("pygame")
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with open_display(kind, height=height, **_settings(kind, tmp_path)) as opened:
        yield opened


def test_it_is_a_display_of_a_panel_size(display: Display) -> None:
    assert isinstance(display, Display)
    assert display.size in ((128, 64), (128, 32))


def test_it_shows_mode_1_and_l_images_of_its_size(display: Display) -> None:
    width, height = display.size
    display.show(Image.new("1", (width, height)))
    grey = Image.new("L", (width, height), 0)
    grey.paste(255, (0, 0, width // 2, height))
    display.show(grey)
    display.show(grey)  # an unchanged frame is fine too


def test_it_refuses_an_image_of_another_size(display: Display) -> None:
    with pytest.raises(ValueError, match="the display is 128x"):
        display.show(Image.new("1", (64, 64)))


def test_it_refuses_a_colour_image(display: Display) -> None:
    with pytest.raises(ValueError, match="must be '1' or 'L'"):
        display.show(Image.new("RGB", display.size))


def test_contrast_takes_0_to_255_only(display: Display) -> None:
    display.contrast(0)
    display.contrast(255)
    with pytest.raises(ValueError, match="0-255"):
        display.contrast(256)


def test_close_is_idempotent(display: Display) -> None:
    display.show(Image.new("1", display.size, 1))
    display.close()
    display.close()


@pytest.mark.parametrize("kind", KINDS)
def test_an_unknown_setting_is_named(kind: str) -> None:
    with pytest.raises(ConfigurationError, match=r"display\.colour"):
        open_display(kind, colour="blue")


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"height": 48}, "display.height"),
        ({"width": 96}, "display.width"),
        ({"driver": "st7735"}, "display.driver"),
        ({"interface": "usb"}, "display.interface"),
        ({"address": "0x99"}, "display.address"),
        ({"address": "sixty"}, "display.address"),
        ({"address": True}, "display.address"),
        ({"rotate": 4}, "display.rotate"),
        ({"contrast": 300}, "display.contrast"),
        ({"persist": "yes"}, "display.persist"),
    ],
)
def test_bad_luma_settings_name_the_key(settings: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigurationError, match=key.replace(".", r"\.")):
        open_display("luma", device_factory=_dummy_device, **settings)


def test_an_unknown_kind_names_display_kind() -> None:
    with pytest.raises(ConfigurationError, match=r"display\.kind = 'lcd'"):
        open_display("lcd")
