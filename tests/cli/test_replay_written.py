"""`companion replay --game hex --expect moves.txt`: the game as a player wrote it down at
the table, one line a turn, checked against what the camera read (issue 24 "done": a
real game on the printed board replays into its exact record; docs/hex-referee.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_replay_hex import _record_video

from companion.cli import main
from companion.cli.expect import expected_record
from companion.games import get_game


def _written(turns: list[list[str]]) -> str:
    lines = [f"{number}. {' '.join(moves) or '-'}" for number, moves in enumerate(turns, 1)]
    return "# written at the table\n" + "\n".join(lines) + "\n"


@pytest.mark.slow
def test_the_moves_written_down_are_the_game_the_camera_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2, H3: the opening's moves written one line a turn: the same game, exit 0; one
    move written otherwise (another legal move): exit 1, where they part."""
    turns: Any = _record_video(tmp_path / "board")["turns"]
    same, other = tmp_path / "same.txt", tmp_path / "other.txt"
    same.write_text(_written(turns), encoding="utf-8")
    argv = ["replay", str(tmp_path / "board"), "--game", "hex", "--players", "Ana,Ben"]
    assert main([*argv, "--fps", "5", "--expect", str(same)]) == 0
    assert capsys.readouterr().out.strip().endswith(f"; the same game as {same}")

    *before, last_turn = turns
    game = get_game("hex").from_record({"game": "hex", "turns": [*before, last_turn[:-1]]})
    read = last_turn[-1]
    written = next(str(a) for a in game.legal_actions() if "-" in str(a) and str(a) != read)
    other.write_text(_written([*before, [*last_turn[:-1], written]]), encoding="utf-8")
    assert main([*argv, "--fps", "5", "--expect", str(other)]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    place = f"turn {len(turns)}, move {len(last_turn)}"
    said = f'; not the game in {other}: {place}: the camera read "{read}", the record says '
    assert said + f'"{written}"; they part between frame ' in last, last
    assert last.endswith(f'where the camera read "{read}"')


def test_a_rule_broken_in_the_moves_written_is_said_with_its_line_before_any_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H3: turn 2 written with a move of Black's: refused with the line it is on, exit
    2, before the recording (none here) is opened; a line that is no turn, too (H1)."""
    played = tmp_path / "played.txt"
    played.write_text("# Ana v Ben\n1. b2-c2\n\n2. c2-d2\n", encoding="utf-8")
    argv = ["replay", str(tmp_path / "none"), "--game", "hex", "--players", "Ana,Ben"]
    assert main([*argv, "--expect", str(played)]) == 2
    (err,) = capsys.readouterr().err.strip().splitlines()
    assert err.startswith(f"companion replay: --expect {played}: line 4, turn 2, move 1: c2-d2: ")
    assert err.endswith("(H3)")
    played.write_text("1. b2-c2\n2. j6\n", encoding="utf-8")
    assert main([*argv, "--expect", str(played)]) == 2
    (err,) = capsys.readouterr().err.strip().splitlines()
    assert err == (
        f"companion replay: --expect {played}: line 2: 'j6' is not a move: write from-to, "
        "e.g. d9-e9 (H1)"
    )


def test_a_resignation_and_a_byte_order_mark_are_read_into_the_record(tmp_path: Path) -> None:
    """A file saved by Notepad (a byte order mark), ending "White resigns": the record
    --expect compares with has White resigned, as the menu's Winner writes it."""
    played = tmp_path / "played.txt"
    played.write_bytes("\ufeff1. b2-c2\n2. j6-i6\nWhite resigns\n".encode())
    record = expected_record(played, "hex", ["Ana", "Ben"])
    assert record["turns"] == [["b2-c2"], ["j6-i6"]] and record["resigned"] == "white"
    assert record["players"] == ["Ana", "Ben"]
