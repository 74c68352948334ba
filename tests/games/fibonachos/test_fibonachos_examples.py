"""examples/fibonachos/: every record scores (or fails) exactly as expected.json says.

The lead's `companion score` test runs them through the command line; this one runs
them through the engine alone, and pins how the examples were made.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fibonachos_scripts import FULL_GAMES, random_game, scripted_record

from companion.cli.render import render_report
from companion.cli.score import load_record
from companion.games import FibonachosRound
from companion.games.errors import GameError
from companion.games.fibonachos import FibonachosState

FOLDER = Path(__file__).resolve().parents[3] / "examples" / "fibonachos"
EXPECTED: dict[str, dict[str, Any]] = json.loads((FOLDER / "expected.json").read_text())
VALID = sorted(name for name, want in EXPECTED.items() if "error" not in want)
INVALID = sorted(name for name, want in EXPECTED.items() if "error" in want)


def test_every_example_is_listed_and_every_listed_one_exists() -> None:
    on_disk = {p.name for p in FOLDER.glob("*.json")} - {"expected.json"}
    assert on_disk == set(EXPECTED)
    assert any(want.get("complete") for want in EXPECTED.values())
    assert {EXPECTED[name]["rule"] for name in INVALID} == {"record", "F1", "F3", "F6", "F8"}


@pytest.mark.parametrize("name", VALID)
def test_valid_example_scores_as_expected(name: str) -> None:
    record = load_record(FOLDER / name)
    report = FibonachosState.from_record(record).report()
    want = EXPECTED[name]
    assert {key: report.to_json()[key] for key in want} == want
    text = render_report(report)
    assert all(player in text for player in report.players)


@pytest.mark.parametrize("name", INVALID)
def test_invalid_example_fails_with_its_message_and_rule(name: str) -> None:
    want = EXPECTED[name]
    with pytest.raises(GameError) as err:
        FibonachosState.from_record(load_record(FOLDER / name))
    line = str(err.value)
    assert "\n" not in line and want["error"] in line and line.endswith(f"({want['rule']})")


@pytest.mark.parametrize(("name", "players", "seed", "variants"), FULL_GAMES)
def test_full_game_examples_are_the_seeded_random_games(
    name: str, players: int, seed: int, variants: tuple[str, ...]
) -> None:
    assert load_record(FOLDER / name) == random_game(players, seed, variants).to_record()


def test_short_example_checked_by_hand() -> None:
    """F4, F6, F7: see fibonachos_scripts. Ana leads and keeps the plain ranks; every
    fibonacho rank goes to the last of three equal cards. Ana 13 spicy -> 21 points,
    Ben 0 spicy -> the best score, 21; Cy 20 spicy -> 20; tricks 16, 17 carry none."""
    record = load_record(FOLDER / "short.json")
    assert record == scripted_record(1)
    state = FibonachosState.from_record(record)
    winners = [t.winner for t in state.rounds[0].tricks]
    assert winners == [0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 1, 0, 0, 2, 1, 0, 2]
    assert state.report().rounds == (FibonachosRound((21, 21, 20), (13, 0, 20), (8, 2, 7)),)


def test_shared_win_example_equal_totals_share_the_win() -> None:
    """F8: the scripted round three times, the roles moving with the deal: 62 each."""
    report = FibonachosState.from_record(load_record(FOLDER / "shared-win.json")).report()
    assert report.totals == (62, 62, 62) and report.winners == (0, 1, 2)
