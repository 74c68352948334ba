"""Issue 10 item 8: ``companion replay --buttons FILE`` works the menus of a recorded table.

A short table where a wrong card is put down, taken back with the in-game menu's
"Undo last" (BACK, DOWN, SELECT at the script's times, which are table time), and
the right card put down: the replay reads the game as played after the undo and
ends with one line saying what it read. A button script that cannot be read is
one line on stderr and exit status 2, like any bad input.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.synthetic.scene import Place, Remove, Scene, Step, Wait
from companion.synthetic.scripts import TableScript, table_script
from companion.synthetic.sprites import CardRef
from companion.synthetic.video import write_video

FPS = 10.0
ONE_TRICK: dict[str, Any] = {
    "game": "fibonachos",
    "players": ["Ana", "Ben", "Cy"],
    "variants": [],
    "rounds": [{"dealer": 2, "tricks": [{"spicy": "S0", "plays": ["R16", "G16", "Y16"]}]}],
}
WRONG = CardRef("fibonachos", "G5")


def undo_presses(at: float) -> str:
    """The in-game menu (BACK), its second entry "Undo last" (DOWN), chosen (SELECT)."""
    return f"# undo the wrong card\n{at:.1f} back\n{at + 0.3:.1f} down\n{at + 0.6:.1f} select\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TableScript, float]:
    """The video, its script, and the table time at which the wrong card lies still."""
    script = table_script(ONE_TRICK)
    steps = list(script.steps)
    second_play = [i for i, s in enumerate(steps) if isinstance(s, Place)][2]  # G16
    mistake: list[Step] = [Place(WRONG, 0.75, 0.3, zone="play"), Wait(25), Remove((WRONG,))]
    steps[second_play:second_play] = mistake
    scene = Scene((1280, 720), seed=2)
    still = scene.count_frames(steps[: second_play + 1]) / FPS + 0.8  # into the Wait
    fixed = TableScript(script.game, script.players, (), tuple(steps), script.options, ONE_TRICK)
    folder = tmp_path_factory.mktemp("buttons") / "frames"
    write_video(fixed, folder, scene=scene, fps=FPS, image_suffix=".jpg")
    return folder, fixed, still


def run_replay(
    table: tuple[Path, TableScript, float], capsys: pytest.CaptureFixture[str], *more: str
) -> tuple[int, str, str]:
    folder, script, _ = table
    status = main(["replay", str(folder), *script.replay_args(), "--fps", str(FPS), *more])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_an_undo_from_the_buttons_replays_into_the_record(
    table: tuple[Path, TableScript, float], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10 item 8: the menu's undo, pressed by the script, takes the wrong card back."""
    presses = tmp_path / "undo.txt"
    presses.write_text(undo_presses(table[2]), encoding="utf-8")
    status, out, err = run_replay(table, capsys, "--buttons", str(presses), "--json")
    assert status == 0, err
    data = json.loads(out)
    assert [t["plays"] for t in data["record"]["rounds"][0]["tricks"]] == [["R16", "G16", "Y16"]]
    assert "G5" in [e["card"] for e in data["events"] if e["event"] == "placed"]
    last = err.strip().splitlines()[-1]
    assert last.startswith("replayed ") and "s of table time): " in last
    assert last.endswith(" events, 0 refused, 3 button presses"), last


def test_without_the_buttons_the_wrong_card_stays_a_play(
    table: tuple[Path, TableScript, float], capsys: pytest.CaptureFixture[str]
) -> None:
    """The same table with nobody at the buttons: G5 is a play (so the undo above did it),
    and the text output ends with the summary line."""
    status, out, err = run_replay(table, capsys)
    assert status == 0, err
    record = json.loads(out.splitlines()[0])
    assert record["rounds"][0]["tricks"][0]["plays"][:2] == ["R16", "G5"]
    assert out.splitlines()[-1].startswith("replayed ")
    assert "refused" in out.splitlines()[-1]


def test_presses_after_the_last_frame_are_reported(
    table: tuple[Path, TableScript, float], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    presses = tmp_path / "late.txt"
    presses.write_text("9999 select\n", encoding="utf-8")
    status, out, _ = run_replay(table, capsys, "--buttons", str(presses))
    assert status == 0
    assert out.splitlines()[-1].endswith("(1 scripted after the last frame, not taken)")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such button script"),
        ("1.0 sideways\n", "line 1: '1.0 sideways': button 'sideways'"),
        ("2 up\n1 down\n", "never go back"),
        (b"\xff\xfe", "not UTF-8"),
        ("fifo", "a FIFO, not a regular file"),
        ("big", "more than the limit"),
    ],
)
def test_a_bad_button_script_is_one_line_exit_2(
    table: tuple[Path, TableScript, float],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | bytes | None,
    message: str,
) -> None:
    path = tmp_path / "buttons.txt"
    if content == "fifo":
        os.mkfifo(path)
    elif content == "big":
        path.write_text("# padding\n" * 110_000, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    status, out, err = run_replay(table, capsys, "--buttons", str(path))
    assert status == 2
    assert out == ""
    assert err.startswith("companion replay: ") and err.count("\n") == 1
    assert message in err
