"""Rummy records (DESIGN.md "Game records"): read, refereed, written back; garbage in
gives a RecordError naming the place, never a KeyError or TypeError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_scripts import complete_table, play_random

from companion.games import GameError, RecordError, RoundScore, get_game
from companion.games.rummy import DECK_21, new_game

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rummy"


def _record(*rounds: Any, game: str = "rummy21", players: int = 2, **extra: Any) -> dict[str, Any]:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"][:players]
    return {"game": game, "players": names, "variants": [], "rounds": list(rounds), **extra}


def _error(record: object) -> RecordError:
    with pytest.raises(RecordError) as caught:
        get_game("rummy21").from_record(record)  # type: ignore[arg-type]
    return caught.value


EMPTY: dict[str, Any] = {"closed": [], "open": [], "hand": []}


def test_r7_a_record_round_trips_with_serials_kept() -> None:
    table = {"closed": [["21"]], "open": [["B2"], ["B3#2"], ["B5", "W=8#3"]], "hand": ["13#12"]}
    record = _record({"out": None, "tables": [table, EMPTY]})
    state = get_game("rummy21").from_record(record)
    assert state.to_record() == record
    assert state.report().rounds == (RoundScore((20 - 2 - 3 - 5 - 50 - 26, 0)),)


def test_record_variants_may_be_left_out() -> None:
    record = _record({"out": 0, "tables": [complete_table(DECK_21), EMPTY]})
    del record["variants"]
    assert get_game("rummy21").from_record(record).report().totals == (200, 0)


@pytest.mark.parametrize(
    ("record", "where", "needle"),
    [
        ([1, 2], "", "a record is a JSON object, not a list"),
        ({"game": "rummy13", "players": [], "rounds": []}, "game", "not a rummy21 record"),
        ({"game": "rummy21", "rounds": []}, "players", '"players" is missing'),
        ({"game": "rummy21", "players": ["A", 3], "rounds": []}, "players", "text"),
        ({"game": "rummy21", "players": ["A"], "rounds": {}}, "rounds", "an object, not a list"),
        (_record("round"), "round 1", "a round is an object"),
        (_record({"tables": []}), "round 1", '"out" is missing'),
        (_record({"out": True, "tables": []}), "round 1, out", "not a seat number"),
        (_record({"out": None, "tables": [EMPTY, 5]}), "round 1, seat 1", "a table is an object"),
        (_record({"out": None, "tables": [EMPTY, {"closed": []}]}), "round 1, seat 1", '"open"'),
        (
            _record({"out": None, "tables": [EMPTY, {**EMPTY, "open": ["B5"]}]}),
            "round 1, seat 1, open set 1",
            "a set is a list of cards",
        ),
        (
            _record({"out": None, "tables": [EMPTY, {**EMPTY, "hand": [5]}]}),
            "round 1, seat 1, hand, card 1",
            "written as text",
        ),
        ({**_record(), "variants": [1]}, "variants", "text"),
    ],
)
def test_record_shape_faults(record: object, where: str, needle: str) -> None:
    error = _error(record)
    assert (str(error.where or ""), error.rule) == (where, "record")
    assert needle in error.what


def test_record_faults_in_a_later_round_name_it() -> None:
    good = {"out": 0, "tables": [complete_table(DECK_21), EMPTY]}
    bad = {"out": None, "tables": [EMPTY, {**EMPTY, "open": [["B5", "13", "5"]]}]}
    error = _error(_record(good, bad))
    assert str(error.where) == "round 2, seat 1, open set 1, card 3"
    assert error.rule == "R2"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 100) | st.sampled_from(["B5", "W=13", "X", "21"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["out", "tables", "closed", "open", "hand", "game", "players"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=25,
)


def _table() -> st.SearchStrategy[Any]:
    cards = st.lists(st.sampled_from(["21", "B2", "B3", "B5", "3", "13", "W", "W=8", "X"]))
    return (
        st.fixed_dictionaries(
            {
                "closed": st.lists(cards, max_size=3),
                "open": st.lists(cards, max_size=3),
                "hand": cards,
            }
        )
        | JSON
    )


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["rummy21", "rummy13", "rummy8", "rummy89"]),
    st.lists(
        st.fixed_dictionaries({"out": st.none() | st.integers(-1, 3), "tables": st.lists(_table())})
        | JSON,
        max_size=3,
    ),
    st.integers(0, 5),
)
def test_record_garbage_gives_only_game_errors(game: str, rounds: Any, players: int) -> None:
    record = _record(*rounds, game=game, players=players)
    try:
        state = get_game(game).from_record(record)
    except GameError:
        return
    assert state.to_record()["rounds"] == rounds


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_record_garbage_at_the_top_gives_only_game_errors(record: Any) -> None:
    with pytest.raises(GameError):
        get_game("rummy21").from_record(record)


# -- the shipped examples ----------------------------------------------------------

#: How the full examples were made: game, players, variants, seed (see play_random).
FULL_EXAMPLES = {
    "rummy21-full.json": (21, 3, (), 21),
    "rummy13-full.json": (13, 3, (), 11),
    "rummy8-full.json": (8, 2, (), 8),
    "rummy89-full.json": (89, 4, (), 0),
    "rummy21-standard-start-full.json": (21, 2, ("standard-start",), 2),
}


@pytest.mark.parametrize("name", sorted(FULL_EXAMPLES))
def test_full_examples_are_seeded_random_games_of_the_engine(name: str) -> None:
    deck, players, variants, seed = FULL_EXAMPLES[name]
    state = new_game(["Ana", "Ben", "Cy", "Dee"][:players], variants, deck=deck)
    play_random(state, seed)
    shipped = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    assert state.to_record() == shipped


def test_examples_cover_every_deck_and_every_kind_of_error() -> None:
    expected = json.loads((EXAMPLES / "expected.json").read_text(encoding="utf-8"))
    games = {json.loads((EXAMPLES / n).read_text())["game"] for n in FULL_EXAMPLES}
    assert games == {"rummy21", "rummy13", "rummy8", "rummy89"}
    rules = {want["rule"] for want in expected.values() if "error" in want}
    assert rules == {"record", "R1", "R2", "R3", "R4", "R5", "R6", "R7"}
    assert any(want.get("totals") and max(want["totals"]) >= 160 for want in expected.values())
