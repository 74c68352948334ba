"""Records (DESIGN.md "Game records"), the report, and random games through SPEC."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hex_boards import board
from hex_players import first_win, greedy_player, random_player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import CHANCE, GameError, RecordError, Termination
from companion.games.hex import SPEC, EndTurn, HexState, Move, Resign, Side, new_game
from companion.games.json_types import JSONObject, list_field

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hex"


def replayed(state: HexState) -> HexState:
    return HexState.from_record(json.loads(json.dumps(state.to_record())))


def test_h1_record_of_designs_example_and_its_report() -> None:
    record: JSONObject = {"game": "hex", "variants": [], "turns": [["b2-c2"], ["j6-i6", "k5-j5"]]}
    state = HexState.from_record(record)
    report = state.report()
    assert report.game == "hex" and report.winner is None and not report.complete
    assert [(t.player, t.allowed, t.moves) for t in report.turns] == [
        (Side.BLACK, 1, (Move.parse("b2-c2"),)),
        (Side.WHITE, 2, (Move.parse("j6-i6"), Move.parse("k5-j5"))),
        (Side.BLACK, 3, ()),
    ]
    assert report.board == state.position
    # b2 went to c2, j6 to i6, k5 to j5.
    rows = ["Xxxxxx", ".......", ".x......", "........t", "..u...ttt.", "...u...t..."]
    rows += [".uuu...t..", "u........", ".....w..", "....w..", "wwww.W"]
    written = report.to_json()
    assert written["board"] == "/".join(rows)
    assert list_field(written, "turns")[1] == {
        "player": "white",
        "allowed": 2,
        "moves": ["j6-i6", "k5-j5"],
    }
    assert list(written) == ["game", "turns", "winner", "board"]


def test_record_turns_list_the_turn_in_progress_last() -> None:
    state = new_game(["Ana", "Ben"])
    assert state.to_record() == {
        "game": "hex",
        "players": ["Ana", "Ben"],
        "variants": [],
        "turns": [[]],
    }
    state.apply(Move.parse("b2-c2"))
    state.apply(Move.parse("j6-i6"))
    assert state.to_record()["turns"] == [["b2-c2"], ["j6-i6"]]
    state.apply(EndTurn())
    assert state.to_record()["turns"] == [["b2-c2"], ["j6-i6"], []]
    assert replayed(state).history == state.history
    assert HexState.from_record({"game": "hex", "turns": []}).history == ()


def test_h5_card_record_with_a_card_not_yet_turned_up() -> None:
    state = new_game(["A", "B"], ["cards"])
    state.apply(state.sample_chance(random.Random(1)))
    state.apply(EndTurn())
    record = state.to_record()
    assert list_field(record, "turns")[-1] == {"card": None, "moves": []}
    assert replayed(state).history == state.history
    assert replayed(state).current_player() == CHANCE
    with pytest.raises(RecordError, match="only in a last turn"):
        HexState.from_record(
            {**record, "turns": [*list_field(record, "turns"), {"card": 2, "moves": []}]}
        )


def test_record_keeps_a_resignation_and_a_start_position() -> None:
    start = board(X="c3", W="h5", x="f6")
    state = new_game(["A", "B"], start=start)
    state.apply(Move.parse("f6-f7"))
    state.apply(Resign(Side.WHITE))
    record = state.to_record()
    assert record["resigned"] == "white" and record["start"] == start.board()
    again = replayed(state)
    assert again.history == state.history and again.winner is Side.BLACK
    assert again.report() == state.report()


@pytest.mark.parametrize(
    ("record", "where", "rule"),
    [
        ({"game": "hex", "turns": [["b2-c2", "c2-d2"]]}, "turn 1, move 2", "H2"),
        ({"game": "hex", "turns": [["b2-c2"], ["a2-b2"]]}, "turn 2, move 1", "H3"),
        ({"game": "hex", "turns": [["b2-c2"], ["j6-i6", "k5-j55"]]}, "turn 2, move 2", "H1"),
        ({"game": "hex", "turns": [["b2-c2"], [7]]}, "turn 2, move 1", "record"),
        ({"game": "hex", "turns": [{"card": 1, "moves": []}]}, "turn 1", "record"),
        (
            {"game": "hex", "variants": ["cards"], "turns": [{"card": True, "moves": []}]},
            "turn 1",
            "record",
        ),
        (
            {"game": "hex", "variants": ["cards"], "turns": [{"card": 9, "moves": []}]},
            "turn 1",
            "H5",
        ),
        ({"game": "hex", "turns": [], "resigned": "grey"}, "", "record"),
        ({"game": "hex", "turns": [], "players": ["A"]}, "", "record"),
        ({"game": "hex", "turns": [], "variants": "cards"}, "", "record"),
        ({"game": "hex", "turns": [], "start": "Xxxxxx"}, "start", "H1"),
        ({"game": "trump", "turns": []}, "", "record"),
    ],
)
def test_record_errors_name_the_place_and_the_rule(
    record: dict[str, Any], where: str, rule: str
) -> None:
    with pytest.raises(RecordError) as caught:
        HexState.from_record(record)
    assert str(caught.value.where or "") == where and caught.value.rule == rule
    assert str(caught.value).endswith(f"({rule})") and "\n" not in str(caught.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["b2-c2", "a1", "x", "-"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"game": st.just("hex"), "turns": JSON},
            optional={
                "variants": st.just(["cards"]) | JSON,
                "players": JSON,
                "start": JSON,
                "resigned": JSON,
            },
        ),
    )
)
def test_garbage_records_raise_only_game_errors(record: Any) -> None:
    with contextlib.suppress(GameError):
        HexState.from_record(record)


def _random_game(variants: tuple[str, ...], seed: int) -> HexState:
    """The conformance test's player: chance samples, everyone else picks any legal action."""
    rng = random.Random(seed)
    state = SPEC.new(["P0", "P1"], variants)
    while not state.is_terminal():
        assert len(state.history) < 5000
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            assert state.is_legal(action)
            state.apply(action)
    assert isinstance(state, HexState)
    return state


@pytest.mark.parametrize("variants", [(), ("cards",), ("friendly-groups",), ("edge-surround",)])
def test_random_games_end_quickly_and_round_trip(variants: tuple[str, ...]) -> None:
    for seed in range(10):
        state = _random_game(variants, seed)  # ends within 5000 actions (H4)
        again = SPEC.from_record(state.to_record())
        assert again.history == state.history and again.report() == state.report()


@pytest.mark.parametrize(
    ("variants", "rule", "termination"),
    [
        ((), "encirclement", Termination.ENCIRCLEMENT),
        (("cards",), "card-variant win", Termination.CARD_WIN),
        (("friendly-groups",), "encirclement", Termination.ENCIRCLEMENT),
    ],
)
def test_h4_h5_greedy_games_end_in_a_win_that_replays(
    variants: tuple[str, ...], rule: str, termination: Termination
) -> None:
    state = first_win([greedy_player, random_player], variants)
    assert state.winner is not None and rule in state.ending
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is termination
    assert termination.rule == state.end_rule
    again = replayed(state)
    assert again.report() == state.report() and again.winner is state.winner
    # Undo walks back through the win.
    state.undo()
    assert state.outcome() is None and not state.is_terminal()


def _examples() -> list[tuple[str, dict[str, Any]]]:
    expected = json.loads((EXAMPLES / "expected.json").read_text(encoding="utf-8"))
    return sorted(expected.items())


def test_every_example_is_listed_in_expected_json() -> None:
    on_disk = {p.name for p in EXAMPLES.glob("*.json")} - {"expected.json"}
    assert on_disk == {name for name, _ in _examples()}


@pytest.mark.parametrize(("name", "want"), _examples(), ids=[n for n, _ in _examples()])
def test_examples_score_as_expected_json_says(name: str, want: dict[str, Any]) -> None:
    record = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    if "error" in want:
        with pytest.raises(GameError) as caught:
            if not isinstance(record, dict):
                kind = type(record).__name__
                raise RecordError(f"a record is a JSON object, not {kind}", "record")
            HexState.from_record(record)
        assert want["error"] in str(caught.value) and f"({want['rule']})" in str(caught.value)
        return
    state = HexState.from_record(record)
    report = state.report()
    winner = None if report.winner is None else report.winner.value
    assert winner == want["winner"] and len(report.turns) == want["turns"]
    assert replayed(state).history == state.history
