"""Trump game records: write, read back, and every fault named with its place and rule."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trump_rig import game_record, random_game, rigged_round, sweep

from companion.games import GameError, RecordError
from companion.games.trump import DECK, TrumpState

Record = dict[str, Any]


def _short() -> Record:
    """Three players, trump R7, symbol G4, two tricks of round 1 (P1 wins both)."""
    return {
        "game": "trump",
        "players": ["Ana", "Ben", "Cy"],
        "variants": [],
        "rounds": [
            {"trump": "R7", "symbol": "G4", "leader": 0, "tricks": [["B3", "B9", "B1"], ["G2"]]}
        ],
    }


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stop", [0, 1, 2, 30, 49, 50, 130, None])
def test_record_round_trips(players: int, stop: int | None) -> None:
    """DESIGN.md records: to_record then from_record gives the same record and score,
    for a whole game and for one stopped anywhere (between rounds, mid-trick)."""
    state = random_game(players, seed=players * 100 + (stop or 0), stop=stop)
    record = json.loads(json.dumps(state.to_record()))
    assert record == state.to_record()
    replayed = TrumpState.from_record(record)
    assert replayed.to_record() == record
    assert replayed.report() == state.report()
    assert replayed.current_player() == state.current_player()


def test_record_shape_is_designs() -> None:
    record: Any = random_game(3, seed=1, stop=61).to_record()  # 49 + deal + 11 plays
    assert list(record) == ["game", "players", "variants", "rounds"]
    first, second = record["rounds"]
    assert list(first) == ["trump", "symbol", "leader", "tricks"]
    assert len(first["tricks"]) == 16 and all(len(t) == 3 for t in first["tricks"])
    assert "leader" not in second  # T3: derived after the first round
    assert len(second["tricks"]) == 4 and len(second["tricks"][-1]) == 2


def test_record_keeps_serials_and_optional_keys() -> None:
    """Serials written are written back; "variants" may be left out; a later leader may
    be given if it is the last trick's winner (T3)."""
    record = _short()
    del record["variants"]
    record["rounds"][0]["tricks"][0][1] = "B9#1"
    state = TrumpState.from_record(record)
    written: Any = state.to_record()
    assert written["rounds"][0]["tricks"][0] == ["B3", "B9#1", "B1"]
    assert state.current_player() == 2  # P1's B9 won trick 1, P1 led G2

    rounds = [rigged_round(0, sweep(1)), rigged_round(1, sweep(1))]
    given = game_record(rounds)
    given["rounds"][1]["leader"] = 1
    assert TrumpState.from_record(given).to_record() == given


def _parent(record: Record, path: tuple[Any, ...]) -> Any:
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    return target


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        _parent(record, path)[path[-1]] = value

    return change


def _drop(*path: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del _parent(record, path)[path[-1]]

    return change


R0 = ("rounds", 0)
FAULTS: list[tuple[str, Callable[[Record], None], str, str, str]] = [
    ("not trump", _set(("game",), "hex"), "game", "not a trump record", "record"),
    ("no players", _drop("players"), "players", '"players" is missing', "record"),
    ("players not text", _set(("players",), ["A", 2]), "players", "must be text", "record"),
    ("five players", _set(("players",), list("ABCDE")), "players", "5 players", "T2"),
    ("a variant", _set(("variants",), ["x"]), "variants", "trump has none", "record"),
    ("rounds not a list", _set(("rounds",), {}), "rounds", "a dict, not a list", "record"),
    ("round not an object", _set(R0, 3), "round 1", "a round is an object", "record"),
    ("no tricks", _drop(*R0, "tricks"), "round 1", '"tricks" is missing', "record"),
    ("no trump", _drop(*R0, "trump"), "round 1, trump indicator", "as text", "T1"),
    ("unknown card", _set((*R0, "symbol"), "G11"), "round 1, symbol indicator", "'G11'", "T1"),
    ("leader text", _set((*R0, "leader"), "0"), "round 1", "not a seat number", "record"),
    ("leader bool", _set((*R0, "leader"), True), "round 1", "not a seat number", "record"),
    ("leader missing", _drop(*R0, "leader"), "round 1", "leader must be given", "T3"),
    ("leader off", _set((*R0, "leader"), 3), "round 1", "not a seat (0-2)", "T3"),
    ("same indicator", _set((*R0, "symbol"), "R7#1"), "round 1", "both the trump", "T2"),
    ("trick not a list", _set((*R0, "tricks", 0), "B3"), "round 1, trick 1", "a list", "record"),
    ("short trick", _set((*R0, "tricks", 0), ["B3", "B9"]), "round 1, trick 1", "2 plays", "T4"),
    ("long trick", _set((*R0, "tricks", 1), list("RGBY")), "round 1, trick 2", "4 plays", "T4"),
    ("empty trick", _set((*R0, "tricks", 1), []), "round 1, trick 2", "0 plays", "T4"),
    ("bad card", _set((*R0, "tricks", 1, 0), "Q2"), "round 1, trick 2, play 1", "'Q2'", "T1"),
    (
        "card twice",
        _set((*R0, "tricks", 1, 0), "B9"),
        "round 1, trick 2, play 1",
        "more often",
        "T1",
    ),
    ("serial 2", _set((*R0, "tricks", 1, 0), "G2#2"), "round 1, trick 2, play 1", "one G2", "T1"),
    (
        "indicator",
        _set((*R0, "tricks", 1, 0), "G4"),
        "round 1, trick 2, play 1",
        "symbol ind",
        "T2",
    ),
]


@pytest.mark.parametrize(
    ("change", "where", "what", "rule"), [f[1:] for f in FAULTS], ids=[f[0] for f in FAULTS]
)
def test_record_faults_name_place_fault_and_rule(
    change: Callable[[Record], None], where: str, what: str, rule: str
) -> None:
    record = _short()
    change(record)
    with pytest.raises(RecordError) as caught:
        TrumpState.from_record(record)
    assert (str(caught.value.where or ""), caught.value.rule) == (where, rule), str(caught.value)
    assert what in caught.value.what
    assert str(caught.value).startswith(f"{where}: ") and str(caught.value).endswith(f"({rule})")


def test_record_that_is_not_an_object() -> None:
    with pytest.raises(RecordError, match="JSON object, not list"):
        TrumpState.from_record([1, 2])  # type: ignore[arg-type]


def test_t2_round_cut_short_then_another_round() -> None:
    """T2: every round but the record's last has all its tricks (24 with two players)."""
    rounds = [rigged_round(0, sweep(0)), rigged_round(0, sweep(0))]
    rounds[0]["tricks"] = rounds[0]["tricks"][:20]
    with pytest.raises(RecordError, match="20 tricks, but with 2 players a round is 24") as caught:
        TrumpState.from_record(game_record(rounds))
    assert (str(caught.value.where), caught.value.rule) == ("round 1", "T2")


def test_t2_a_trick_after_the_round_ended() -> None:
    record = game_record([rigged_round(0, sweep(0))])
    record["rounds"][0]["tricks"].append(["R3", "R4"])
    with pytest.raises(RecordError, match="a trick after the round ended") as caught:
        TrumpState.from_record(record)
    assert (str(caught.value.where), caught.value.rule) == ("round 1, trick 25", "T2")


def test_t3_a_later_leader_must_be_the_last_tricks_winner() -> None:
    record = game_record([rigged_round(0, sweep(1)), rigged_round(1, sweep(1))])
    record["rounds"][1]["leader"] = 0
    with pytest.raises(RecordError, match="Ben \\(seat 1\\) won the last trick") as caught:
        TrumpState.from_record(record)
    assert (str(caught.value.where), caught.value.rule) == ("round 2", "T3")


def test_t4_a_revoke_in_a_record_is_a_flag() -> None:
    """T4: records hold no hands, so a proven revoke is reported, not refused."""
    record = _short()
    record["rounds"][0]["tricks"] = [["B3", "B9", "Y2"], ["G8", "B5", "G9"]]
    report = TrumpState.from_record(record).report()
    assert [(f.round, f.trick, f.seat, f.rule) for f in report.flags] == [(1, 1, 2, "T4")]


CARDS = [str(c) for c in DECK[:12]] + ["R1#1", "Z9", ""]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 30), st.floats(), st.sampled_from(CARDS)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["trump", "symbol", "leader", "tricks", "x"]), inner)
    ),
    max_leaves=12,
)
TRICKS = st.lists(st.lists(st.sampled_from(CARDS), max_size=5) | JSON, max_size=4)
ROUNDS = st.lists(
    st.fixed_dictionaries(
        {"trump": st.sampled_from(CARDS) | JSON, "symbol": st.sampled_from(CARDS) | JSON},
        optional={"leader": st.integers(-1, 4) | JSON, "tricks": TRICKS},
    )
    | JSON,
    max_size=3,
)
RECORDS = st.fixed_dictionaries(
    {"game": st.just("trump") | JSON},
    optional={
        "players": st.lists(st.text(max_size=2), max_size=5) | JSON,
        "variants": st.just([]) | JSON,
        "rounds": ROUNDS | JSON,
    },
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(RECORDS, JSON))
def test_garbage_records_raise_only_game_errors(record: Any) -> None:
    """Bad input never escapes as KeyError / TypeError / IndexError: only RecordError."""
    try:
        state = TrumpState.from_record(record)
    except RecordError as exc:
        assert exc.rule == "record" or exc.rule.startswith("T")
        return
    except GameError:
        return
    assert TrumpState.from_record(copy.deepcopy(state.to_record())).report() == state.report()


def test_t4_each_proven_revoke_is_its_own_flag() -> None:
    """T4, issue 10 item 6: Cy fails to follow Blue in tricks 1 and 2, then plays Blue:
    two revokes, one flag each (the trick of each offence, the proof in the message)."""
    record = _short()
    record["rounds"][0]["tricks"] = [["B3", "B9", "Y2"], ["B4", "G9", "B5"], ["G8", "G2", "B6"]]
    flags = TrumpState.from_record(record).report().flags
    assert [(f.round, f.trick, f.seat, f.rule) for f in flags] == [(1, 1, 2, "T4"), (1, 2, 2, "T4")]
    assert all("played B6 in trick 3" in f.message for f in flags)
