"""The texts of a table's ``state`` that the dashboard and the phones show (issue 22:
"names with bidi overrides, zero-width or control characters, 10,000-character
names"): a state's players and label were shown as sent, while the same names in an
``events`` message were refused."""

from __future__ import annotations

from typing import Any

import pytest
from cafe_fixtures import dashboard, state_with

from companion.cafe.batch import Incoming
from companion.cafe.server import CafeServer
from companion.flows.registry import make_flow
from companion.views.live import table_view

#: t1's players' page: its game (Fibonachos, three players) before its first card.
NAMES = ["Ana", "Ben", "Cy"]
VIEW = table_view(make_flow("fibonachos", NAMES, [], options={}), NAMES, game_id=3).to_json()
BAD: dict[str, dict[str, Any]] = {
    "a bidi override": {"players": ["\u202eevil", "Ben", "Cy"]},
    "a zero-width space": {"players": ["Ana", "B\u200ben", "Cy"]},
    "10,000 characters": {"players": ["A" * 10_000, "Ben", "Cy"]},
    "a name not a text": {"players": [7, "Ben", "Cy"]},
    "nine players": {"players": [f"P{n}" for n in range(9)]},
    "a label of 5,000 characters": {"label": "L" * 5000},
    "a label with a newline": {"label": "Trump\n<b>"},
    "the live view's names": {"live": {**VIEW, "players": ["\u202eevil", "Ben", "Cy"]}},
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_state_with_texts_no_page_should_show_is_set_aside(server: CafeServer, case: str) -> None:
    """Issue 22: the state is quarantined (staff see why), the table's card keeps what
    it showed, and no page carries the text."""
    applied = server.take([Incoming("t1", "state", state_with(**BAD[case]))])
    assert applied.quarantined == 1
    assert "players" in server.quarantined()[0].reason or "label" in server.quarantined()[0].reason
    page = dashboard(server).get("/").text
    assert "\u202e" not in page and "A" * 100 not in page and "L" * 100 not in page


def test_a_state_with_names_a_table_takes_is_shown(server: CafeServer) -> None:
    """The check refuses only what no table sends: accents, spaces and 20 characters
    pass, as an empty label (no game chosen yet)."""
    names = ["Zoé", "Jean Luc", "A" * 20]
    applied = server.take([Incoming("t1", "state", state_with(players=names, label=""))])
    assert applied.quarantined == 0
    page = dashboard(server).get("/").text
    assert all(name in page for name in names)
