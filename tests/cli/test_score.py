"""`companion score` over every example record that ships in examples/.

Each examples/<game>/expected.json says what a record must give: totals, winners
and completeness for a valid one; the error's text and rule id for an invalid one
(exit status 2, one line on stderr, never a traceback).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _cases() -> list[tuple[Path, dict[str, Any]]]:
    cases = []
    for expected_file in sorted(EXAMPLES.glob("*/expected.json")):
        expected = json.loads(expected_file.read_text(encoding="utf-8"))
        for name, want in sorted(expected.items()):
            cases.append((expected_file.parent / name, want))
    return cases


CASES = _cases()
VALID = [(path, want) for path, want in CASES if "error" not in want]
INVALID = [(path, want) for path, want in CASES if "error" in want]


def _id(case: tuple[Path, dict[str, Any]]) -> str:
    return f"{case[0].parent.name}/{case[0].name}"


def test_every_game_ships_a_full_example_and_invalid_ones() -> None:
    """Issue: at least one full game per game and invalid records, all listed in expected.json."""
    games = {path.parent.name for path, _ in VALID}
    assert {"fibonachos", "trump", "rummy", "hex"} <= games
    assert {path.parent.name for path, _ in INVALID} >= {"fibonachos", "trump", "rummy", "hex"}
    listed = {path for path, _ in CASES}
    on_disk = {p for p in EXAMPLES.glob("*/*.json") if p.name != "expected.json"}
    assert on_disk <= listed, f"examples without an expectation: {sorted(on_disk - listed)}"


@pytest.mark.parametrize("case", VALID, ids=[_id(c) for c in VALID])
def test_valid_example_scores_as_expected(
    case: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, want = case
    assert main(["score", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key, value in want.items():
        if key == "turns":
            assert len(report["turns"]) == value
        else:
            assert report[key] == value, key
    # The text form renders too, and names every player of a card game.
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    for name in report.get("players", []):
        assert name in text


@pytest.mark.parametrize("case", INVALID, ids=[_id(c) for c in INVALID])
def test_invalid_example_exits_2_with_one_line(
    case: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, want = case
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert want["error"] in lines[0]
    assert f"({want['rule']})" in lines[0]


def test_missing_file_and_bad_json_exit_2_without_traceback(tmp_path: Path) -> None:
    """A real process: bad input gives one line and status 2, never a traceback."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    for target, needle in [(tmp_path / "nope.json", "no such file"), (bad, "not JSON")]:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "score", str(target)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2
        assert needle in done.stderr
        assert "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_unknown_game_names_the_choices(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "chess.json"
    record.write_text(json.dumps({"game": "chess", "players": ["A", "B"]}), encoding="utf-8")
    assert main(["score", str(record)]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "fibonachos" in err


def test_record_that_is_not_an_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/hex-referee.md section 6: `companion export` writes a list of the games; a
    player scoring that file is told how to export one."""
    record = tmp_path / "list.json"
    record.write_text('[{"game": "hex", "turns": [[]]}]', encoding="utf-8")
    assert main(["score", str(record)]) == 2
    err = capsys.readouterr().err
    assert "a list of games, not one game's record" in err and "--game ID" in err
    for text, kind in (('"hex"', "str"), ("[1, 2]", "list")):
        record.write_text(text, encoding="utf-8")
        assert main(["score", str(record)]) == 2
        assert f"JSON object, not {kind}" in capsys.readouterr().err


def test_a_hostile_move_in_a_record_is_one_line_without_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/security.md ("the command line never shows a traceback", one line): found
    by bench/fuzz/records.py, a hex move ``b4-d4\\f\\r\\x15`` reached stderr as written,
    its carriage return breaking the line (and an ESC would have been the terminal's
    control sequence). Every character that is not printable is now its escape."""
    record = json.loads((EXAMPLES / "hex" / "short.json").read_text(encoding="utf-8"))
    record["turns"][0] = ["b2-c2\x0c\r\x1b[2J"]
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err[:-1].isprintable(), repr(err)
    assert "b2-c2\\x0c\\r\\x1b[2J" in err


def test_players_names_are_printed_without_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/security.md: a record's names reach the terminal in the score's table; found
    by bench/fuzz/records.py, a name holding ESC ``[2J`` and a carriage return cleared
    the screen and overwrote the line. They are written as their escapes, the table
    still aligned on them; ``--json`` is JSON's own escaping."""
    record = json.loads((EXAMPLES / "fibonachos" / "short.json").read_text(encoding="utf-8"))
    record["players"][0] = "Ana\x1b[2J\rX"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(line.isprintable() for line in lines), lines
    assert lines[0] == "Fibonachos: Ana\\x1b[2J\\rX, Ben, Cy"
    header, first = lines[1], lines[2]
    assert header.index("Ben") + len("Ben") == first.index("21  20") + len("21")


@pytest.mark.parametrize("json_out", [False, True], ids=["table", "json"])
def test_a_name_with_a_lone_surrogate_is_printed_not_a_traceback(
    tmp_path: Path, json_out: bool
) -> None:
    """docs/security.md ("the command line never shows a traceback for bad input"): a
    record's ``"\\ud800"`` is a lone surrogate, which UTF-8 cannot encode, and printing
    the score raised UnicodeEncodeError (found by bench/fuzz/records.py once it wrote
    to a strict UTF-8 stream, as a terminal's is). A real process: it prints the
    escape, in the table and in ``--json`` (still JSON, the same text)."""
    record = json.loads((EXAMPLES / "fibonachos" / "short.json").read_text(encoding="utf-8"))
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(record).replace('"Ana"', '"Ana\\ud800"'), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "score", str(path), *(["--json"] if json_out else [])],
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert (done.returncode, done.stderr) == (0, b"")
    out = done.stdout.decode("utf-8")
    if json_out:
        assert json.loads(out)["players"][0] == "Ana\ud800"
    else:
        assert out.startswith("Fibonachos: Ana\\ud800, Ben, Cy\n")


def test_a_rummy_match_is_led_not_unfinished() -> None:
    """R9: a rummy match has no set length, so its record never says it is over; the
    scores say who leads (equal totals share the lead), not "game not finished"."""
    from companion.cli.render import render_report
    from companion.games.report import CardGameReport, RoundScore

    led = CardGameReport("rummy21", ("Ana", "Ben"), (RoundScore((-11, 190)),), False, ())
    assert render_report(led).endswith("Ben leads; the match ends when the table ends it (R9)")
    even = CardGameReport("rummy8", ("Ana", "Ben", "Cy"), (RoundScore((5, 5, -3)),), False, ())
    assert render_report(even).endswith(
        "Ana and Ben share the lead; the match ends when the table ends it (R9)"
    )
    unplayed: CardGameReport[RoundScore] = CardGameReport("rummy13", ("Ana", "Ben"), (), False, ())
    assert render_report(unplayed).endswith("game not finished")


@pytest.mark.parametrize("game", ["fibonachos", "trump"])
def test_a_revoke_names_its_player_once(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """F5, T4: "flag: round 1, trick 2: Ben played R2 but did not follow Red...": the
    player's name once, no seat number beside it (the command line counts seats from 1,
    the flag's own message from 0)."""
    assert main(["score", str(EXAMPLES / game / "revoke.json")]) == 0
    flags = [line for line in capsys.readouterr().out.splitlines() if line.startswith("flag:")]
    assert flags
    for line in flags:
        said = line.split(": ", 2)[2]  # after "flag: round 1, trick 2: "
        name = said.split(" ", 1)[0]
        assert name in ("Ben", "Cy") and said.count(name) == 1, line
        assert "(seat" not in line


def test_the_totals_row_lines_up_with_the_rounds() -> None:
    """docs/notation.md "Scores": the table's columns hold the rounds and the total alike.
    The demo's rummy match printed "total   44   54" under "1       200  -146": the total
    row was aligned on its own numbers' width, not the rounds'."""
    from companion.cli.render import render_report
    from companion.games.report import CardGameReport, RoundScore

    rounds = (RoundScore((200, -146)), RoundScore((-156, 200)))
    match = CardGameReport("rummy21", ("Ana", "Ben"), rounds, False, ())
    lines = render_report(match, ended=True).splitlines()
    assert lines[1:5] == [
        "round   Ana   Ben",
        "1       200  -146",
        "2      -156   200",
        "total    44    54",
    ]
    wider = CardGameReport("rummy21", ("Ana", "Ben"), (RoundScore((-600, 5)),) * 2, False, ())
    header, first, _, total = render_report(wider).splitlines()[1:5]
    assert [len(line) for line in (header, first, total)] == [len(total)] * 3
