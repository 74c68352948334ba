"""One shape for the games' errors (issue 9): ``what``, ``rule`` and ``where`` on every one.

Every invalid example record of examples/ fails with a :class:`GameError` whose parts
make its one-line message, ``where`` being a typed :class:`Place` (or ``None``), so no
caller has to ask ``getattr(exc, "rule", None)``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.cli.score import load_record
from companion.games import GameError, IllegalActionError, Place, RecordError
from companion.games.fibonachos import FibonachosState, Reveal, new_game
from companion.games.fibonachos.cards import Nacho, Spicy
from companion.games.json_types import JSONObject
from companion.games.scoring import score_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _invalid() -> list[Path]:
    paths = []
    for expected_file in sorted(EXAMPLES.glob("*/expected.json")):
        expected = json.loads(expected_file.read_text(encoding="utf-8"))
        paths += [expected_file.parent / name for name, want in expected.items() if "error" in want]
    return paths


INVALID = _invalid()


@pytest.mark.parametrize("path", INVALID, ids=[f"{p.parent.name}/{p.name}" for p in INVALID])
def test_an_invalid_record_fails_with_what_rule_and_where(path: Path) -> None:
    with pytest.raises(GameError) as caught:
        score_record(load_record(path))
    error = caught.value
    assert isinstance(error, RecordError) and error.rule and error.what
    assert error.where is None or isinstance(error.where, Place)
    place = "" if error.where is None else f"{error.where}: "
    assert str(error) == f"{place}{error.what} ({error.rule})" == f"{error.reason} ({error.rule})"


def test_an_illegal_action_names_its_place_as_a_typed_value() -> None:
    """F6: a spicy card after the lead; the place is the trick of the next play."""
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(state.sample_chance(random.Random(1)))
    state.apply(Reveal(Spicy.parse("S3")))
    state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Reveal(Spicy.parse("S2")))
    error = caught.value
    assert (error.where, error.rule) == (Place.of("round", 1).then("trick", 1), "F6")
    assert error.where.number("trick") == 1 and error.what == "S2 revealed after the lead"
    assert str(error) == "round 1, trick 1: S2 revealed after the lead (F6)"


def test_a_record_fault_keeps_the_engines_place() -> None:
    """F1: the record reader hands the engine's place on, typed, not re-parsed."""
    record: JSONObject = {"game": "fibonachos", "players": ["Ana", "Ben", "Cy"], "rounds": [
        {"tricks": [{"spicy": "S3", "plays": ["R13", "R13", "G2"]}]},
    ]}  # fmt: skip
    with pytest.raises(RecordError) as caught:
        FibonachosState.from_record(record)
    where = caught.value.where
    assert where == Place.of("round", 1).then("trick", 1).then("play", 2)
    assert caught.value.rule == "F1"


def test_no_caller_asks_an_error_for_its_parts_with_getattr() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "companion").rglob("*.py"))
        if "getattr(exc" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_nacho_parsing_faults_carry_the_rule_f1() -> None:
    with pytest.raises(GameError) as caught:
        Nacho.parse("R17")
    assert (caught.value.what, caught.value.rule, caught.value.where) == (
        "unknown card 'R17': nacho cards are R1 ... R16, G1 ... G16, Y1 ... Y16",
        "F1",
        None,
    )
