"""examples/trump/: every record gives what expected.json says, read the way
``companion score`` reads it (load_record, then the engine)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from trump_rig import random_game

from companion.cli.score import load_record
from companion.games import GameError, TrumpRound
from companion.games.trump import TrumpState

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "trump"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (EXAMPLES / "expected.json").read_text(encoding="utf-8")
)


def test_every_example_is_listed_and_every_kind_is_there() -> None:
    on_disk = {p.name for p in EXAMPLES.glob("*.json")} - {"expected.json"}
    assert on_disk == set(EXPECTED)
    rules = {want["rule"] for want in EXPECTED.values() if "rule" in want}
    assert rules == {"record", "T1", "T2", "T3", "T4", "T7"}
    assert any(want.get("complete") for want in EXPECTED.values())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_gives_what_expected_json_says(name: str) -> None:
    want = EXPECTED[name]
    try:
        report = TrumpState.from_record(load_record(EXAMPLES / name)).report()
    except GameError as exc:
        assert "error" in want, f"{name}: {exc}"
        assert want["error"] in str(exc)
        assert str(exc).endswith(f"({want['rule']})")
        assert len(str(exc).splitlines()) == 1
        return
    assert "error" not in want, name
    assert {key: report.to_json()[key] for key in want} == want


@pytest.mark.parametrize(("name", "players"), [("full-game-2p.json", 2), ("full-game-4p.json", 4)])
def test_full_games_are_the_seeded_random_games(name: str, players: int) -> None:
    """The full games are random_game(players, seed=0) written with to_record (T1-T7)."""
    record = load_record(EXAMPLES / name)
    state = random_game(players, seed=0)
    assert record["rounds"] == state.to_record()["rounds"]
    assert TrumpState.from_record(record).report().totals == state.report().totals


def test_short_example_checked_by_hand() -> None:
    """short.json, round 1 (trump red, symbol B1: squares) worked through by hand:
    squares won Ana G7 + B1 (indicators, T5) = 2, Ben P4 P9 G2 Y5 Y10 = 5,
    Cy B6 R3 = 2, Dee R8 = 1; T6 gives 1, 3, 1, 0. Round 2 is under way, led by Ana
    who took the last trick of round 1 (T3)."""
    state = TrumpState.from_record(load_record(EXAMPLES / "short.json"))
    report = state.report()
    assert report.rounds == (TrumpRound((1, 3, 1, 0), symbols=(2, 5, 2, 1)),)
    assert state.rounds[1].leader == 0
    assert state.current_player() == 2


def test_revoke_example_flags_two_revokes() -> None:
    """T4: Cy plays yellow on blue, then blue; green on green led, then green."""
    state = TrumpState.from_record(load_record(EXAMPLES / "revoke.json"))
    flags = [(f.round, f.trick, f.seat, f.rule) for f in state.flags()]
    assert flags == [(1, 1, 2, "T4"), (1, 2, 2, "T4")]
