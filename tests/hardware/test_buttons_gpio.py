"""The gpiozero backend driven through gpiozero's MockFactory (issue 5 section 2).

The real backend runs: gpiozero Buttons and a RotaryEncoder on mock pins that
the tests drive low and high. Press kinds come from an injected clock, so a
hold of 0.8 s is tested without waiting.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("gpiozero")
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.buttons import Button, ButtonEvent, Buttons, PressKind, open_buttons
from hardware.buttons_gpio import DEFAULT_PINS, GpioButtons
from hardware.errors import BackendUnavailableError, ConfigurationError, DeviceError


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def gpio(factory: MockFactory, clock: Clock, **settings: Any) -> Buttons:
    return open_buttons("gpio", pin_factory=factory, clock=clock, **settings)


def drain(buttons: Buttons) -> list[tuple[Button, PressKind]]:
    events: list[ButtonEvent] = []
    while (event := buttons.get(timeout=0)) is not None:
        events.append(event)
    return [(e.button, e.kind) for e in events]


def tap(factory: MockFactory, clock: Clock, pin: int, held: float = 0.2) -> None:
    factory.pin(pin).drive_low()
    clock.now += held
    factory.pin(pin).drive_high()
    clock.now += 0.2


@pytest.mark.parametrize("button", list(Button))
def test_a_short_press_of_each_default_pin(
    factory: MockFactory, clock: Clock, button: Button
) -> None:
    with gpio(factory, clock) as buttons:
        factory.pin(DEFAULT_PINS[button]).drive_low()
        assert buttons.get(timeout=0) is None  # nothing until the release
        clock.now += 0.15
        factory.pin(DEFAULT_PINS[button]).drive_high()
        event = buttons.get(timeout=0)
        assert event == ButtonEvent(button, PressKind.PRESS, clock.now)
        assert buttons.get(timeout=0) is None


def test_a_long_press_comes_while_held_and_once(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, hold_time=0.8) as buttons:
        pin = factory.pin(DEFAULT_PINS[Button.BACK])
        pin.drive_low()
        clock.now += 0.5
        assert buttons.get(timeout=0) is None
        clock.now += 0.31
        assert drain(buttons) == [(Button.BACK, PressKind.LONG_PRESS)]
        clock.now += 2.0
        assert drain(buttons) == []
        pin.drive_high()
        assert drain(buttons) == []  # no PRESS on the release of a long press


def test_get_waits_no_longer_than_the_hold(factory: MockFactory) -> None:
    """With the real clock, get(timeout) returns the LONG_PRESS when the hold time is up."""
    with open_buttons("gpio", pin_factory=factory, hold_time=0.1) as buttons:
        factory.pin(DEFAULT_PINS[Button.SELECT]).drive_low()
        event = buttons.get(timeout=5.0)
        assert event is not None and event.kind is PressKind.LONG_PRESS


def chatter(pin: Any, clock: Clock, first: bool, times: int, step: float) -> None:
    """Contacts bouncing: ``times`` pairs of edges ``step`` seconds apart, ending on ``first``."""
    levels = [first, not first] * times + [first]
    for level in levels:
        pin.drive_low() if level else pin.drive_high()
        clock.now += step


def test_bounce_gives_one_press(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, bounce_time=0.03) as buttons:
        pin = factory.pin(DEFAULT_PINS[Button.UP])
        chatter(pin, clock, True, 4, 0.001)  # pressing: 9 edges in 9 ms
        clock.now += 0.2
        chatter(pin, clock, False, 3, 0.002)  # releasing: 7 edges in 14 ms
        clock.now += 0.1
        assert drain(buttons) == [(Button.UP, PressKind.PRESS)]


def test_a_bounce_that_hides_the_release_is_settled_by_the_pin_state(
    factory: MockFactory, clock: Clock
) -> None:
    with gpio(factory, clock, bounce_time=0.03) as buttons:
        pin = factory.pin(DEFAULT_PINS[Button.DOWN])
        pin.drive_low()
        clock.now += 0.01
        pin.drive_high()  # a quick tap, inside the bounce time
        clock.now += 0.05
        assert drain(buttons) == [(Button.DOWN, PressKind.PRESS)]


def test_presses_of_several_buttons_keep_their_order(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock) as buttons:
        for button in (Button.DOWN, Button.DOWN, Button.SELECT, Button.BACK):
            tap(factory, clock, DEFAULT_PINS[button])
        assert [b for b, _ in drain(buttons)] == [
            Button.DOWN,
            Button.DOWN,
            Button.SELECT,
            Button.BACK,
        ]


def test_presses_from_another_thread_arrive(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock) as buttons:
        worker = threading.Thread(target=tap, args=(factory, clock, DEFAULT_PINS[Button.UP]))
        worker.start()
        event = buttons.get(timeout=10.0)
        worker.join()
        assert event is not None and event.button is Button.UP


def _turn(factory: MockFactory, first: int, second: int) -> None:
    """One detent: the first pin leads (gpiozero's quadrature sequence)."""
    factory.pin(first).drive_low()
    factory.pin(second).drive_low()
    factory.pin(first).drive_high()
    factory.pin(second).drive_high()


def test_the_encoder_turns_into_down_and_up(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, encoder_a=5, encoder_b=6) as buttons:
        _turn(factory, 5, 6)
        _turn(factory, 5, 6)
        _turn(factory, 6, 5)
        assert drain(buttons) == [
            (Button.DOWN, PressKind.PRESS),
            (Button.DOWN, PressKind.PRESS),
            (Button.UP, PressKind.PRESS),
        ]


def test_the_encoder_can_be_reversed(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, encoder_a=5, encoder_b=6, encoder_reverse=True) as buttons:
        _turn(factory, 5, 6)
        assert drain(buttons) == [(Button.UP, PressKind.PRESS)]


def test_a_half_turn_is_no_event(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, encoder_a=5, encoder_b=6) as buttons:
        factory.pin(5).drive_low()
        factory.pin(5).drive_high()
        assert drain(buttons) == []


def test_pins_can_be_moved_and_left_unwired(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, up=-1, down=-1, select=26, encoder_a=5, encoder_b=6) as buttons:
        assert isinstance(buttons, GpioButtons)
        assert set(buttons.trackers) == {Button.SELECT, Button.BACK}
        tap(factory, clock, 26)
        factory.pin(17).drive_low()  # the default UP pin is not used any more
        clock.now += 1
        assert drain(buttons) == [(Button.SELECT, PressKind.PRESS)]


def test_pull_down_wiring_presses_on_a_high_level(factory: MockFactory, clock: Clock) -> None:
    with gpio(factory, clock, pull_up=False) as buttons:
        pin = factory.pin(DEFAULT_PINS[Button.SELECT])
        pin.drive_high()
        clock.now += 0.1
        pin.drive_low()
        assert drain(buttons) == [(Button.SELECT, PressKind.PRESS)]


def test_close_releases_the_pins(factory: MockFactory, clock: Clock) -> None:
    buttons = gpio(factory, clock)
    buttons.close()
    buttons.close()
    with gpio(factory, clock) as again:  # the same pins can be claimed again
        tap(factory, clock, DEFAULT_PINS[Button.UP])
        assert drain(again) == [(Button.UP, PressKind.PRESS)]


def test_the_mock_factory_by_name() -> None:
    with open_buttons("gpio", pin_factory="mock") as buttons:
        assert buttons.get(timeout=0) is None


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"up": 22}, r"buttons\.select = 22: already buttons\.up"),
        ({"back": 3}, r"buttons\.back = 3: BCM 2 and 3 are the OLED's I2C"),
        ({"encoder_a": 5}, r"buttons\.encoder_a and buttons\.encoder_b go together"),
        ({"encoder_a": 5, "encoder_b": 17}, r"buttons\.encoder_b = 17: already buttons\.up"),
        ({"up": 40}, r"buttons\.up"),
        ({"up": -1, "down": -1, "select": -1, "back": -1}, "wire at least one"),
        ({"hold_time": 0}, r"buttons\.hold_time"),
        ({"bounce_time": "fast"}, r"buttons\.bounce_time"),
        ({"pin_factory": "wiringpi"}, r"buttons\.pin_factory = 'wiringpi'"),
        ({"colour": 1}, r"buttons\.colour"),
    ],
)
def test_bad_settings_name_the_key(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        open_buttons("gpio", **settings)


# gpiozero warns as it tries each pin library it knows and finds none (a machine with
# no GPIO, as this test wants): that warning, and only from gpiozero, is let through.
@pytest.mark.filterwarnings("ignore:Falling back from:gpiozero.exc.PinFactoryFallback:gpiozero")
def test_no_gpio_on_this_machine_says_use_the_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    if Device.pin_factory is not None:
        pytest.skip("a pin factory is already set in this process")
    try:
        opened = open_buttons("gpio")
    except BackendUnavailableError as exc:
        assert 'kind = "keyboard"' in str(exc)
    else:  # a real Pi runs this test too
        opened.close()


class BusyPin(MockPin):  # type: ignore[misc]  # gpiozero has no type hints
    """A pin the Pi's own pin library refuses, as lgpio refuses one that a dtoverlay
    holds (``lgpio.error: 'GPIO busy'``: neither an ``OSError`` nor gpiozero's)."""

    def __init__(self, factory: Any, info: Any) -> None:
        if info.name == "GPIO18":
            raise RuntimeError("'GPIO busy'")
        super().__init__(factory, info)


def test_a_pin_the_pi_refuses_names_the_button_and_what_to_do() -> None:
    """Issue 5 section 2 (a wrong GPIO pin): a pin held by an I2S overlay (BCM 18) is a
    device fault naming the setting and the pin, which the daemon retries with the
    table still running; never a traceback."""
    factory = MockFactory(pin_class=BusyPin)
    try:
        with pytest.raises(DeviceError) as refused:
            open_buttons("gpio", pin_factory=factory, up=18)
    finally:
        factory.reset()
    message = str(refused.value)
    assert message.startswith("buttons.up = 18: the Pi refuses BCM 18 (RuntimeError: 'GPIO busy')")
    assert "pinctrl get 18" in message and "choose a free pin" in message
    with open_buttons("gpio", pin_factory=factory) as again:  # the pins it took were let go
        assert again.get(timeout=0) is None
    factory.reset()


def test_an_encoder_pin_the_pi_refuses_names_both_of_its_settings(clock: Clock) -> None:
    factory = MockFactory(pin_class=BusyPin)
    try:
        refused = r"buttons\.encoder_a = 5, encoder_b = 18: .*BCM 5 or 18"
        with pytest.raises(DeviceError, match=refused):
            open_buttons("gpio", pin_factory=factory, clock=clock, encoder_a=5, encoder_b=18)
    finally:
        factory.reset()
