"""``companion replay`` (issue 4 section 4): output forms and bad input.

The full games are in tests/e2e; here a short video checks the text output and
every refusal is one stderr line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.cli.replay import game_options
from companion.cli.seats import player_names
from companion.errors import UsageError
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus
from companion.synthetic.scene import Scene
from companion.synthetic.scripts import table_script
from companion.synthetic.video import write_video

TWO_TRICKS: dict[str, Any] = {
    "game": "fibonachos",
    "players": ["Ana", "Ben", "Cy"],
    "variants": [],
    "rounds": [
        {
            "dealer": 2,
            "tricks": [
                {"spicy": "S0", "plays": ["R16", "G16", "Y16"]},
                {"spicy": "S1", "plays": ["R15", "G15", "Y15"]},
            ],
        }
    ],
}


@pytest.fixture(scope="module")
def video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("replay") / "frames"
    write_video(table_script(TWO_TRICKS), folder, scene=Scene(seed=3), image_suffix=".jpg")
    return folder


def test_text_output_is_the_record_then_the_scores(
    video: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["replay", str(video), "--game", "fibonachos", "--players", "Ana,Ben,Cy"]
    status = main([*args, "--dealer", "3", "--fps", "10"])
    out = capsys.readouterr().out
    assert status == 0
    record_line, blank, *table = out.splitlines()
    record = json.loads(record_line)
    assert [t["plays"] for t in record["rounds"][0]["tricks"]] == [
        ["R16", "G16", "Y16"],
        ["R15", "G15", "Y15"],
    ]
    assert blank == ""
    assert table[0] == "Fibonachos: Ana, Ben, Cy"


def test_numbered_players_and_json_events(video: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["replay", str(video), "--game", "fibonachos", "--players", "3", "--dealer", "3"]
    status = main([*args, "--fps", "10", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert set(data) == {"record", "score", "events", "history"}
    # The frames ran out with the game in play (issue 11: a table's End game says "abandoned").
    assert data["history"]["state"] == "replayed"
    assert data["history"]["totals"] == data["score"]["totals"]
    assert data["record"]["players"] == ["Seat 1", "Seat 2", "Seat 3"]
    first = data["events"][0]
    assert set(first) == {"t", "event", "card", "zone"}
    assert (first["event"], first["card"], first["zone"]) == ("placed", "S0#1", "spicy")
    times = [e["t"] for e in data["events"]]
    assert times == sorted(times)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/nonexistent/frames", "--game", "fibonachos", "--players", "3"], "no such folder"),
        (["{video}", "--game", "chess", "--players", "3"], "unknown game"),
        (["{video}", "--game", "fibonachos", "--players", "0"], "at least one player"),
        (["{video}", "--game", "fibonachos", "--players", "Ana,,Cy"], "names separated"),
        (["{video}", "--game", "fibonachos", "--players", "3", "--layout", "/no.toml"], "no.toml"),
        (["{video}", "--game", "fibonachos", "--players", "3", "--fps", "0"], "--fps must be"),
        (["{video}", "--game", "fibonachos", "--players", "3", "--dealer", "7"], "7"),
        (["{video}", "--game", "fibonachos", "--players", "3", "--dealer", "0"], "from 1"),
        (["{video}", "--game", "fibonachos", "--players", "A,B", "--dealer", "C"], "A, B"),
        (
            ["{video}", "--game", "fibonachos", "--players", "3", "--leader", "2"],
            "fibonachos: unknown option 'leader' (it takes: dealer, seed)",
        ),
        (["{empty}", "--game", "fibonachos", "--players", "3"], "no frames"),
        # --start is the hex board's: a card game or the referee read on without a word
        (
            ["{video}", "--game", "trump", "--players", "2", "--start", "a1"],
            "--start is the hex board's first position; trump has no board",
        ),
        (
            ["{video}", "--game", "hex-referee", "--players", "2", "--start", "a1"],
            "hex-referee has no board",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(
    video: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    (tmp_path / "empty").mkdir()
    filled = [
        a.replace("{video}", str(video)).replace("{empty}", str(tmp_path / "empty")) for a in args
    ]
    status = main(["replay", *filled])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.startswith("companion replay: ")
    assert captured.err.count("\n") == 1 and message in captured.err
    assert "camera." not in captured.err  # a settings key the command line never named


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--players", "10000"], "--players 10000: at most 5 players"),
        (["--players", "9" * 5000], "at most 5 players"),
        (["--players", "3", "--dealer", "²"], "--dealer ²: not a seat of 3 players"),
        (["--players", "3", "--dealer", "-" + "1" * 5000], "not a seat of 3 players"),
        (["--players", "Ana,Ben,ana", "--dealer", "Ana"], "ana is named twice"),
    ],
    ids=[
        "ten-thousand-seats",
        "5000-digits",
        "superscript-two",
        "seat-5000-digits",
        "a-name-twice",
    ],
)
def test_a_count_or_seat_no_game_has_is_one_line(
    video: Path, capsys: pytest.CaptureFixture[str], option: list[str], message: str
) -> None:
    """docs/security.md ("the command line never shows a traceback for bad input"),
    found by bench/fuzz/notation.py: ``--players 999...`` made a list of that many
    seats (out of memory past a few billion), 5,000 digits and ``²`` (a digit to
    ``isdigit``, not to ``int``) were a ValueError's traceback. A count above every
    game's seats and a seat of more than a few digits are refused in one line. A name
    given to two seats is refused as the OLED's name wheel refuses it ("Ana is taken"):
    ``--dealer Ana`` named the first of them without a word."""
    status = main(["replay", str(video), "--game", "fibonachos", *option])
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, "")
    assert captured.err.count("\n") == 1 and message in captured.err, captured.err


def test_player_names() -> None:
    assert player_names("2") == ["Seat 1", "Seat 2"]
    assert player_names(" Ana, Ben ") == ["Ana", "Ben"]
    with pytest.raises(UsageError):
        player_names("")


def test_replay_takes_the_rummy_dealer_by_name_or_seat() -> None:
    """R4: ``replay --game rummy21 --dealer`` stays beside the start menu's question: a
    seat from 1 or a name; the player after the dealer starts round 1."""
    players = ["Ana", "Ben", "Cy"]
    for given in ("Ben", "2"):
        args = argparse.Namespace(game="rummy21", dealer=given, leader=None)
        options = game_options(args, players)
        assert options["dealer"] == 1
        status = make_flow("rummy21", players, [], options=options).status()
        assert isinstance(status, RummyStatus) and status.starts == 2
