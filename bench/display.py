"""What a frame costs on the OLED: luma's conversion to controller bytes, and the bus.

    .venv/bin/python bench/display.py

For each driver (ssd1306, sh1106, ssd1309) at 128x64 and 128x32, shows 200
different frames through the real luma.oled driver over luma's I2C interface on
a bus that only counts bytes, and reports milliseconds of CPU per frame (median
and 95th percentile, on this machine) and the bytes each frame puts on the bus,
with the time those bytes take on a 100 kHz and a 400 kHz I2C bus (9 bits a
byte, no clock stretching): the figure that limits the frame rate on a Pi.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from luma.core.interface.serial import i2c
from luma.oled import device as oled
from PIL import Image, ImageDraw

from hardware.display_luma import LumaDisplay, Panel

FRAMES = 200


class CountingBus:
    def __init__(self) -> None:
        self.bytes = 0

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self.bytes += len(data) + 2  # address and control byte

    def close(self) -> None:
        pass


def frames(size: tuple[int, int]) -> list[Image.Image]:
    rng = random.Random(7)
    made = []
    for n in range(FRAMES):
        image = Image.new("1", size)
        draw = ImageDraw.Draw(image)
        draw.text((rng.randrange(40), rng.randrange(size[1] - 10)), f"Trick {n}", fill=1)
        draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=1)
        made.append(image)
    return made


def measure(driver: str, size: tuple[int, int]) -> tuple[float, float, int]:
    bus = CountingBus()
    drivers: dict[str, Any] = {
        "ssd1306": oled.ssd1306,
        "sh1106": oled.sh1106,
        "ssd1309": oled.ssd1309,
    }

    def factory(panel: Panel) -> Any:
        return drivers[driver](i2c(bus=bus), width=panel.width, height=panel.height)

    display = LumaDisplay(Panel(driver=driver, width=size[0], height=size[1]), factory)
    times = []
    for image in frames(size):
        before = bus.bytes
        start = time.perf_counter()
        display.show(image)
        times.append((time.perf_counter() - start) * 1000)
        per_frame = bus.bytes - before
    display.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)], per_frame


def main() -> None:
    print(
        f"{'driver':8} {'size':7} {'CPU ms median':>13} {'p95':>6} {'bus bytes':>9} "
        f"{'100 kHz ms':>10} {'400 kHz ms':>10}"
    )
    for driver in ("ssd1306", "sh1106", "ssd1309"):
        for size in ((128, 64), (128, 32)):
            median, p95, sent = measure(driver, size)
            bits = sent * 9
            print(
                f"{driver:8} {size[0]}x{size[1]:<4} {median:13.2f} {p95:6.2f} {sent:9d} "
                f"{bits / 100:10.1f} {bits / 400:10.1f}"
            )


if __name__ == "__main__":
    main()
