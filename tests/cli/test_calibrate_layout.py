"""``companion calibrate --write-layout`` (issue 11 item 3): a rummy layout from a picture
of the empty table with one SEATn control card where each player sits."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.synthetic.scene import Place, Scene, Step
from companion.synthetic.sprites import CardRef
from companion.table.layout import load_layout

#: Where a player sitting on each side puts their marker, and how it lies for them.
SPOTS = {
    "bottom": (0.5, 0.88, 0.0),
    "top": (0.5, 0.12, 180.0),
    "left": (0.08, 0.5, 270.0),
    "right": (0.92, 0.5, 90.0),
}


def marker(seat: int, side: str, shift: float = 0.0) -> Place:
    x, y, angle = SPOTS[side]
    return Place(CardRef("control", f"SEAT{seat}"), x + shift, y, angle=angle, hand=False)


def picture(tmp_path: Path, steps: list[Step]) -> Path:
    path = tmp_path / "empty.png"
    cv2.imwrite(str(path), Scene((1280, 720), seed=4).still(steps))
    return path


def calibrate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["calibrate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_four_markers_make_four_seats_on_their_sides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 3: SEAT1-4 at the four edges; the file loads with the usual loader."""
    sides = ("bottom", "left", "top", "right")
    source = picture(tmp_path, [marker(n + 1, side) for n, side in enumerate(sides)])
    out = tmp_path / "rummy.toml"
    status, text, _ = calibrate(capsys, "--source", str(source), "--write-layout", str(out))
    assert status == 0
    assert text.splitlines()[:4] == [
        f"seat {n + 1} (SEAT{n + 1}): meld-{n}, {side}" for n, side in enumerate(sides)
    ]
    layout = load_layout(out)
    assert [layout.facing(name) for name in layout.names()] == list(sides)
    for n, side in enumerate(sides):
        x, y, _ = SPOTS[side]
        assert layout.zone_of((x, y)) == f"meld-{n}"
    assert layout.card_size is not None
    assert layout.card_size[0] == pytest.approx(Scene((1280, 720)).card_fraction()[0], rel=0.1)


def test_two_seats_on_one_side_split_it_between_their_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 3: seats anywhere around the table, two of them at the bottom."""
    steps: list[Step] = [marker(1, "bottom", 0.25), marker(2, "bottom", -0.25), marker(3, "top")]
    out = tmp_path / "rummy.toml"
    status, _, _ = calibrate(
        capsys, "--source", str(picture(tmp_path, steps)), "--write-layout", str(out)
    )
    assert status == 0
    layout = load_layout(out)
    assert layout.zone_of((0.75, 0.88)) == "meld-0" and layout.zone_of((0.25, 0.88)) == "meld-1"
    assert layout.facing("meld-2") == "top"


def test_players_without_markers_gives_the_default_seating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 3: no picture work at all, a layout for 3 players."""
    out = tmp_path / "rummy.toml"
    source = picture(tmp_path, [])
    status, text, _ = calibrate(
        capsys, "--source", str(source), "--write-layout", str(out), "--players", "3"
    )
    assert status == 0 and "wrote" in text
    layout = load_layout(out)
    assert [layout.facing(name) for name in layout.names()] == ["bottom", "left", "top"]


@pytest.mark.parametrize(
    ("steps", "extra", "message"),
    [
        ([], [], "no seat marker in the picture"),
        ([marker(1, "bottom"), marker(1, "top")], [], "SEAT1 is in the picture twice"),
        ([marker(1, "bottom"), marker(3, "top")], [], "no SEAT2 marker but SEAT3"),
        ([marker(1, "bottom"), marker(2, "top")], ["--players", "3"], "2 seat markers"),
        ([], ["--players", "7"], "--players 7: rummy seats 1 to 4 players"),
    ],
    ids=["none", "twice", "gap", "count", "players"],
)
def test_markers_that_make_no_layout_are_one_line_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    steps: list[Step],
    extra: list[str],
    message: str,
) -> None:
    """Issue 11 item 3: one clear line on stderr, exit 2, no file written."""
    out = tmp_path / "rummy.toml"
    source = picture(tmp_path, steps)
    status, _, err = calibrate(capsys, "--source", str(source), "--write-layout", str(out), *extra)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_an_unreadable_picture_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 3: a picture that is no picture."""
    source = tmp_path / "empty.png"
    source.write_bytes(b"not a png")
    out = tmp_path / "rummy.toml"
    status, _, err = calibrate(capsys, "--source", str(source), "--write-layout", str(out))
    assert status == 2 and len(err.strip().splitlines()) == 1 and not out.exists()


def test_calibrate_needs_out_or_write_layout(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11 item 3: --out is no longer the only thing calibrate can write."""
    status, _, err = calibrate(capsys, "--source", "x.png")
    assert status == 2 and "--out FILE.png, --write-layout FILE.toml" in err
