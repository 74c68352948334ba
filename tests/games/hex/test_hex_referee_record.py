"""Hex referee records (docs/notation.md), the score object, and the older flow's records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import RecordError, get_game
from companion.games.hex import (
    REFEREE_SPEC,
    Draw,
    EndTurn,
    HexRefereeState,
    MoveMade,
    RefereeAction,
    Side,
    Strikes,
    Win,
    is_flow_record,
    new_referee_game,
    upgrade_record,
)
from companion.games.json_types import JSONObject, as_object, list_field

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hex-referee"


def example(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return record


def replayed(state: HexRefereeState) -> HexRefereeState:
    return HexRefereeState.from_record(json.loads(json.dumps(state.to_record())))


def test_the_documented_record_and_its_score_object() -> None:
    """docs/notation.md: turns of counts, allowance and side derived (H1, H2)."""
    record: JSONObject = {
        "game": "hex-referee",
        "players": ["Ana", "Ben"],
        "variants": [],
        "turns": [
            {"strikes": 0, "moves": 1},
            {"strikes": 0, "moves": 2},
            {"strikes": 0, "moves": 2},
            {"strikes": 1, "moves": 0},
        ],
        "winner": None,
    }
    state = get_game("hex-referee").from_record(record)
    assert state.to_record() == record
    assert state.report().to_json() == {
        "game": "hex-referee",
        "players": ["Ana", "Ben"],
        "turns": [
            {"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": None},
            {"player": "white", "allowed": 2, "moves": 2, "strikes": 0, "card": None},
            {"player": "black", "allowed": 3, "moves": 2, "strikes": 0, "card": None},
            {"player": "white", "allowed": 3, "moves": 0, "strikes": 1, "card": None},
        ],
        "winner": None,
    }


def test_a_game_just_started_and_minimal_records() -> None:
    assert new_referee_game(["Ana", "Ben"]).to_record() == {
        "game": "hex-referee",
        "players": ["Ana", "Ben"],
        "variants": [],
        "turns": [{"strikes": 0, "moves": 0}],
        "winner": None,
    }
    assert HexRefereeState.from_record({"game": "hex-referee", "turns": []}).history == ()
    cards = HexRefereeState.from_record({"game": "hex-referee", "variants": ["cards"], "turns": []})
    assert cards.card_pending() and cards.to_record()["turns"] == []


def test_record_round_trip_after_strikes_changed_mid_turn() -> None:
    """H2: a count set after moves, and one that used up the turn, replay the same."""
    state = new_referee_game(["Ana", "Ben"])
    actions: list[RefereeAction] = [EndTurn()] * 5
    actions += [MoveMade(), MoveMade(), Strikes(1), MoveMade(), Strikes(3)]
    for action in actions:
        state.apply(action)
    assert list_field(state.to_record(), "turns")[5:] == [
        {"strikes": 3, "moves": 3},
        {"strikes": 0, "moves": 0},
    ]
    again = replayed(state)
    assert again.to_record() == state.to_record() and again.report() == state.report()


def test_record_round_trip_of_a_declared_win_and_the_card_variant() -> None:
    """H4 / H5: the winner and the cards, a pending card included, replay the same."""
    state = new_referee_game(variants=["cards"])
    actions: list[RefereeAction] = [
        Draw(2), MoveMade(), MoveMade(), Draw(5), EndTurn(), Win(Side.WHITE)
    ]  # fmt: skip
    for action in actions:
        state.apply(action)
    record = state.to_record()
    assert record["turns"] == [
        {"card": 2, "moves": 2},
        {"card": 5, "moves": 0},
        {"card": None, "moves": 0},
    ]
    assert record["winner"] == "white"
    again = replayed(state)
    assert again.is_terminal() and again.outcome() == state.outcome()
    assert again.to_record() == record


def _rare_wins(state: HexRefereeState, rng: random.Random) -> None:
    """Random play where a win is declared one time in 60 (so games run long)."""
    if state.current_player() < 0:
        state.apply(state.sample_chance(rng))
        return
    legal = state.legal_actions()
    if rng.random() < 1 / 60:
        state.apply(rng.choice([a for a in legal if isinstance(a, Win)]))
    else:
        state.apply(rng.choice([a for a in legal if not isinstance(a, Win)]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.booleans(), steps=st.integers(0, 300))
def test_random_games_replay_from_their_record(seed: int, cards: bool, steps: int) -> None:
    """Any reachable state writes a record that replays to the same record and score."""
    rng = random.Random(seed)
    state = new_referee_game(variants=["cards"] if cards else [])
    for _ in range(steps):
        if state.is_terminal():
            break
        _rare_wins(state, rng)
    again = replayed(state)
    assert again.to_record() == state.to_record()
    assert again.report() == state.report()
    assert again.current_player() == state.current_player()
    assert again.legal_actions() == state.legal_actions()
    for turn in state.turns:  # H2 / H5: never more moves than allowed, never below 0
        assert 0 <= turn.made <= turn.allowed
        assert turn.allowed == (turn.card if cards else max(0, min(turn.number, 6) - turn.strikes))


@pytest.mark.parametrize("name", ["old-flow.json", "old-flow-cards.json", "old-flow-camera.json"])
def test_the_older_flows_record_converts(name: str) -> None:
    """Issue 10 item 5: {"game": "hex", "mode": "referee", ...} reads as hex-referee."""
    old = example(name)
    assert is_flow_record(old)
    new = upgrade_record(old)
    assert new["game"] == "hex-referee" and "mode" not in new
    assert not is_flow_record(new) and upgrade_record(new) is new
    state = HexRefereeState.from_record(old)
    assert state.to_record() == HexRefereeState.from_record(new).to_record()
    assert state.winner == (Side(old["winner"]) if old["winner"] else None)
    written_turns = list_field(state.report().to_json(), "turns")
    for written, was in zip(written_turns, old["turns"], strict=False):
        turn = as_object(written)
        assert (turn["player"], turn["allowed"], turn["moves"]) == (
            was["player"],
            was["allowed"],
            was["moves"],
        )


def test_the_older_flows_record_keeps_its_strikes_and_turns() -> None:
    """H2: the conversion keeps each turn's strike count; the allowance follows from it."""
    assert list_field(upgrade_record(example("old-flow.json")), "turns")[-2:] == [
        {"strikes": 0, "moves": 0},
        {"strikes": 1, "moves": 2},
    ]
    camera = upgrade_record(example("old-flow-camera.json"))
    assert camera["turns"] == [{"card": 2, "moves": 2}, {"card": None, "moves": 0}]


def test_an_older_record_whose_allowance_disagrees_is_refused() -> None:
    """H2: the older record's "allowed" is checked against the replay, not trusted."""
    old = example("old-flow.json")
    old["turns"][6]["allowed"] = 6
    with pytest.raises(RecordError) as caught:
        HexRefereeState.from_record(old)
    assert (str(caught.value.where), caught.value.rule) == ("turn 7", "H2")
    old = example("old-flow.json")
    old["turns"][1]["player"] = "black"
    with pytest.raises(RecordError, match="turn 2"):
        HexRefereeState.from_record(old)


@pytest.mark.parametrize(
    ("record", "where", "rule"),
    [
        ({"game": "hex", "turns": []}, "", "record"),
        ({"game": "hex-referee", "turns": [{"moves": -1}]}, "turn 1", "record"),
        ({"game": "hex-referee", "turns": [{"moves": True}]}, "turn 1", "record"),
        ({"game": "hex-referee", "turns": [{"strikes": None, "moves": 0}]}, "turn 1", "record"),
        ({"game": "hex-referee", "turns": [{"strikes": 0}]}, "turn 1", "record"),
        ({"game": "hex-referee", "turns": [{"moves": 2}]}, "turn 1, move 2", "H2"),
        ({"game": "hex-referee", "turns": [], "winner": "draw"}, "", "H4"),
        ({"game": "hex-referee", "players": ["A"], "turns": []}, "", "record"),
        (
            {"game": "hex-referee", "variants": ["cards"], "turns": [{"moves": 1}]},
            "turn 1",
            "record",
        ),
        (
            {"game": "hex-referee", "variants": ["cards"], "turns": [{"card": 7, "moves": 0}]},
            "turn 1",
            "H5",
        ),
    ],
)
def test_faulty_records_name_the_place_and_the_rule(
    record: dict[str, Any], where: str, rule: str
) -> None:
    with pytest.raises(RecordError) as caught:
        HexRefereeState.from_record(record)
    assert (str(caught.value.where or ""), caught.value.rule) == (where, rule)


def test_the_spec() -> None:
    assert (
        REFEREE_SPEC.name,
        REFEREE_SPEC.title,
        REFEREE_SPEC.min_players,
        REFEREE_SPEC.max_players,
    ) == (
        "hex-referee",
        "Fibonacci hex (referee)",
        2,
        2,
    )
    assert REFEREE_SPEC.variants == {"cards", "friendly-groups", "edge-surround"}
    assert get_game("hex-referee") is REFEREE_SPEC


def test_an_older_record_with_variants_not_a_list_names_variants() -> None:
    """Issue 23: the older record's "variants" is checked like today's (a RecordError
    naming the key), not met first by the upgrade as a Python TypeError."""
    old = example("old-flow.json")
    old["variants"] = 7
    with pytest.raises(RecordError) as caught:
        HexRefereeState.from_record(old)
    assert str(caught.value) == '"variants" is a list of names, not 7 (record)'


GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(["black", "cards", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
TURN = st.fixed_dictionaries(
    {"moves": GARBAGE},
    optional={"strikes": GARBAGE, "card": GARBAGE, "player": GARBAGE, "allowed": GARBAGE},
)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        GARBAGE,
        st.fixed_dictionaries(
            {"game": st.sampled_from(["hex-referee", "hex"]), "turns": st.lists(TURN | GARBAGE)},
            optional={
                "mode": st.just("referee"),
                "variants": st.just(["cards"]) | GARBAGE,
                "players": GARBAGE,
                "winner": GARBAGE,
            },
        ),
    )
)
def test_garbage_records_raise_only_game_errors(record: Any) -> None:
    """Issue 23: whatever JSON a referee record holds, today's or the older flow's, the
    reader fails only with the game's own errors (a RecordError naming the place)."""
    try:
        HexRefereeState.from_record(record)
    except RecordError as exc:
        assert "\n" not in str(exc) and exc.rule
