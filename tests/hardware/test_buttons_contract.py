"""One contract over every button backend that loads here (issue 5 section 2).

Each backend delivers a SELECT press made through its own input (a mock pin,
a key, a script line, a push), returns None when ``get(timeout)`` runs out and
never blocks much past it, closes twice without harm and refuses ``get`` after
``close``.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator

import pytest

from hardware.buttons import KINDS, Button, Buttons, PressKind, open_buttons
from hardware.errors import ConfigurationError, DeviceError

Opened = tuple[Buttons, Callable[[], None]]


def _gpio() -> Opened:
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    buttons = open_buttons("gpio", pin_factory=factory)

    def select() -> None:
        factory.pin(22).drive_low()
        factory.pin(22).drive_high()  # inside the bounce time: settled by the next poll

    return buttons, select


def _keyboard() -> Opened:
    stream = io.StringIO()
    buttons = open_buttons("keyboard", stream=stream)

    def select() -> None:
        stream.write("\n")
        stream.seek(stream.tell() - 1)

    return buttons, select


def _pygame() -> Opened:
    pygame = pytest.importorskip("pygame")
    pygame.display.init()
    pygame.display.set_mode((128, 64))
    buttons = open_buttons("keyboard", source="pygame")

    def select() -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_SPACE, mod=0))

    return buttons, select


def _replay() -> Opened:
    now = [0.0]
    buttons = open_buttons("replay", script=[(1.0, "select"), (9.0, "back")], clock=lambda: now[0])

    def select() -> None:
        now[0] = 1.0

    return buttons, select


def _fake() -> Opened:
    buttons = open_buttons("fake")
    return buttons, lambda: buttons.press(Button.SELECT)  # type: ignore[attr-defined]


BACKENDS = {
    "gpio": _gpio,
    "keyboard": _keyboard,
    "pygame": _pygame,
    "replay": _replay,
    "fake": _fake,
}


def test_the_contract_covers_every_registered_backend() -> None:
    """Every kind of the port's registry has a case here (pygame is keyboard's window)."""
    assert set(KINDS) <= set(BACKENDS)


@pytest.fixture(params=sorted(BACKENDS))
def opened(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Opened]:
    if request.param == "gpio":
        pytest.importorskip("gpiozero")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    buttons, select = BACKENDS[request.param]()
    yield buttons, select
    buttons.close()
    if request.param == "pygame":
        import pygame

        pygame.display.quit()


def test_it_is_buttons(opened: Opened) -> None:
    assert isinstance(opened[0], Buttons)


def test_a_select_press_gets_through(opened: Opened) -> None:
    buttons, select = opened
    assert buttons.get(timeout=0) is None
    select()
    event = buttons.get(timeout=5.0)
    assert event is not None and (event.button, event.kind) == (Button.SELECT, PressKind.PRESS)
    assert buttons.get(timeout=0) is None


def test_get_returns_none_when_the_timeout_runs_out(opened: Opened) -> None:
    buttons, _ = opened
    start = time.monotonic()
    assert buttons.get(timeout=0.05) is None
    assert time.monotonic() - start < 2.0  # a bound on blocking, not a speed figure


def test_close_is_idempotent_and_ends_get(opened: Opened) -> None:
    buttons, _ = opened
    with buttons:
        pass
    buttons.close()
    with pytest.raises(DeviceError, match="after close"):
        buttons.get(timeout=0)


def test_a_negative_timeout_is_refused(opened: Opened) -> None:
    with pytest.raises(ValueError, match="timeout"):
        opened[0].get(timeout=-1)


@pytest.mark.parametrize("kind", sorted(BACKENDS.keys() - {"pygame"}))
def test_an_unknown_setting_is_named(kind: str) -> None:
    with pytest.raises(ConfigurationError, match=r"buttons\.colour"):
        open_buttons(kind, colour="red", **({"script": []} if kind == "replay" else {}))


def test_an_unknown_kind_names_buttons_kind() -> None:
    with pytest.raises(ConfigurationError, match=r"buttons\.kind = 'mouse'"):
        open_buttons("mouse")


def test_names_parse_both_ways() -> None:
    for button in Button:
        assert Button.parse(button.value.upper()) is button
    assert PressKind.parse("LONG_PRESS") is PressKind.LONG_PRESS
    with pytest.raises(ValueError, match="one of up, down, select, back"):
        Button.parse("left")
