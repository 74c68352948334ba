"""Game records (DESIGN.md "Game records"): write, read back, and every fault a RecordError."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from fibonachos_scripts import random_game, scripted_record
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import FibonachosRound, Flag
from companion.games.errors import GameError, RecordError
from companion.games.fibonachos import FibonachosState


def read(record: Any) -> FibonachosState:
    return FibonachosState.from_record(record)


def fault(record: Any) -> RecordError:
    with pytest.raises(RecordError) as err:
        read(record)
    return err.value


def test_record_round_trips_through_to_record_and_from_record() -> None:
    for players in range(2, 6):
        state = random_game(players, seed=players)
        record = state.to_record()
        assert json.loads(json.dumps(record)) == record
        again = read(record)
        assert again.to_record() == record and again.report() == state.report()


def test_f8_dealer_optional_seat_n_minus_1_then_clockwise() -> None:
    record = scripted_record(3)
    for played in record["rounds"]:
        del played["dealer"]
    state = read(record)
    assert [r.dealer for r in state.rounds] == [2, 0, 1]
    assert state.to_record() == scripted_record(3)


def test_f8_first_dealer_from_the_record_then_clockwise() -> None:
    record = {"game": "fibonachos", "players": ["A", "B", "C", "D"], "rounds": [
        {"dealer": 1, "tricks": [{"spicy": "S2", "plays": ["R4", "R5", "R6", "R7"]}]}
    ]}  # fmt: skip
    state = read(record)
    assert state.rounds[0].tricks[0].leader == 2
    assert state.rounds[0].tricks[0].winner == 1  # R5 and... one fibonacho: R7, seat 1


def test_serials_are_kept_in_records_written_back() -> None:
    record = {"game": "fibonachos", "players": ["A", "B", "C"], "variants": [], "rounds": [
        {"dealer": 2, "tricks": [{"spicy": "S3#2", "plays": ["R1#2", "R1#1", "G1"]}]}
    ]}  # fmt: skip
    assert read(record).to_record() == record


def test_a_record_may_stop_in_the_middle_of_a_trick_or_before_a_lead() -> None:
    record = scripted_record(1)
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:3]
    record["rounds"][0]["tricks"][2]["plays"] = record["rounds"][0]["tricks"][2]["plays"][:1]
    record["rounds"].append({"dealer": 0, "tricks": []})
    with pytest.raises(RecordError, match="trick 3: only 1 play: a trick of 3 players is 3"):
        read(record)
    record["rounds"].pop()
    assert read(record).to_record() == record
    record["rounds"][0]["tricks"][2]["plays"] = []
    assert read(record).current_player() == 0  # Ana won tricks 1 and 2: her lead


T = ("rounds", 0, "tricks")
DROP = object()  # take the key out instead of setting it


def set_at(record: Any, path: tuple[Any, ...], value: Any) -> None:
    node = record
    for key in path[:-1]:
        node = node[key]
    if value is DROP:
        del node[path[-1]]
    else:
        node[path[-1]] = value


@pytest.mark.parametrize(
    ("path", "value", "where", "rule"),
    [
        (("players",), DROP, "", "record"),
        (("players",), ["Ana", 7, "Cy"], "players", "record"),
        (("players",), ["Ana"], "players", "F3"),
        (("game",), "trump", "game", "record"),
        (("variants",), [["x"]], "variants", "record"),
        (("rounds", 0), [], "round 1", "record"),
        (("rounds", 0, "dealer"), True, "round 1", "record"),
        (("rounds", 0, "dealer"), 3, "round 1", "record"),
        ((*T, 1), None, "round 1, trick 2", "record"),
        ((*T, 1, "spicy"), DROP, "round 1, trick 2", "record"),
        ((*T, 1, "spicy"), 3, "round 1, trick 2", "record"),
        ((*T, 1, "plays", 0), 13, "round 1, trick 2, play 1", "record"),
        ((*T, 1, "plays", 1), "R16", "round 1, trick 2, play 2", "F1"),
        ((*T, 1, "plays", 0), "X9", "round 1, trick 2, play 1", "F1"),
        ((*T, 16, "spicy"), "S1", "round 1, trick 17", "F6"),
        ((*T, 0, "spicy"), None, "round 1, trick 1", "F6"),
        ((*T, 16, "plays"), [], "round 1, trick 17", "record"),
    ],
)
def test_faults_name_the_place_and_the_rule(
    path: tuple[Any, ...], value: Any, where: str, rule: str
) -> None:
    record = scripted_record(1)
    set_at(record, path, value)
    error = fault(record)
    assert (str(error.where or ""), error.rule) == (where, rule)
    assert str(error).startswith(where) and str(error).endswith(f"({rule})")


def test_f5_a_revoke_in_a_record_is_a_flag_not_an_error() -> None:
    record = {"game": "fibonachos", "players": ["Ana", "Ben", "Cy"], "rounds": [{"tricks": [
        {"spicy": "S3", "plays": ["R5", "G7", "R9"]},
        {"spicy": "S1", "plays": ["Y3", "Y4", "R2"]},
    ]}]}  # fmt: skip
    report = read(record).report()
    assert report.flags == (
        Flag(
            round=1,
            trick=2,
            seat=1,
            rule="F5",
            message="Ben played R2 but did not follow Red in trick 1 (played G7): a revoke",
        ),
    )


def test_report_carries_points_spicy_and_tricks_of_finished_rounds() -> None:
    """F7 scores a whole round, so a round under way is not in the report yet."""
    record = scripted_record(2)
    record["rounds"][1]["tricks"] = record["rounds"][1]["tricks"][:4]
    report = read(record).report()
    assert report.rounds == (FibonachosRound((21, 21, 20), spicy=(13, 0, 20), tricks=(8, 2, 7)),)
    assert report.totals == (21, 21, 20) and not report.complete and report.winners == ()


KEYS = ["game", "players", "variants", "rounds", "dealer", "tricks", "spicy", "plays"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=False)
    | st.sampled_from(["", "R1", "S3", "G16", "fibonachos", "S0#4", "Y13#1", "dealer"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(KEYS),
        inner,
        max_size=5,
    ),
    max_leaves=25,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_garbage_records_raise_only_game_errors(value: Any) -> None:
    for record in (value, {"game": "fibonachos", "players": ["A", "B", "C"], "rounds": value}):
        with contextlib.suppress(GameError):
            read(record)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*path, index))
    return found


BASE = scripted_record(2)
PATHS = _paths(BASE)[1:]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_records_with_one_part_replaced_raise_only_record_errors(
    path: tuple[Any, ...], value: Any
) -> None:
    record = copy.deepcopy(BASE)
    set_at(record, path, value)
    try:
        state = read(record)
    except RecordError as error:
        assert error.rule in {"record", "F1", "F3", "F5", "F6", "F8"}
    else:
        assert read(state.to_record()).report() == state.report()
