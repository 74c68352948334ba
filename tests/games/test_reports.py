"""The typed reports (issue 9): ``to_json()`` and ``report_from_json`` are each other's inverse.

The journal keeps a game's score as JSON; ``companion history`` and ``export`` read it
back as a typed report, so every report an engine or the hex referee writes reads back
equal, and what is no score fails as a record error (one line, exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.score import load_record, score_record
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
from companion.games.json_types import JSONObject

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
