"""The luma OLED backend (issue 5 section 1): drivers, sizes, persist, I2C faults.

Two levels: luma.core's dummy device (the image reaches the device unchanged),
and the real ssd1306 / sh1106 / ssd1309 drivers over luma's real I2C interface
on a fake SMBus, whose bytes are decoded back into the picture. A bus that
raises ``OSError(121)`` (Remote I/O: the panel unplugged) must be survived:
logged once per outage, retried with backoff, reopened, and the latest frame
shown on recovery.
"""

from __future__ import annotations

import errno
import logging
import sys
from typing import Any
from unittest import mock

import pytest
from luma.core.device import dummy
from luma.core.interface.serial import i2c
from luma.oled import device as oled
from PIL import Image, ImageChops, ImageDraw

from hardware.display import open_display
from hardware.display_luma import LumaDisplay, Panel, make_device
from hardware.errors import BackendUnavailableError, DeviceError

DRIVERS = {"ssd1306": oled.ssd1306, "sh1106": oled.sh1106, "ssd1309": oled.ssd1309}
#: luma.oled (3.16, its newest) reads each frame with Pillow's ``Image.getdata``,
#: deprecated since Pillow 12 (gone in 14): the tests that drive its real drivers let
#: that one warning through, from luma's own modules only (ours would still fail).
LUMA_GETDATA = pytest.mark.filterwarnings(
    r"ignore:Image\.Image\.getdata is deprecated:DeprecationWarning:luma\."
)
SIZES = [(128, 64), (128, 32)]


def pattern(size: tuple[int, int], seed: int = 0) -> Image.Image:
    """A picture with edges, text and lone pixels: a wrong bit order would show."""
    image = Image.new("1", size)
    draw = ImageDraw.Draw(image)
    width, height = size
    draw.rectangle((0, 0, width - 1, height - 1), outline=1)
    draw.text((4 + seed, 3), f"Trick {seed + 7}", fill=1)
    draw.line((0, height - 1, width - 1, 0), fill=1)
    for x in range(5, width, 9):
        image.putpixel((x, (x * 7 + seed) % height), 1)
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Bus:
    """An SMBus stand-in: records I2C block writes; ``broken`` makes them raise errno 121."""

    def __init__(self) -> None:
        self.broken = False
        self.data: list[int] = []
        self.commands: list[list[int]] = []
        self.writes = 0

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self.writes += 1
        if self.broken:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        if register == 0x40:
            self.data.extend(data)
        else:
            self.commands.append(data)

    def close(self) -> None:
        pass


def decode_pages(data: list[int], size: tuple[int, int]) -> Image.Image:
    """SSD1306/SH1106 page layout: a byte per column per 8 rows, bit 0 on top."""
    width, height = size
    image = Image.new("1", size)
    for page in range(height // 8):
        for x in range(width):
            byte = data[page * width + x]
            for bit in range(8):
                if byte >> bit & 1:
                    image.putpixel((x, page * 8 + bit), 1)
    return image


@pytest.mark.parametrize("driver", sorted(DRIVERS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_image_reaches_the_dummy_device_unchanged(driver: str, size: tuple[int, int]) -> None:
    made: list[Panel] = []

    def factory(panel: Panel) -> Any:
        made.append(panel)
        return dummy(panel.width, panel.height, mode="1")

    width, height = size
    with open_display("luma", driver=driver, height=height, device_factory=factory) as display:
        assert isinstance(display, LumaDisplay)
        assert display.size == size
        for seed in range(3):
            display.show(pattern(size, seed))
            assert same(display.device.image, pattern(size, seed))
    assert made == [Panel(driver=driver, width=width, height=height)]


@LUMA_GETDATA
@pytest.mark.parametrize("driver", sorted(DRIVERS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_real_driver_sends_the_exact_pixels(driver: str, size: tuple[int, int]) -> None:
    """Golden check through the controller's bytes: decode what went on the bus."""
    bus = Bus()

    def factory(panel: Panel) -> Any:
        serial = i2c(bus=bus, address=panel.address)
        return DRIVERS[panel.driver](serial, width=panel.width, height=panel.height)

    with open_display("luma", driver=driver, height=size[1], device_factory=factory) as display:
        image = pattern(size, 1)
        bus.data.clear()
        display.show(image)
        pixels = size[0] * size[1] // 8
        assert len(bus.data) == pixels
        assert same(decode_pages(bus.data, size), image)


def test_a_grey_image_is_thresholded_at_half() -> None:
    grey = Image.new("L", (128, 64), 127)
    grey.paste(128, (0, 0, 64, 64))
    with open_display("luma", device_factory=lambda p: dummy(128, 64, mode="1")) as display:
        display.show(grey)
        assert isinstance(display, LumaDisplay)
        assert display.device.image.getbbox() == (0, 0, 64, 64)


def test_persist_keeps_the_last_screen_on_close_by_default() -> None:
    devices: list[Any] = []

    def factory(panel: Panel) -> Any:
        devices.append(dummy(panel.width, panel.height, mode="1"))
        return devices[-1]

    with open_display("luma", device_factory=factory) as display:
        display.show(pattern((128, 64)))
    assert devices[0].persist is True
    assert same(devices[0].image, pattern((128, 64)))  # not cleared by cleanup
    with open_display("luma", persist=False, device_factory=factory) as display:
        display.show(pattern((128, 64)))
    assert devices[1].persist is False
    assert devices[1].image.getbbox() is None  # cleanup cleared the screen


@LUMA_GETDATA
def test_contrast_reaches_the_driver() -> None:
    bus = Bus()

    def factory(panel: Panel) -> Any:
        return oled.ssd1306(i2c(bus=bus), width=panel.width, height=panel.height)

    with open_display("luma", contrast=40, device_factory=factory) as display:
        assert bus.commands[-1] == [0x81, 40]  # SETCONTRAST 40
        display.contrast(200)
        assert bus.commands[-1] == [0x81, 200]


def test_address_and_port_reach_the_panel() -> None:
    panels: list[Panel] = []

    def factory(panel: Panel) -> Any:
        panels.append(panel)
        return dummy(panel.width, panel.height, mode="1")

    open_display("luma", address="0x3D", port=0, rotate=2, device_factory=factory).close()
    open_display("luma", address=0x3C, interface="spi", gpio_DC=23, device_factory=factory).close()
    assert (panels[0].address, panels[0].port, panels[0].rotate) == (0x3D, 0, 2)
    assert (panels[1].interface, panels[1].port, panels[1].gpio_dc) == ("spi", 0, 23)


def test_no_panel_at_start_is_a_device_error_with_a_hint() -> None:
    bus = Bus()
    bus.broken = True

    def factory(panel: Panel) -> Any:
        return oled.sh1106(i2c(bus=bus, address=panel.address))

    with pytest.raises(DeviceError, match=r"sh1106 on I2C bus 1 at 0x3C.*i2cdetect"):
        open_display("luma", driver="sh1106", device_factory=factory)


@pytest.mark.parametrize(("address", "other"), [(0x3C, "0x3D"), ("0x3D", "0x3C")])
def test_no_panel_at_the_address_names_the_other_common_one(address: object, other: str) -> None:
    """docs/install.md step 3: a panel that answers at the other address (i2cdetect shows
    3d) is mended by ``[display] address``; the message says so, with the value."""
    bus = Bus()
    bus.broken = True

    def factory(panel: Panel) -> Any:
        return oled.ssd1306(i2c(bus=bus, address=panel.address))

    with pytest.raises(DeviceError) as refused:
        open_display("luma", address=address, device_factory=factory)
    assert f"set [display] address = {other}" in str(refused.value)


def test_no_i2c_bus_is_a_device_error_naming_raspi_config() -> None:
    with pytest.raises(DeviceError, match="raspi-config"):
        LumaDisplay(Panel(port=97), make_device)  # /dev/i2c-97 exists nowhere


@pytest.mark.parametrize("missing", ["spidev", "RPi"])
def test_an_spi_panel_without_its_gpio_or_spi_module_says_which_packages(
    monkeypatch: pytest.MonkeyPatch, missing: str
) -> None:
    """Issue 21: luma imports spidev and RPi.GPIO only when an SPI device is made; their
    ImportError becomes one line naming the OS packages (Debian's is python3-rpi.gpio)."""
    if missing == "spidev":  # RPi.GPIO present (a stand-in), spidev not
        monkeypatch.setitem(sys.modules, "RPi", mock.MagicMock())
        monkeypatch.setitem(sys.modules, "RPi.GPIO", mock.MagicMock())
    monkeypatch.setitem(sys.modules, missing, None)
    with pytest.raises(BackendUnavailableError) as caught:
        make_device(Panel(interface="spi", port=0))
    message = str(caught.value)
    assert "ssd1306 on SPI 0.0" in message and f"{missing}" in message
    assert "python3-spidev" in message and "python3-rpi.gpio" in message


def _healthy(display: LumaDisplay) -> bool:
    """Read the property afresh (mypy keeps an earlier assert's narrowing across calls)."""
    return display.healthy


def _flaky(bus: Bus, opened: list[int]) -> Any:
    def factory(panel: Panel) -> Any:
        opened.append(1)
        return oled.ssd1306(i2c(bus=bus), width=panel.width, height=panel.height)

    return factory


@LUMA_GETDATA
def test_remote_io_121_is_survived_logged_once_and_recovered(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 5 section 1: an I2C error is logged and retried; it never stops the daemon."""
    bus, opened, clock = Bus(), list[int](), Clock()
    display = LumaDisplay(Panel(), _flaky(bus, opened), clock=clock, reopen_after=2)
    display.show(pattern((128, 64), 0))
    bus.broken = True
    caplog.set_level(logging.DEBUG, logger="hardware.display_luma")
    for step in range(40):  # 20 s of frames at 2 per second, panel unplugged
        clock.now = step * 0.5
        display.show(pattern((128, 64), step % 3))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert "no answer from the panel" in errors[0].getMessage()
    assert not display.healthy and display.outages == 1
    tries = display.failures
    assert 3 <= tries < 40  # backoff: far fewer tries than frames
    writes = bus.writes
    clock.now = 19.6
    display.show(pattern((128, 64), 1))
    assert bus.writes == writes  # not due yet: no bus traffic at all

    bus.broken = False
    clock.now = 200.0
    bus.data.clear()
    display.show(pattern((128, 64), 2))
    assert _healthy(display) and display.failures == 0
    assert len(opened) > 1  # reopened: the panel's init sequence was sent again
    assert same(decode_pages(bus.data[-1024:], (128, 64)), pattern((128, 64), 2))
    assert any("is back" in r.getMessage() for r in caplog.records)


@LUMA_GETDATA
def test_a_second_outage_is_logged_again(caplog: pytest.LogCaptureFixture) -> None:
    bus, opened, clock = Bus(), list[int](), Clock()
    display = LumaDisplay(Panel(), _flaky(bus, opened), clock=clock)
    for _ in range(2):
        bus.broken = True
        clock.now += 100
        display.show(pattern((128, 64)))
        bus.broken = False
        clock.now += 100
        display.show(pattern((128, 64), 1))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 2 and display.outages == 2 and display.healthy


@LUMA_GETDATA
def test_a_single_glitch_retries_without_reopening() -> None:
    bus, opened, clock = Bus(), list[int](), Clock()
    display = LumaDisplay(Panel(), _flaky(bus, opened), clock=clock, reopen_after=2)
    bus.broken = True
    display.show(pattern((128, 64)))
    bus.broken = False
    clock.now = 1.0
    display.show(pattern((128, 64), 1))
    assert display.healthy and len(opened) == 1


@LUMA_GETDATA
def test_contrast_set_during_an_outage_is_applied_after_reopening() -> None:
    bus, opened, clock = Bus(), list[int](), Clock()
    display = LumaDisplay(Panel(), _flaky(bus, opened), clock=clock, reopen_after=1)
    bus.broken = True
    display.show(pattern((128, 64)))
    display.contrast(17)
    bus.broken = False
    clock.now = 10.0
    display.show(pattern((128, 64)))
    assert len(opened) == 2 and [0x81, 17] in bus.commands


@LUMA_GETDATA
def test_close_survives_a_dead_bus_and_is_idempotent() -> None:
    bus, opened = Bus(), list[int]()
    display = LumaDisplay(Panel(persist=False), _flaky(bus, opened))
    bus.broken = True
    display.close()
    display.close()
    with pytest.raises(DeviceError, match="after close"):
        display.show(pattern((128, 64)))


@LUMA_GETDATA
def test_an_unchanged_frame_is_not_sent_again_until_the_panel_was_out() -> None:
    bus, opened, clock = Bus(), list[int](), Clock()
    display = LumaDisplay(Panel(), _flaky(bus, opened), clock=clock, reopen_after=1)
    display.show(pattern((128, 64)))
    writes = bus.writes
    display.show(pattern((128, 64)))
    assert bus.writes == writes  # nothing on the bus
    bus.broken = True
    display.show(pattern((128, 64), 1))
    bus.broken = False
    clock.now = 5.0
    bus.data.clear()
    display.show(pattern((128, 64), 1))  # the same frame: redrawn on the reopened panel
    assert display.healthy and same(
        decode_pages(bus.data[-1024:], (128, 64)), pattern((128, 64), 1)
    )
