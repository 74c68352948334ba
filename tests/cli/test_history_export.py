"""`companion history` and `companion export` read the journal (issue 6 part 2)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.flows.registry import check_options
from companion.games.json_types import JSONObject
from companion.games.scoring import score_record
from companion.journal import GameResult, Journal

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fibonachos" / "short.json"


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    path = tmp_path / "journal.db"
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    with Journal.open(path) as journal:
        game = journal.start_game("fibonachos", record["players"], [], started=1_700_000_000.0)
        journal.end_game(
            game,
            GameResult("over", record, score_record(record)),
            ended=1_700_000_900.0,
        )
    return path


def test_history_lists_games_with_players_scores_and_state(
    journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "--journal", str(journal_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["id", "date", "game", "players", "scores", "winner", "state"]
    assert "fibonachos" in out[1] and "Ana, Ben, Cy" in out[1] and "21, 21, 20" in out[1]
    assert main(["history", "--journal", str(journal_path), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["totals"] == [21, 21, 20] and row["state"] == "over"


def test_history_says_how_each_game_ended_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R9, issue 11: a rummy match ends when the table ends it (the menu's End game,
    journaled "abandoned"): the table says "ended by the players"; the JSON keeps the
    journal's reason."""
    path = tmp_path / "journal.db"
    record: JSONObject = {"game": "rummy8", "players": ["Ana", "Ben"], "variants": [], "rounds": []}
    with Journal.open(path) as journal:
        game = journal.start_game("rummy8", ["Ana", "Ben"], [], started=1_700_000_000.0)
        result = GameResult("abandoned", record, winners=(1,))
        journal.end_game(game, result, ended=1_700_000_900.0)
    assert main(["history", "--journal", str(path)]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.endswith("  ended by the players") and "abandoned" not in line, line
    assert main(["history", "--journal", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"] == "abandoned"


def test_export_json_gives_the_record_score_reads(
    journal_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.json"
    assert main(["export", "--journal", str(journal_path), "--game", "1", "--out", str(out)]) == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record == json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert main(["score", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == [21, 21, 20]


def test_export_that_cannot_be_written_leaves_the_old_file_whole(
    journal_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A full disk while ``export --out`` wrote was a traceback (OSError, ENOSPC) and left
    the file cut short: now one line, exit 2, the file there before as it was."""
    import errno

    from companion.cli import export

    out = tmp_path / "games.csv"
    out.write_text("last week's table\n", encoding="utf-8")

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export, "write_rows", full)
    argv = ["export", "--journal", str(journal_path), "--format", "csv", "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"companion export: --out {out}: cannot write (No space left on device);" + (
        " nothing written\n"
    )
    assert out.read_text(encoding="utf-8") == "last week's table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "journal.db"]


def test_export_over_a_private_file_keeps_it_private(journal_path: Path, tmp_path: Path) -> None:
    """``export --out`` over a file made readable by its owner alone (0600: the players'
    names) left it readable by all (0644, a new file renamed over it); opened in place
    before, it kept its mode, and so it does again."""
    out = tmp_path / "games.csv"
    out.write_text("last week's table\n", encoding="utf-8")
    out.chmod(0o600)
    argv = ["export", "--journal", str(journal_path), "--format", "csv", "--out", str(out)]
    assert main(argv) == 0
    assert out.stat().st_mode & 0o777 == 0o600
    assert out.read_text(encoding="utf-8").startswith("game_id,")


def test_export_into_a_folder_taking_no_new_file_writes_the_file_in_place(
    journal_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the user may write in a folder the user may not (a web server's folder):
    ``export --out`` wrote it before the temporary name; that name cannot be made there,
    so the file is written in place, as before, not refused."""
    shared = tmp_path / "www"
    shared.mkdir()
    out = shared / "games.csv"
    out.write_text("last week's table\n", encoding="utf-8")
    real_access = os.access

    def access(path: object, mode: int) -> bool:
        return Path(str(path)) != shared and real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    real_open = open

    def no_new_file(file: object, *args: Any, **kwargs: Any) -> Any:
        if Path(str(file)).parent == shared and not Path(str(file)).exists():
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", no_new_file)
    argv = ["export", "--journal", str(journal_path), "--format", "csv", "--out", str(out)]
    assert main(argv) == 0
    assert out.read_text(encoding="utf-8").startswith("game_id,")
    assert [p.name for p in shared.iterdir()] == ["games.csv"]


def test_export_csv_gives_one_row_per_round_and_seat(
    journal_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--journal", str(journal_path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["player"], r["points"], r["total"]) for r in rows] == [
        ("Ana", "21", "21"),
        ("Ben", "21", "21"),
        ("Cy", "20", "20"),
    ]
    # Issue 12 s7: a date people read, ISO 8601 local time (not 1700000000.0).
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(1_700_000_000.0))
    assert {r["started"] for r in rows} == {when}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when)


def test_unknown_game_and_missing_journal_exit_2(
    journal_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--journal", str(journal_path), "--game", "9"]) == 2
    assert "no game 9" in capsys.readouterr().err
    assert main(["history", "--journal", str(tmp_path / "none.db")]) == 2
    assert "no journal yet" in capsys.readouterr().err
    # a folder was "nothing readable (unable to open database file)"
    for command in ("history", "export"):
        assert main([command, "--journal", str(tmp_path)]) == 2
        assert capsys.readouterr().err == (
            f"companion {command}: {tmp_path}: a folder, not a regular file\n"
        )


def _referee_journal(path: Path) -> Path:
    """A journal with a hex referee game in play: Black's move, then White's two."""
    from companion.flows.commands import Move, Strikes
    from companion.session import Session

    with Journal.open(path) as journal:
        session = Session(journal, clock=lambda: 1_700_000_000.0)
        session.start_game("hex", ["Ana", "Ben"], [], check_options("hex", {"mode": "referee"}, 2))
        for command in (Move(), Move(), Strikes(1)):
            session.command(command)
    return path


def test_export_of_a_hex_referee_game_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10 item 5: with a referee game in play, export csv and json work (exit 0)."""
    path = _referee_journal(tmp_path / "journal.db")
    assert main(["export", "--journal", str(path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["game"], r["player"]) for r in rows] == [("hex", "")]
    out = tmp_path / "game.json"
    assert main(["export", "--journal", str(path), "--game", "1", "--out", str(out)]) == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["game"] == "hex-referee"
    # White's strike count, set after its first move, used up its turn (H2).
    assert record["turns"] == [
        {"strikes": 0, "moves": 1},
        {"strikes": 1, "moves": 1},
        {"strikes": 0, "moves": 0},
    ]
    assert main(["score", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["turns"][1]["allowed"] == 1


def test_a_referee_game_kept_in_the_older_format_exports_in_todays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10 item 5: a result kept by the older flow ({"mode": "referee"}) still reads."""
    old_file = Path(__file__).resolve().parents[2] / "examples" / "hex-referee" / "old-flow.json"
    old = json.loads(old_file.read_text(encoding="utf-8"))
    old_score: dict[str, object] = {
        "game": "hex",
        "mode": "referee",
        "turns": [],
        "winner": "black",
        "board": None,
    }
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = journal.start_game("hex", ["Ana", "Ben"], [], started=1.0)
        result = {"reason": "over", "record": old, "score": old_score}
        journal.end_game(game, GameResult.from_json(result), ended=2.0)
    assert main(["export", "--journal", str(path), "--game", "1"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == "hex-referee" and "mode" not in record
    assert score_record(record) == score_record(old)
    assert main(["history", "--journal", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["black"]
    assert main(["export", "--journal", str(path), "--format", "csv"]) == 0
    assert "black" in capsys.readouterr().out
