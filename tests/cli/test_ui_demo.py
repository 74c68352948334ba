"""``companion ui-demo`` without a person: keys from a file, frames into a folder (issue 5 s. 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageSequence

from companion.cli import main
from companion.cli.ui_demo_table import table_script
from companion.journal import Journal
from companion.ui.app import UiApp
from companion.ui.screens import render
from companion.views.i18n import speaking

#: Fibonachos for 3 (SELECT the game, DOWN + SELECT "3 players", SELECT Done,
#: SELECT the dealer, SELECT Done (variants), SELECT to confirm).
START_FIBONACHOS_3 = "d" + "sd" + "d" + "d" + "d" + "d"


def run_demo(tmp_path: Path, keys: str, *extra: str) -> tuple[int, list[Path], Journal]:
    (tmp_path / "keys.txt").write_text(keys, encoding="utf-8")
    out, journal = tmp_path / "frames", tmp_path / "journal.db"
    status = main(
        [
            "ui-demo",
            "--display",
            "frames",
            "--out",
            str(out),
            "--input",
            str(tmp_path / "keys.txt"),
            "--journal",
            str(journal),
            *extra,
        ]
    )
    return status, sorted(out.glob("*.png")), Journal.open(journal)


def test_a_whole_fibonachos_game_by_keyboard(tmp_path: Path) -> None:
    """F8: three rounds played from the scripted table, the game ends complete."""
    status, frames, journal = run_demo(tmp_path, START_FIBONACHOS_3 + "ntre" + "dddd")
    assert status == 0
    (game,) = journal.games()
    assert game.game == "fibonachos" and len(game.players) == 3
    assert game.result is not None and game.result["score"]["complete"] is True
    assert len(frames) > 5
    assert Image.open(frames[0]).size == (256, 128)  # the frames backend's default scale 2


def test_the_hex_referee_by_keyboard_on_a_short_panel(tmp_path: Path) -> None:
    """H2: SELECT counts a move, a long SELECT (capital D) ends the turn."""
    keys = "ssssss" + "d" + "d" + "d" + "d" + "D" + "d" + "q" + "dddd"
    status, frames, journal = run_demo(tmp_path, keys, "--height", "32")
    assert status == 0
    (game,) = journal.games()
    assert game.game == "hex-referee" and "mode" not in game.options
    events = journal.events(game.id)
    assert [e.payload["name"] for e in events] == ["move", "end-turn", "move"]
    assert Image.open(frames[-1]).size == (256, 64)


def test_a_table_script_file(tmp_path: Path) -> None:
    script = tmp_path / "table.json"
    script.write_text(
        '[{"event": "placed", "deck": "fibonachos", "notation": "S3#1", "zone": "spicy"},'
        ' {"event": "placed", "deck": "fibonachos", "notation": "R13#1", "zone": "play"}]',
        encoding="utf-8",
    )
    status, _, journal = run_demo(tmp_path, START_FIBONACHOS_3 + "e", "--script", str(script))
    assert status == 0
    (game,) = journal.games()
    assert [e.payload["notation"] for e in journal.events(game.id)] == ["S3#1", "R13#1"]


def test_a_bad_script_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "table.json"
    script.write_text('[{"event": "placed"}]', encoding="utf-8")
    status, _, _ = run_demo(tmp_path, "", "--script", str(script))
    assert status == 2
    assert "event 1: needs event, deck, notation, zone" in capsys.readouterr().err


def gif_frames(tmp_path: Path, keys: str) -> list[bytes]:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "keys.txt").write_text(keys, encoding="utf-8", newline="")
    out = tmp_path / "gif"
    args = ["ui-demo", "--display", "gif", "--out", str(out), "--input", str(tmp_path / "keys.txt")]
    assert main(args) == 0
    with Image.open(out / "ui-demo.gif") as gif:
        return [frame.convert("L").tobytes() for frame in ImageSequence.Iterator(gif)]


def test_a_gif_of_the_session(tmp_path: Path) -> None:
    assert len(gif_frames(tmp_path, "dsd")) == 4  # the start and one screen a key


def test_arrows_and_enter_are_one_key_each(tmp_path: Path) -> None:
    """Right, Down (as a terminal in application cursor mode sends them), Enter (CR LF)."""
    letters = gif_frames(tmp_path / "letters", "dsd")
    assert gif_frames(tmp_path / "arrows", "\x1bOC\x1bOB\r\n") == letters


@pytest.mark.parametrize(("game", "players"), [("trump", 2), ("rummy21", 2), ("hex", 2)])
def test_built_in_scripts_for_every_kind(game: str, players: int) -> None:
    steps = table_script(game, players, (), seed=3)
    placed = [s.card for s in steps if s.event == "placed" and s.card is not None]
    removed = [s.card for s in steps if s.event == "removed" and s.card is not None]
    assert {c.key for c in placed} == {c.key for c in removed}  # the table clears
    if game == "hex":
        assert steps == []
    else:
        assert placed and all(c.deck == game for c in placed)


def test_a_french_table_plays_a_whole_game_in_french(tmp_path: Path) -> None:
    """Issue 12: with --language fr the start menu, the game and its end are French."""
    with speaking("en"):
        status, frames, journal = run_demo(
            tmp_path, START_FIBONACHOS_3 + "ntre" + "dddd", "--language", "fr"
        )
        assert status == 0
        (game,) = journal.games()
        assert game.result is not None and game.result["score"]["complete"] is True
        with speaking("fr"):
            start = render(UiApp().screen(0.0), (128, 64)).convert("L")
        first = Image.open(frames[0]).convert("L").resize((128, 64), Image.Resampling.NEAREST)
        assert first.tobytes() == start.tobytes()  # "Choisir un jeu"
