"""The recording displays: PNG frames, an animated GIF, the terminal, the fake."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageSequence

from hardware.display import open_display
from hardware.display_fake import FakeDisplay
from hardware.display_files import GifDisplay
from hardware.display_terminal import half_blocks, quadrant_blocks
from hardware.errors import DeviceError


def frame(n: int, size: tuple[int, int] = (128, 64)) -> Image.Image:
    image = Image.new("1", size)
    ImageDraw.Draw(image).rectangle((n, n, n + 10, n + 5), fill=1)
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_frames_writes_each_change_numbered_and_enlarged(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    with open_display("frames", dir=str(folder), scale=3) as display:
        for n in (0, 0, 1, 1, 1, 2, 0):
            display.show(frame(n))
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"frame-0000{i}.png" for i in range(1, 5)]
    for name, n in zip(names, (0, 1, 2, 0), strict=True):
        with Image.open(folder / name) as png:
            assert png.size == (384, 192)
            small = png.resize((128, 64), Image.Resampling.NEAREST)
            assert same(small, frame(n))


def test_frames_names_a_folder_it_cannot_make(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(DeviceError, match="cannot create"):
        open_display("frames", dir=str(blocker / "sub"))


def test_gif_keeps_changed_frames_with_their_display_times(tmp_path: Path) -> None:
    now = [10.0]
    path = tmp_path / "demo.gif"
    display = open_display("gif", path=str(path), scale=1, clock=lambda: now[0])
    assert isinstance(display, GifDisplay)
    for n, at in [(0, 10.0), (0, 10.5), (1, 11.0), (2, 11.25), (2, 12.0)]:
        now[0] = at
        display.show(frame(n))
    now[0] = 14.0
    assert display.durations() == [1000, 250, 2750]
    display.close()
    display.close()
    with Image.open(path) as gif:
        assert frame_count(gif) == 3
        durations = []
        for index in range(frame_count(gif)):
            gif.seek(index)
            durations.append(gif.info["duration"])
            assert same(gif.convert("L"), frame(index))
    assert durations == [1000, 250, 2750]


def test_a_gif_with_no_frames_writes_nothing(tmp_path: Path) -> None:
    open_display("gif", path=str(tmp_path / "none.gif")).close()
    assert not (tmp_path / "none.gif").exists()


def test_half_blocks_pair_two_pixel_rows() -> None:
    image = Image.new("1", (4, 3))
    for xy in [(0, 0), (1, 1), (2, 0), (2, 1), (3, 2)]:
        image.putpixel(xy, 1)
    assert half_blocks(image) == "▀▄█ \n   ▀"


def test_quadrant_blocks_hold_two_by_two_pixels() -> None:
    image = Image.new("1", (4, 3))
    for xy in [(0, 0), (1, 1), (2, 0), (3, 0), (2, 1), (3, 2)]:
        image.putpixel(xy, 1)
    assert quadrant_blocks(image) == "▚▛\n ▝"


def test_terminal_prints_only_changes_in_an_80_column_terminal() -> None:
    """Issue 12 s7: a 128x64 panel fits an 80-column terminal (64 columns, 32 lines)."""
    stream = io.StringIO()
    with open_display("terminal", height=64, stream=stream) as display:
        display.show(frame(0))
        display.show(frame(0))
        display.show(frame(3))
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2 * (32 + 2)
    assert all(len(line) == 64 for line in lines)
    assert max(len(line) for line in lines) <= 80


def test_terminal_halves_draw_square_pixels_on_128_columns() -> None:
    stream = io.StringIO()
    with open_display("terminal", height=32, stream=stream, cells="halves") as display:
        display.show(frame(3, (128, 32)))
    lines = stream.getvalue().splitlines()
    assert len(lines) == 16 + 2 and all(len(line) == 128 for line in lines)
    with pytest.raises(ValueError, match="cells"):
        open_display("terminal", cells="braille")


def test_fake_keeps_every_image_and_can_be_told_to_fail() -> None:
    display = open_display("fake", height=32)
    assert isinstance(display, FakeDisplay)
    display.show(frame(1, (128, 32)))
    display.contrast(9)
    assert len(display.images) == 1 and same(display.images[0], frame(1, (128, 32)))
    assert display.levels == [9]
    broken = open_display("fake", fail=True)
    with pytest.raises(DeviceError, match="told to fail"):
        broken.show(frame(0))


def frame_count(image: Image.Image) -> int:
    """The frames of an animated image (Pillow types ``n_frames`` only on its plugins)."""
    return sum(1 for _ in ImageSequence.Iterator(image))
