"""The ``game`` of a table's ``state`` keeps one typed shape from the table to the
dashboard (:class:`companion.bus.contract.GameFacts`, docs/cafe.md "Commands and
their limits"): the server reads it whole before keeping it, so a state whose game
breaks the contract is set aside (issue 22: no message may silence the cafe) and the
card keeps what it showed; a well-formed one reads back equal to what the table built.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from cafe_fixtures import dashboard, state_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "views"))
from view_strategies import views

from companion.bus.contract import GameFacts, MessageError, PageLink, TableState, Topics
from companion.cafe.batch import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.views.live import link_digest, waiting_view
from companion.web.model import TableCard

#: Games whose fields are each of the wrong type or out of the players' seats; before,
#: the server kept them as sent, and the card read what it could of each.
BAD: dict[str, dict[str, Any]] = {
    "a winner past the last seat": {"winners": [7]},
    "a winner that is no seat": {"winners": [None]},
    "a seat to play past the last": {"to_play": 3},
    "a seat to play as text": {"to_play": "1"},
    "totals for two of three players": {"totals": [1, 2]},
    "totals as texts": {"totals": ["12", "5", "8"]},
    "running totals that are no list": {"running": 5},
    "a round below 0": {"round": -1},
    "a round of true": {"round": True},
    "over as text": {"over": "yes"},
    "an id as text": {"id": "3"},
    "an id past the limit": {"id": 2**60},
    "a link that is no digest": {"link": "not-a-digest"},
    "a journal that is no identity": {"journal": "../etc"},
    "a live view that is no object": {"live": [1, 2]},
    "no game name": {"game": ""},
}


def _card(server: CafeServer) -> TableCard:
    return next(card for card in server.tables() if card.name == "t1")


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_state_whose_game_breaks_the_contract_is_set_aside(server: CafeServer, case: str) -> None:
    """Issue 22: the state is quarantined with the field named, the table's card keeps
    what the last good state said (round 2, Ben to play, 12 5 8), and every page
    answers."""
    kept = _card(server)
    applied = server.take([Incoming("t1", "state", state_with(**BAD[case]))])
    assert (applied.stored, applied.quarantined) == (0, 1)
    assert "game" in server.quarantined()[0].reason
    card = _card(server)
    assert (card.round, card.to_play, card.totals) == (2, 1, (12, 5, 8))
    assert card.winners == kept.winners and card.over is kept.over
    client = dashboard(server)
    assert all(client.get(page).status_code == 200 for page in ("/", "/tables/t1", "/.json"))


def test_a_state_with_fields_this_version_does_not_know_is_read(server: CafeServer) -> None:
    """A newer table may add fields (contract v1: a reader ignores the fields it does
    not know): the state is kept, its game read."""
    applied = server.take([Incoming("t1", "state", state_with(to_play=2, colour="red"))])
    assert applied.quarantined == 0
    assert _card(server).to_play == 2


_names = st.lists(st.sampled_from(["Ana", "Ben", "Cy", "Zoé", "Jean Luc"]), min_size=1, max_size=8)


@st.composite
def _facts(draw: st.DrawFn) -> GameFacts:
    players = tuple(draw(_names))
    seat = st.integers(0, len(players) - 1)
    points = st.lists(st.integers(-(2**40), 2**40), min_size=len(players), max_size=len(players))
    whole = st.integers(0, 2**53)
    return GameFacts(
        id=draw(st.none() | whole),
        game=draw(st.sampled_from(["fibonachos", "trump", "rummy21", "hex"])),
        label=draw(st.sampled_from(["", "Fibonachos", "Fibonacci's Trump"])),
        players=players,
        round=draw(st.none() | whole),
        to_play=draw(st.none() | seat),
        totals=draw(st.none() | points.map(tuple)),
        over=draw(st.booleans()),
        winners=tuple(draw(st.lists(seat, max_size=3))),
        running=draw(st.none() | points.map(tuple)),
        journal=draw(st.none() | st.just("") | st.just("0123abcd")),
        link=draw(st.none() | st.just("e" * 64)),
        live=draw(st.none() | views(players)),
    )


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)  # a view is big
@given(_facts())
def test_the_game_a_table_sends_is_the_game_the_server_reads(facts: GameFacts) -> None:
    """Every game the contract allows crosses the bus unchanged: the payload the
    table publishes reads back equal, field for field."""
    state = TableState("t1", 1_700_000_000.0, facts, {"camera": "ok"}, 4.0)
    payload = state.payload(Topics("corner", "t1"))
    assert TableState.parse("corner", "t1", payload).game == facts


def test_a_state_without_a_game_may_carry_the_page_before_it() -> None:
    """Issue 15: with no game, the ``setup`` (the waiting view, the set-up link's
    digest) is read; one whose link is no digest is left (no page opens on it); one
    whose view's names break the contract is refused."""
    view = waiting_view("trump", ["Ana", ""]).to_json()
    body = {"v": 1, "cafe": "corner", "table": "t1", "at": 1.0, "game": None, "devices": {}}
    good = {**body, "setup": {"live": view, "link": "a" * 64}}
    state = TableState.parse("corner", "t1", json.dumps(good).encode())
    assert state.setup is not None and state.setup.link == "a" * 64
    odd = {**body, "setup": {"live": view, "link": "x"}}
    assert TableState.parse("corner", "t1", json.dumps(odd).encode()).setup is None
    bad = {**body, "setup": {"live": {**view, "players": ["\u202eevil"]}, "link": "a" * 64}}
    with pytest.raises(MessageError, match=r"setup\.live"):
        TableState.parse("corner", "t1", json.dumps(bad).encode())


def test_the_page_before_a_game_with_seats_not_yet_named_is_kept(server: CafeServer) -> None:
    """Issue 15: once a game is chosen on the OLED, the page before it lists its seats,
    "" for each not named yet (:func:`companion.views.live.waiting_view`). The server
    refused such a state as a name of 0 characters, so while a table was set up the
    dashboard's card and the cafe's set-up page stood still, and a phone's names were
    never answered. Now it is kept and the page shows the game being set up."""
    view = waiting_view("fibonachos", ["Ana", "", ""])
    setup = PageLink(view, link_digest("token-setup"))
    state = TableState("t1", 1_700_000_600.0, None, {"camera": "ok"}, 1.0, setup=setup)
    applied = server.take([Incoming("t1", "state", state.payload(Topics("corner", "t1")))])
    assert applied.quarantined == 0
    row = server.ingest.tables["t1"]
    assert row.state is not None and row.state.setup == setup
    client = dashboard(server)
    client.app.state.live = CafeLive(server)  # type: ignore[attr-defined]
    shown = client.get("/t/t1.json?k=token-setup").json()["view"]
    assert shown["game"] == "fibonachos" and shown["players"] == ["Ana", "", ""]
