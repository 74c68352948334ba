"""`companion score` on a hand-written record whose players are not each named once, and
on an empty file: one line naming the file and what to write (docs/notation.md, "the
players"; docs/security.md: no traceback), as ``--players`` refuses a name twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: A whole record of each card game, as the program writes them.
RECORDS = [
    "fibonachos/full-3p.json",
    "trump/full-game-2p.json",
    "rummy/rummy21-full.json",
    "rummy/rummy13-full.json",
    "rummy/rummy8-full.json",
    "rummy/rummy89-full.json",
]


def _with_players(tmp_path: Path, example: str, names: list[str]) -> tuple[Path, int]:
    """The example record with its players renamed (as many as it has, from ``names``)."""
    record = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    count = len(record["players"])
    record["players"] = [names[seat % len(names)] for seat in range(count)]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, count


def _refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("example", RECORDS)
def test_a_seat_without_a_name_is_refused_naming_it(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F3, T2, R4 seats (DESIGN.md "Game records"): every seat has a name: a blank one
    ("" or spaces) would print a column without a head."""
    for blank in ("", "  "):
        path, _ = _with_players(tmp_path, example, ["Ana", blank])
        err = _refused(path, capsys)
        assert 'r.json: "players": seat 2 has no name' in err, err
        assert '"players": ["Ana", "Ben", "Cy"]' in err  # what to write


@pytest.mark.parametrize("example", RECORDS)
def test_a_name_given_twice_is_refused_capitals_aside(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``--players`` and the OLED's name wheel: two columns would carry one name."""
    for twin in ("Ana", "ANA"):
        path, count = _with_players(tmp_path, example, ["Ana", twin])
        if count < 2:
            continue
        err = _refused(path, capsys)
        assert f'r.json: "players": {twin} is named twice (seats 1 and 2)' in err, err
        assert "give each seat its own name" in err


def test_an_unnamed_seat_as_the_journal_keeps_it_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The start menu keeps a seat left unnamed as "Seat 2": a name like any other
    (the examples, as the program writes records, are scored in test_score.py)."""
    path, _ = _with_players(tmp_path, "fibonachos/full-3p.json", ["Seat 1", "Seat 2", "Seat 3"])
    assert main(["score", str(path)]) == 0
    assert "Seat 2" in capsys.readouterr().out


@pytest.mark.parametrize("content", ["", "  \n\t\n"])
def test_an_empty_file_is_said_to_be_empty(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty record file is said to be empty, with what a record is, not as JSON
    "Expecting value" at line 1, column 1."""
    path = tmp_path / "r.json"
    path.write_text(content, encoding="utf-8")
    err = _refused(path, capsys)
    assert "r.json: empty: a record is a JSON object" in err, err
    assert "Expecting value" not in err and "not JSON" not in err
