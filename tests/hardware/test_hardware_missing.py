"""A missing vendor library or device is a BackendUnavailableError that says what to do."""

from __future__ import annotations

import sys

import pytest

from hardware.buttons import open_buttons
from hardware.display import open_display
from hardware.display_luma import Panel, make_device
from hardware.errors import BackendUnavailableError


@pytest.mark.parametrize("module", ["pygame", "luma.emulator.device"])
def test_the_emulator_without_pygame_names_the_desktop_extra(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    with pytest.raises(BackendUnavailableError, match=r"pip install 'table-companion\[desktop\]'"):
        open_display("emulator")


def test_the_emulator_without_a_screen_says_use_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    with pytest.raises(BackendUnavailableError, match='kind = "frames"'):
        open_display("emulator")


def test_luma_without_luma_oled_names_the_pi_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "luma.oled", None)
    with pytest.raises(BackendUnavailableError, match=r"table-companion\[pi\]"):
        make_device(Panel())


def test_gpio_without_gpiozero_names_the_pi_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gpiozero", None)
    with pytest.raises(BackendUnavailableError, match=r"table-companion\[pi\]"):
        open_buttons("gpio")


def test_keyboard_window_without_pygame_names_the_desktop_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pygame", None)
    with pytest.raises(BackendUnavailableError, match=r"table-companion\[desktop\]"):
        open_buttons("keyboard", source="pygame")


def test_a_missing_pin_library_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gpiozero")
    monkeypatch.setitem(sys.modules, "gpiozero.pins.pigpio", None)
    with pytest.raises(BackendUnavailableError, match=r"pin_factory = 'pigpio'.*pigpio"):
        open_buttons("gpio", pin_factory="pigpio")
