"""``companion run``: a mistake in its own options is said as that option, one line, exit
2, before the daemon starts (docs/install.md "Limits on input files": output files are
checked at the start). The newcomer's walk through the docs found the command line's
values blamed on the configuration file (``good.toml: display.kind = 'foo'`` for
``--display foo``; ``unknown setting display.dir for the luma display (known: ...,
clock, device_factory, ...)`` for ``--out``), and ``--players``, ``--option`` and
``--variant`` read by nothing when ``--game`` was left out, and a folder given as
``--journal`` played the whole game unsaved and exited 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main

TRICK = Path(__file__).resolve().parents[2] / "examples" / "table" / "trick"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--display", "oled"], "--display oled: no such backend (known: luma, emulator,"),
        (["--buttons", "mouse"], "--buttons mouse: no such backend (known: gpio, keyboard,"),
        (["--camera", "webcam"], "--camera webcam: no such backend (known: picamera2, opencv,"),
        (["--out", "{tmp}/oled"], "--out {tmp}/oled: the luma display writes no file"),
        (["--display", "terminal", "--out", "x"], "the terminal display writes no file"),
        (["--display", "gif", "--out", "{tmp}/oled.png"], "the gif display writes a .gif"),
        (["--display", "frames", "--out", "{tmp}/taken"], "taken: is a file; the frames"),
        (["--record", "{tmp}/taken"], "--record {tmp}/taken: is a file, not a folder"),
        (["--players", "2"], "--players go with --game: name the game to start"),
        (["--option", "dealer=1", "--variant", "x"], "--option, --variant go with --game"),
        (["--journal", "{tmp}"], "--journal {tmp}: not a file: give a file's name (such as"),
    ],
    ids=[
        "display",
        "buttons",
        "camera",
        "out-luma",
        "out-terminal",
        "gif-name",
        "frames-file",
        "record-file",
        "players",
        "option-variant",
        "journal-folder",
    ],
)
def test_a_command_line_mistake_is_said_as_its_option(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "good.toml"
    config.write_text("[phone]\nenabled = false\n", encoding="utf-8")
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    filled = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    argv = ["run", "--config", str(config)]
    if "--journal" not in filled:
        argv += ["--journal", str(tmp_path / "j.db")]
    if "--display" not in filled and "--out" not in filled:
        argv += ["--display", "fake"]
    if "--buttons" not in filled:
        argv += ["--buttons", "fake"]
    if "--camera" not in filled:
        argv += ["--source", str(TRICK)]
    status = main([*argv, *filled])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("companion run: ") and err.count("\n") == 1, err
    assert said.replace("{tmp}", str(tmp_path)) in err
    assert "good.toml" not in err and "display." not in err  # not the file's, not a setting
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.toml", "taken"]
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "mine"
