"""The Pi's buttons: one gpiozero input per pin, and an optional rotary encoder.

Each button joins a BCM pin to ground (``pull_up = true``, the default; the
Pi's internal pull-up holds the pin high until the button is pressed). The
default pins avoid I2C (BCM 2, 3), SPI0 (BCM 7-11) and the luma SPI display's
DC/RST (BCM 24, 25); docs/hardware.md has the wiring diagram:

    UP = BCM 17 (pin 11)   DOWN = BCM 27 (pin 13)
    SELECT = BCM 22 (pin 15)   BACK = BCM 23 (pin 16)
    encoder (optional): A = BCM 5 (pin 29), B = BCM 6 (pin 31)

gpiozero reports the edges (through its pin factory: lgpio on a Pi 5, or
whatever gpiozero picks by default, or ``GPIOZERO_PIN_FACTORY``); the press
kind and the debounce come from ``hardware.presses`` on an injected clock, so
the whole backend is tested with gpiozero's MockFactory and no sleeps. The
encoder gives DOWN for each clockwise detent and UP for each counter-clockwise
one (``encoder_reverse = true`` swaps them).

Each pin is a gpiozero ``DigitalInputDevice``: a ``gpiozero.Button`` is that
plus ``when_held``, whose thread (one per button, sleeping in real time) this
backend replaces with its clock, so none is started. Events cross from
gpiozero's callback threads through a lock and a queue.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from msgspec import Meta

from hardware.buttons import Button, HoldTime
from hardware.errors import BackendUnavailableError, ConfigurationError, DeviceError
from hardware.presses import TrackedButtons
from hardware.settings import Settings

log = logging.getLogger(__name__)

#: On a Pi the service's environment comes from systemd/install.sh (docs/install.md).
INSTALL = "on a Pi: sudo bash systemd/install.sh again; elsewhere pip install 'table-companion[pi]'"
DEFAULT_PINS = {Button.UP: 17, Button.DOWN: 27, Button.SELECT: 22, Button.BACK: 23}
#: I2C SDA and SCL: the OLED's bus; a button there would fight the panel.
I2C_PINS = (2, 3)
FACTORIES = ("default", "lgpio", "rpigpio", "pigpio", "native", "mock")


@dataclass(frozen=True)
class Wiring:
    """Which BCM pin each button is on (None: not wired), and the encoder's pins."""

    pins: dict[Button, int | None] = field(default_factory=lambda: dict(DEFAULT_PINS))
    encoder: tuple[int, int] | None = None
    pull_up: bool = True
    bounce_time: float = 0.03
    hold_time: float = 0.8
    encoder_reverse: bool = False


class GpioButtons(TrackedButtons):
    """gpiozero devices on ``pin_factory`` (None: gpiozero's default)."""

    def __init__(
        self,
        wiring: Wiring,
        *,
        pin_factory: Any = None,
        own_factory: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        wired = [b for b, pin in wiring.pins.items() if pin is not None]
        super().__init__(
            wired, hold_time=wiring.hold_time, bounce_time=wiring.bounce_time, clock=clock
        )
        self.wiring = wiring
        self._factory = pin_factory if own_factory else None
        self._devices: list[Any] = []
        self._pins: dict[Button, Any] = {}
        #: The setting(s) whose pins are being claimed (``buttons.up = 17``), and the pins.
        self._claiming: tuple[str, list[int]] | None = None
        try:
            import gpiozero
            from gpiozero.exc import BadPinFactory, GPIOZeroError
        except ImportError as exc:
            raise BackendUnavailableError(f"buttons gpio: {exc.name} missing ({INSTALL})") from None
        try:
            self._open(gpiozero, pin_factory)
        except BadPinFactory as exc:
            self._close()
            raise BackendUnavailableError(
                f"buttons gpio: no GPIO on this machine ({exc}); "
                'on a desktop use [buttons] kind = "keyboard"'
            ) from None
        except (GPIOZeroError, OSError) as exc:
            self._close()
            raise DeviceError(self._refusal(exc)) from None
        except Exception as exc:  # the pin library's own: lgpio.error, RPi.GPIO's RuntimeError
            self._close()
            raise DeviceError(self._refusal(exc)) from None
        self._claiming = None

    def _refusal(self, exc: Exception) -> str:
        """Why a pin could not be claimed, naming the setting, the pin and what to do."""
        why = f"{type(exc).__name__}: {exc}"
        if self._claiming is None:
            return f"buttons gpio: {why}"
        setting, pins = self._claiming
        bcm = " or ".join(map(str, pins))
        return (
            f"{setting}: the Pi refuses BCM {bcm} ({why}): another device or a dtoverlay "
            f"in /boot/firmware/config.txt may hold it (`pinctrl get {pins[0]}` says what it "
            "is); choose a free pin (docs/hardware.md, Wiring)"
        )

    def _open(self, gpiozero: Any, factory: Any) -> None:
        w = self.wiring
        for button, pin in w.pins.items():
            if pin is None:
                continue
            self._claiming = (f"buttons.{button.value} = {pin}", [pin])
            device = gpiozero.DigitalInputDevice(
                pin, pull_up=w.pull_up, bounce_time=w.bounce_time, pin_factory=factory
            )
            self._devices.append(device)
            self._pins[button] = device
            device.when_activated = self._edge_handler(button, True)
            device.when_deactivated = self._edge_handler(button, False)
        if w.encoder is not None:
            a, b = w.encoder
            self._claiming = (f"buttons.encoder_a = {a}, encoder_b = {b}", [a, b])
            encoder = gpiozero.RotaryEncoder(a, b, max_steps=0, pin_factory=factory)
            self._devices.append(encoder)
            forward, back = (
                (Button.UP, Button.DOWN)
                if w.encoder_reverse
                else (
                    Button.DOWN,
                    Button.UP,
                )
            )
            encoder.when_rotated_clockwise = lambda: self.put(forward)
            encoder.when_rotated_counter_clockwise = lambda: self.put(back)

    def _edge_handler(self, button: Button, pressed: bool) -> Callable[[], None]:
        return lambda: self.edge(button, pressed)

    def _actual(self, button: Button) -> bool | None:
        return bool(self._pins[button].is_active)

    def _close(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception as exc:
                log.debug("buttons gpio: closing %r: %s", device, exc)
        self._devices.clear()
        factory, self._factory = self._factory, None
        if factory is not None:
            factory.close()


def make_factory(name: str) -> Any:
    """A gpiozero pin factory by name; ``default`` leaves the choice to gpiozero."""
    if name == "default":
        return None
    modules = {
        "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory", "lgpio"),
        "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory", "RPi.GPIO"),
        "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory", "pigpio"),
        "native": ("gpiozero.pins.native", "NativeFactory", "gpiozero"),
        "mock": ("gpiozero.pins.mock", "MockFactory", "gpiozero"),
    }
    module_name, class_name, library = modules[name]
    import importlib

    try:
        module = importlib.import_module(module_name)
        return getattr(module, class_name)()
    except ImportError:
        raise BackendUnavailableError(
            f"buttons.pin_factory = {name!r}: the {library} library is missing "
            f"(on Raspberry Pi OS: sudo apt install python3-{library.lower().replace('.', '')})"
        ) from None
    except Exception as exc:
        raise BackendUnavailableError(
            f"buttons.pin_factory = {name!r}: cannot start ({type(exc).__name__}: {exc})"
        ) from None


#: A BCM pin, or -1: not wired.
Pin = Annotated[int, Meta(ge=-1, le=27)]


@dataclass(frozen=True)
class GpioSettings:
    """The keys of ``kind = "gpio"`` but ``pin_factory``: a pin per button (named as
    :class:`Button`), the rotary encoder's two, and the times."""

    up: Pin = DEFAULT_PINS[Button.UP]
    down: Pin = DEFAULT_PINS[Button.DOWN]
    select: Pin = DEFAULT_PINS[Button.SELECT]
    back: Pin = DEFAULT_PINS[Button.BACK]
    encoder_a: Pin = -1
    encoder_b: Pin = -1
    pull_up: bool = True
    bounce_time: Annotated[float, Meta(ge=0.0, le=0.5)] = 0.03
    hold_time: HoldTime = 0.8
    encoder_reverse: bool = False


def read_wiring(settings: Settings) -> Wiring:
    """The ``[buttons]`` keys of the gpio backend: pins (-1: not wired) and times."""
    given = settings.decode(GpioSettings)
    pins: dict[Button, int | None] = {}
    for button in Button:
        number: int = getattr(given, button.value)
        pins[button] = None if number < 0 else number
    encoder_a, encoder_b = given.encoder_a, given.encoder_b
    if (encoder_a < 0) != (encoder_b < 0):
        raise ConfigurationError("buttons.encoder_a and buttons.encoder_b go together")
    encoder = (encoder_a, encoder_b) if encoder_a >= 0 else None
    used: dict[int, str] = {}
    named: list[tuple[str, int | None]] = [(b.value, p) for b, p in pins.items()]
    if encoder is not None:
        named += [("encoder_a", encoder[0]), ("encoder_b", encoder[1])]
    for name, pin in named:
        if pin is None:
            continue
        if pin in I2C_PINS:
            raise ConfigurationError(
                f"buttons.{name} = {pin}: BCM 2 and 3 are the OLED's I2C bus (SDA, SCL)"
            )
        if pin in used:
            raise ConfigurationError(f"buttons.{name} = {pin}: already buttons.{used[pin]}")
        used[pin] = name
    if not used:
        raise ConfigurationError("buttons: every pin is -1; wire at least one button")
    return Wiring(
        pins=pins,
        encoder=encoder,
        pull_up=given.pull_up,
        bounce_time=given.bounce_time,
        hold_time=given.hold_time,
        encoder_reverse=given.encoder_reverse,
    )


def _is_factory(value: Any) -> bool:
    """A factory's name, or a gpiozero pin factory handed in (tests: MockFactory)."""
    if isinstance(value, str):
        return True
    try:
        from gpiozero.pins import Factory
    except ImportError:  # no gpiozero: only a name can be given (and fails clearly later)
        return False
    return isinstance(value, Factory)


def open_gpio(settings: Settings) -> GpioButtons:
    wiring = read_wiring(settings)
    factory = settings.value("pin_factory", "default", _is_factory, "a pin factory's name")
    clock = settings.clock()
    settings.done()
    if not isinstance(factory, str):  # a factory object handed in (tests: MockFactory)
        return GpioButtons(wiring, pin_factory=factory, clock=clock)
    if factory not in FACTORIES:
        raise ConfigurationError(
            f"buttons.pin_factory = {factory!r}: must be one of {', '.join(FACTORIES)}"
        )
    made = make_factory(factory)
    return GpioButtons(wiring, pin_factory=made, own_factory=made is not None, clock=clock)
