"""``companion calibrate`` (issue 4 section 4): one frame, the zones, every code labelled."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.synthetic.scene import Blur, Place, Scene, Step, Wait
from companion.synthetic.sprites import FOREIGN, CardRef
from companion.table.calibration import MIN_MODULE_PX, analyse, module_px
from companion.table.layout import default_layout

MENU = CardRef(FOREIGN, "https://cafe.example/menu")
TRICK: list[Step] = [
    Place(CardRef("fibonachos", "S3#1"), 0.12, 0.22, hand=False),
    Place(CardRef("fibonachos", "R13"), 0.45, 0.5, angle=12.0, hand=False),
    Place(CardRef("fibonachos", "G2"), 0.65, 0.5, angle=-8.0, hand=False),
    Place(MENU, 0.8, 0.2, hand=False),
]


def table_image(tmp_path: Path, steps: list[Step], **scene: object) -> Path:
    image = Scene((1280, 720), seed=2, **scene).still(steps)  # type: ignore[arg-type]
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), image)
    return path


def read(path: Path) -> np.ndarray:
    image = cv2.imread(str(path))
    assert image is not None, path
    return np.asarray(image, dtype=np.uint8)


def calibrate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["calibrate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_labels_cards_and_rejects_foreign_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = table_image(tmp_path, TRICK)
    out = tmp_path / "check.png"
    status, text, _ = calibrate(capsys, "--source", str(source), "--out", str(out), "--json")
    assert status == 0
    data = json.loads(text)
    assert sorted({c["card"] for c in data["cards"]}) == ["G2", "R13", "S3#1"]
    assert {c["zone"] for c in data["cards"]} == {"play", "spicy"}
    assert [r["reason"] for r in data["rejected"]] == ["not a Table Companion code (a URL)"]
    assert 2.0 <= data["module_px"]["min"] < MIN_MODULE_PX  # read, under the 3 px advised
    assert [line.split(" (")[0] for line in data["advice"]] == ["codes are small"]
    picture = read(out)
    assert picture.shape == (720, 1280, 3)
    original = read(source)
    assert not np.array_equal(picture, original)  # zones and labels drawn on it


def test_summary_for_people(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = table_image(tmp_path, TRICK)
    status, text, _ = calibrate(capsys, "--source", str(source), "--out", str(tmp_path / "c.png"))
    assert status == 0
    assert "codes found: " in text and "G2 R13 S3#1" in text
    assert "rejected: not a Table Companion code (a URL)" in text
    assert "advice: codes are small" in text


def test_the_advice_aims_for_the_readmes_3_px_per_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: one number, the README's ("keep at least 3 px per module"): poker cards
    110 px wide at 1280 x 720 (about 2.1 px) are read, yet calibrate advises coming
    closer (it said "aim for 2" and nothing at 2.1)."""
    source = table_image(tmp_path, TRICK)
    status, text, _ = calibrate(capsys, "--source", str(source), "--out", str(tmp_path / "c.png"))
    assert status == 0 and "cards: G2 R13 S3#1" in text
    assert "codes are small (2." in text and "aim for 3 or more" in text
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"keep at least {MIN_MODULE_PX:.0f} px per module" in readme


def test_small_codes_get_advice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A camera too high: cards 80 px wide at 1280 x 720 give under 2 px per module."""
    source = table_image(tmp_path, TRICK, card_width=80)
    check = analyse(read(source), default_layout())
    assert check.cards, "the scene should still show a readable code"
    status, text, _ = calibrate(capsys, "--source", str(source), "--out", str(tmp_path / "c.png"))
    assert status == 0
    assert "codes are small" in text


def test_empty_table_says_what_to_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = table_image(tmp_path, [Wait(1)])
    status, text, _ = calibrate(capsys, "--source", str(source), "--out", str(tmp_path / "c.png"))
    assert status == 0
    assert "no card codes found" in text


def test_blurred_codes_are_called_soft(tmp_path: Path) -> None:
    steps = [*TRICK, Blur(3, 30.0, frames=1)]
    *_, last = Scene((1280, 720), seed=2).frames(steps)
    check = analyse(last.image, default_layout())
    assert check.cards
    assert any("soft" in line for line in check.advice)


def test_a_frame_of_a_replay_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    scene = Scene((1280, 720), seed=2)
    for frame in scene.frames([*TRICK[:2], Wait(2)]):
        cv2.imwrite(str(folder / f"f{frame.index:03d}.jpg"), frame.image)
    last = scene.count_frames([*TRICK[:2], Wait(2)]) - 1
    out = tmp_path / "c.png"
    args = ["--source", str(folder), "--frame", str(last), "--out", str(out), "--json"]
    status, text, _ = calibrate(capsys, *args)
    assert status == 0
    assert sorted({c["card"] for c in json.loads(text)["cards"]}) == ["R13", "S3#1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", "/nonexistent/table.png"], "no such file"),
        (["--source", "{tmp}/notes.txt"], "not a video that can be played"),
        (["--source", "{tmp}/table.png", "--layout", "{tmp}/missing.toml"], "missing.toml"),
        (["--source", "{tmp}/table.png", "--frame", "-1"], "frames count from 0"),
        # docs/hex-referee.md section 6: the board's check, --frame of a recording too.
        (["--board", "--source", "{tmp}/table.png", "--frame", "3"], "is one picture"),
        (["--source", "{tmp}/empty"], "no frames"),
        # docs/layout.md: --frame picks a frame of a recording; a photo has one
        (["--source", "{tmp}/table.png", "--frame", "40"], "table.png is one picture"),
        # the option named is the one given (it said --out)
        (["--source", "{tmp}/table.png", "--write-layout", "{tmp}"], "--write-layout /"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    table_image(tmp_path, TRICK[:1])
    (tmp_path / "notes.txt").write_text("not a picture", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    filled = [a.replace("{tmp}", str(tmp_path)) for a in args]
    status, text, err = calibrate(capsys, *filled, "--out", str(tmp_path / "c.png"))
    assert status == 2
    assert text == ""
    assert err.count("\n") == 1 and message in err
    assert "camera.path" not in err  # the command line's source, not a settings key


def test_wrong_out_suffix_is_refused_before_the_source_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing source would say "no such file": the --out mistake comes first."""
    args = ["--source", "/nonexistent/table.png", "--out", str(tmp_path / "c.jpg")]
    status, text, err = calibrate(capsys, *args)
    assert status == 2 and text == ""
    assert "write a .png" in err
    assert not (tmp_path / "c.jpg").exists()


def test_module_px_of_a_square_code() -> None:
    assert module_px(((0, 0), (42, 0), (42, 42), (0, 42))) == pytest.approx(2.0)
