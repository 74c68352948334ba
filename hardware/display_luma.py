"""The OLED on the Pi, through luma.oled: SSD1306, SH1106 or SSD1309 on I2C or SPI.

A kiosk display must never take the daemon down. An I2C write that fails
(``OSError`` 121 Remote I/O or 5 EIO: a loose wire, the panel unplugged) is
logged once per outage, the frame is kept, and ``show`` returns; later calls
retry with a growing delay, and after ``reopen_after`` failed tries the device
is opened again (a panel plugged back in has lost its set-up and shows nothing
until the init sequence is sent again). The next ``show`` after recovery draws
the latest frame. A caller that only shows changed frames should show the
current frame again while ``healthy`` is False, so a recovered panel is
redrawn without waiting for the next change; unchanged frames cost nothing
here (they are not sent again).

``persist`` (default true) keeps the last screen lit when the service stops,
so a restart does not blank the table (luma's ``device.persist``).

The luma device is made by ``device_factory(panel)`` so tests use
``luma.core.device.dummy`` or a real driver over a fake I2C bus:

    >>> from luma.core.device import dummy
    >>> from PIL import Image
    >>> panel = Panel(driver="ssd1306", height=32)
    >>> oled = LumaDisplay(panel, lambda p: dummy(p.width, p.height, mode="1"))
    >>> oled.show(Image.new("1", (128, 32), 1)); oled.device.image.getpixel((0, 0))
    1
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from luma.core.error import DevicePermissionError, UnsupportedPlatform
from luma.core.error import Error as LumaError
from msgspec import Meta
from PIL import Image

from hardware.backoff import Backoff
from hardware.display import DisplayBase, PanelSettings
from hardware.errors import BackendUnavailableError, ConfigurationError, DeviceError
from hardware.settings import Settings

log = logging.getLogger(__name__)

Driver = Literal["ssd1306", "sh1106", "ssd1309"]
Interface = Literal["i2c", "spi"]
DRIVERS: tuple[str, ...] = get_args(Driver)
INTERFACES: tuple[str, ...] = get_args(Interface)
#: On a Pi the service's environment comes from systemd/install.sh (docs/install.md).
INSTALL = "on a Pi: sudo bash systemd/install.sh again; elsewhere pip install 'table-companion[pi]'"
#: luma's SPI interface imports spidev and RPi.GPIO when the device is made.
SPI_INSTALL = (
    "sudo apt install python3-spidev python3-rpi-lgpio on Raspberry Pi OS "
    "(python3-rpi.gpio on Debian), or pip install 'table-companion[spi]'"
)


@dataclass(frozen=True)
class Panel:
    """Which OLED, how it is wired, and how it is mounted (from ``[display]``)."""

    driver: str = "ssd1306"
    width: int = 128
    height: int = 64
    interface: str = "i2c"
    port: int = 1  # I2C bus 1 (pins 3 and 5), or SPI port 0
    address: int = 0x3C
    device: int = 0  # SPI chip select (CE0)
    gpio_dc: int = 24  # SPI data/command pin (BCM)
    gpio_rst: int = 25  # SPI reset pin (BCM)
    rotate: int = 0
    persist: bool = True

    def where(self) -> str:
        if self.interface == "i2c":
            return f"{self.driver} on I2C bus {self.port} at 0x{self.address:02X}"
        return f"{self.driver} on SPI {self.port}.{self.device}"


DeviceFactory = Callable[[Panel], Any]


def make_device(panel: Panel) -> Any:
    """The luma.oled device for ``panel``; errors say what to check on the Pi."""
    try:
        from luma.core.interface.serial import i2c, spi
        from luma.oled import device as oled
    except ImportError as exc:
        raise BackendUnavailableError(f"display luma: {exc.name} missing ({INSTALL})") from None
    driver = {"ssd1306": oled.ssd1306, "sh1106": oled.sh1106, "ssd1309": oled.ssd1309}
    try:
        if panel.interface == "i2c":
            serial = i2c(port=panel.port, address=panel.address)
        else:
            serial = spi(
                port=panel.port,
                device=panel.device,
                gpio_DC=panel.gpio_dc,
                gpio_RST=panel.gpio_rst,
            )
        return driver[panel.driver](
            serial, width=panel.width, height=panel.height, rotate=panel.rotate
        )
    except ImportError as exc:  # spidev or RPi.GPIO, imported by luma for SPI
        raise BackendUnavailableError(
            f"display luma: {panel.where()}: {exc.name or exc} missing ({SPI_INSTALL})"
        ) from None
    except UnsupportedPlatform as exc:
        raise BackendUnavailableError(
            f"display luma: {panel.where()}: no GPIO library for SPI ({exc}); on a Pi 5 "
            "sudo apt install python3-rpi-lgpio"
        ) from None
    except DevicePermissionError as exc:
        raise DeviceError(
            f"display luma: {panel.where()}: {exc} (add the user to the i2c/spi group)"
        ) from None


def _describe(exc: BaseException, panel: Panel) -> str:
    """The error in words a person at the Pi can act on."""
    code = exc.errno if isinstance(exc, OSError) else None
    text = str(exc) or type(exc).__name__
    if code in (errno.EREMOTEIO, errno.EIO) or "not found on address" in text:
        detail = f"I/O error {code}" if code else text
        if panel.interface != "i2c":
            return f"no answer from the panel ({detail}): unplugged or miswired?"
        other = 0x3D if panel.address == 0x3C else 0x3C
        return (
            f"no answer from the panel ({detail}): unplugged or miswired? i2cdetect -y "
            f"{panel.port} shows the panel's address; if it is {other:x}, not "
            f"{panel.address:x}, set [display] address = 0x{other:X}"
        )
    if code == errno.ENOENT or "not found" in text:
        return f"{text}: is I2C/SPI enabled? (sudo raspi-config, Interface Options)"
    return text


class LumaDisplay(DisplayBase):
    """A luma device that survives I/O errors: log once, keep the frame, retry, reopen."""

    def __init__(
        self,
        panel: Panel,
        device_factory: DeviceFactory = make_device,
        *,
        contrast: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        retry_initial: float = 0.5,
        retry_max: float = 30.0,
        reopen_after: int = 2,
    ) -> None:
        self.panel = panel
        self._factory = device_factory
        self._clock = clock
        self._backoff = Backoff(initial=retry_initial, maximum=retry_max)
        self._reopen_after = reopen_after
        self.device: Any = None
        #: Outages so far (the failed tries of the current one: :attr:`failures`).
        self.outages = 0
        self._down_since: float | None = None
        self._pending: Image.Image | None = None
        self._on_panel: bytes | None = None  # what the panel shows, when known
        self._contrast_set = False
        try:
            self.device = self._open()
        except (LumaError, OSError) as exc:
            raise DeviceError(f"display luma: {panel.where()}: {_describe(exc, panel)}") from None
        width, height = self.device.size
        super().__init__((width, height))
        if contrast is not None:
            self.contrast(contrast)

    @property
    def healthy(self) -> bool:
        """False during an outage (frames are kept, not shown)."""
        return self._down_since is None

    def _open(self) -> Any:
        device = self._factory(self.panel)
        device.persist = self.panel.persist
        return device

    def _reopen(self) -> None:
        old, self.device = self.device, None
        if old is not None:
            try:
                old.cleanup()
            except (LumaError, OSError) as exc:
                log.debug("display: closing the failed device: %s", exc)
        self._on_panel = None
        self.device = self._open()
        if self._contrast_set:
            self.device.contrast(self.level)

    def _show(self, image: Image.Image) -> None:
        """Send the frame unless the panel already shows it (1 KiB is ~0.1 s of I2C)."""
        if self.healthy and image.tobytes() == self._on_panel:
            return
        self._pending = image
        self._attempt()

    def _contrast(self, level: int) -> None:
        self._contrast_set = True
        if self.device is not None and self.healthy:
            try:
                self.device.contrast(level)
            except (LumaError, OSError) as exc:
                self._failed(exc)

    @property
    def failures(self) -> int:
        """Failed tries in the current outage (0 while the panel answers)."""
        return self._backoff.failures

    def _attempt(self) -> None:
        now = self._clock()
        if not self._backoff.due(now=now) or self._pending is None:
            return
        try:
            if self.device is None or self.failures >= self._reopen_after:
                self._reopen()
            self.device.display(self._pending)
        except (LumaError, OSError) as exc:
            self._failed(exc)
            return
        if self._down_since is not None:
            log.info(
                "display: %s is back after %.1f s (%d tries)",
                self.panel.where(),
                now - self._down_since,
                self.failures,
            )
        self._down_since = None
        self._backoff.succeeded()
        self._on_panel = self._pending.tobytes()
        self._pending = None

    def _failed(self, exc: BaseException) -> None:
        now = self._clock()
        self._on_panel = None
        self._backoff.failed(now=now)
        if self._down_since is None:
            self._down_since = now
            self.outages += 1
            log.error(
                "display: %s: %s; retrying, the daemon carries on",
                self.panel.where(),
                _describe(exc, self.panel),
            )
        else:
            log.debug("display: still out (try %d): %s", self.failures, exc)

    def _close(self) -> None:
        device, self.device = self.device, None
        if device is None:
            return
        try:
            device.cleanup()
        except (LumaError, OSError) as exc:
            log.debug("display: cleanup on close: %s", exc)


def i2c_address(settings: Settings) -> int:
    """``address``: 60, 0x3C in TOML, or the string ``"0x3C"``; from 0x03 to 0x77.

    >>> i2c_address(Settings("display", {"address": "0x3d"}))
    61
    """
    rule = "an I2C address from 0x03 to 0x77 such as 0x3C"
    raw = settings.value("address", 0x3C, lambda v: isinstance(v, int | str), rule)
    try:
        number = int(raw, 0) if isinstance(raw, str) else int(raw)
    except ValueError:
        number = -1
    if isinstance(raw, bool) or not 0x03 <= number <= 0x77:
        raise ConfigurationError(f"display.address must be {rule}, not {raw!r}")
    return number


Pin = Annotated[int, Meta(ge=0, le=27)]


@dataclass(frozen=True)
class LumaSettings(PanelSettings):
    """The keys of ``kind = "luma"`` but ``address`` (:func:`i2c_address`): ``port``
    defaults to the interface's (SPI 0, I2C 1), ``contrast`` to the driver's own."""

    driver: Driver = "ssd1306"
    interface: Interface = "i2c"
    port: Annotated[int, Meta(ge=0, le=31)] | None = None
    device: Annotated[int, Meta(ge=0, le=3)] = 0
    gpio_DC: Pin = 24  # noqa: N815 (the key as luma and the wiring docs spell it)
    gpio_RST: Pin = 25  # noqa: N815
    rotate: Literal[0, 1, 2, 3] = 0
    persist: bool = True
    contrast: Annotated[int, Meta(ge=0, le=255)] | None = None


def read_panel(settings: Settings, given: LumaSettings) -> Panel:
    """The panel the ``[display]`` keys of the luma backend describe."""
    spi = given.interface == "spi"
    return Panel(
        driver=given.driver,
        width=given.width,
        height=given.height,
        interface=given.interface,
        port=(0 if spi else 1) if given.port is None else given.port,
        address=i2c_address(settings),
        device=given.device,
        gpio_dc=given.gpio_DC,
        gpio_rst=given.gpio_RST,
        rotate=given.rotate,
        persist=given.persist,
    )


def open_luma(settings: Settings) -> LumaDisplay:
    """``kind = "luma"``: read the keys, then open the panel (DeviceError if absent)."""
    given = settings.decode(LumaSettings)
    panel = read_panel(settings, given)
    factory = settings.value("device_factory", make_device, callable, "a function")
    clock = settings.clock()
    settings.done()
    return LumaDisplay(panel, factory, contrast=given.contrast, clock=clock)
