"""The typed reports (issue 9): ``to_json()`` and ``report_from_json`` are each other's inverse.

The journal keeps a game's score as JSON; ``companion history`` and ``export`` read it
back as a typed report, so every report an engine or the hex referee writes reads back
equal, and what is no score fails as a record error (one line, exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.score import load_record
from companion.flows.commands import Move, Winner
from companion.flows.registry import make_flow
from companion.games import (
    CardGameReport,
    FibonachosRound,
    HexReport,
    RecordError,
    TrumpRound,
    report_from_json,
)
from companion.games.json_types import JSON, JSONObject
from companion.games.scoring import score_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
VALID = sorted(
    path
    for path in EXAMPLES.glob("*/*.json")
    if path.name != "expected.json" and "invalid" not in path.name
)


@pytest.mark.parametrize("path", VALID, ids=[f"{p.parent.name}/{p.name}" for p in VALID])
def test_every_example_report_reads_back_from_its_json(path: Path) -> None:
    report = score_record(load_record(path))
    written = json.loads(json.dumps(report.to_json()))
    assert report_from_json(written) == report
    if isinstance(report, CardGameReport) and report.rounds:
        kind = {"fibonachos": FibonachosRound, "trump": TrumpRound}.get(report.game)
        assert kind is None or isinstance(report.rounds[0], kind)


def test_the_referee_report_reads_back_too() -> None:
    flow = make_flow("hex", ["Black", "White"], [], options={})
    flow.command(Move())
    flow.command(Winner("black"))
    report = flow.report()
    assert isinstance(report, HexReport) and report.game == "hex-referee"
    assert report.winner is not None
    assert report_from_json(json.loads(json.dumps(report.to_json()))) == report


@pytest.mark.parametrize(
    "data",
    [{"game": "trump"}, {"game": "hex", "turns": [{"player": "red"}]}, {"count": 5}],
)
def test_what_is_no_score_is_a_record_error(data: JSONObject) -> None:
    with pytest.raises(RecordError) as caught:
        report_from_json(data)
    assert caught.value.rule == "record" and "not a score object" in str(caught.value)


REFEREE_TURN: JSONObject = {"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": None}
REFEREE: JSONObject = {
    "game": "hex-referee",
    "players": ["Ana", "Ben"],
    "turns": [{"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": None}],
    "winner": None,
}


def _with(data: JSONObject, key: str, value: JSON) -> JSONObject:
    return {**data, key: value}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (_with(REFEREE, "turns", [5]), "a turn is an object, not a number"),
        (_with(REFEREE, "players", "black"), '"players" is a list, not text'),
        (_with(REFEREE, "turns", [{**REFEREE_TURN, "moves": True}]), '"moves" is a number'),
        (_with(REFEREE, "turns", [{**REFEREE_TURN, "allowed": "1"}]), '"allowed" is a number'),
        (_with(REFEREE, "winner", 1), '"winner" is text, not a number'),
    ],
)
def test_a_hex_score_of_the_wrong_shape_is_a_record_error_naming_the_key(
    data: JSONObject, says: str
) -> None:
    """Issue 23: a hex score object read back with the JSON readers: a wrong shape is a
    RecordError naming the key (no AttributeError escapes, no text read as five names)."""
    with pytest.raises(RecordError) as caught:
        report_from_json(data)
    assert caught.value.rule == "record" and says in str(caught.value)
