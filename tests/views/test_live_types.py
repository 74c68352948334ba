"""The table view keeps one typed shape (issue 15, :mod:`companion.views.live_types`):
what the table builds crosses as JSON and reads back equal, for every kind of game and
the page before a game; a view of another shape is a ViewError naming its field; the
fields a newer table may add are left."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_live_json import record_objects
from test_score_golden import _valid_examples
from view_strategies import SECTIONS, views, waiting

from companion.views.live import table_view, waiting_view
from companion.views.live_types import Outcome, TableView
from companion.views.view_fields import ViewError

#: A view is a big value: on a shared two-core machine drawing one may take a while.
BIG = settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)


def _crossed(view: TableView) -> TableView:
    """``view`` as the bus carries it: its JSON as text, read back."""
    return TableView.from_json(json.loads(json.dumps(view.to_json())), "live")


@BIG
@given(views())
def test_any_games_view_reads_back_equal(view: TableView) -> None:
    """Issue 15: every view the shape allows crosses unchanged, field for field."""
    assert _crossed(view) == view


@pytest.mark.parametrize("kind", sorted(SECTIONS))
@BIG
@given(data=st.data())
def test_each_kind_of_games_view_reads_back_equal(kind: str, data: st.DataObject) -> None:
    """Issue 15: a view with each game's section (Fibonachos and Trump's trick, the
    rummy games' sets, the hex turn) crosses unchanged."""
    view = data.draw(views(kind=kind))
    assert view.section is not None and kind == view.section.KEY
    assert _crossed(view) == view


@given(waiting())
def test_the_page_before_a_game_reads_back_equal(view: TableView) -> None:
    """Issue 15: the waiting view (no game chosen, or its names so far) crosses unchanged."""
    assert _crossed(view) == view


@pytest.mark.parametrize("name", _valid_examples())
def test_every_step_of_every_example_reads_back_equal(name: str) -> None:
    """Issue 15: what the table builds of a real game, every step, is a view the strict
    reader takes, and reads back equal."""
    for view in record_objects(name):
        assert _crossed(view) == view


def test_fields_a_newer_table_adds_are_left() -> None:
    """The view's version 1: a reader ignores the fields it does not know, at the top
    and in a game's section."""
    from flow_tables import load, play_fibonachos

    from companion.flows.registry import make_flow

    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})
    play_fibonachos(flow, {"rounds": load("fibonachos", "short.json")["rounds"][:1]})
    view = table_view(flow, ["Ana", "Ben", "Cy"], game_id=2)
    raw = view.to_json()
    trick = raw["trick"]
    assert isinstance(trick, dict)
    newer = {**raw, "colour": "red", "trick": {**trick, "hint": [1]}}
    assert TableView.from_json(newer, "live") == view


WAITING = waiting_view("fibonachos", ["Ana", "", "Cy"]).to_json()
_SEAT = {"sets": [], "complete": 0, "closed": 0}
#: A view's fields of the wrong type or past the players, and the field each names.
BAD: dict[str, tuple[dict[str, object], str]] = {
    "a seat to play past the last": ({"to_play": 3}, "live.to_play"),
    "a seat to play as text": ({"to_play": "1"}, "live.to_play"),
    "a winner past the last seat": ({"winners": [3]}, r"live.winners\[0\]"),
    "totals for two of three players": ({"totals": [1, 2]}, "live.totals"),
    "a round's points for two players": ({"rounds": [[1, 2]]}, r"live.rounds\[0\]"),
    "a round below 0": ({"round": -1}, "live.round"),
    "over as text": ({"over": "yes"}, "live.over"),
    "an id of true": ({"id": True}, "live.id"),
    "a name that is a number": ({"players": ["Ana", 5, "Cy"]}, r"live.players\[1\]"),
    "another version": ({"v": 2}, "live.v"),
    "no label": ({"label": None}, "live.label"),
    "a section that is no object": ({"trick": [1]}, "live.trick"),
    "two games' sections": ({"hex": {}, "rummy": {}}, "rummy and hex|hex and rummy"),
    # Views the page could not draw (a 500 to every phone at the table): each seat's
    # sets are drawn by seat, and rounds of points under their totals.
    "a rummy section of one seat for three players": (
        {"rummy": {"round": 1, "turn": 0, "counting": False, "seats": [_SEAT]}},
        r"live.rummy.seats: 1 seats for 3 players",
    ),
    "rounds of points with no totals": ({"rounds": [[1, 2, 3]]}, r"live.rounds: .* no totals"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_view_of_another_shape_is_refused_naming_its_field(case: str) -> None:
    """Issue 22 (no table-supplied value is trusted): each is a ViewError naming the
    field, never a view the page would draw."""
    change, field = BAD[case]
    with pytest.raises(ViewError, match=field):
        TableView.from_json({**WAITING, **change}, "live")


def test_a_view_missing_a_field_is_refused() -> None:
    """A view is read whole: a field of version 1 left out is named."""
    raw = {key: value for key, value in WAITING.items() if key != "winners"}
    with pytest.raises(ViewError, match=r"live\.winners: missing"):
        TableView.from_json(raw, "live")
    assert TableView.from_json(WAITING, "live").outcome == Outcome()
