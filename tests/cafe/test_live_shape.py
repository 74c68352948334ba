"""The players' page's view in a table's ``state`` is read whole at the cafe (issue 15,
:class:`companion.views.live_types.TableView`; issue 22: no table-supplied value is
trusted): the game's ``live`` and the ``setup``'s. Before, only its names and label
were checked, so each forged view below was kept and drawn on the phones (a seat to
play past the last, totals of two players at a table of three, a card that is text);
now the state is set aside with the field named, and the page keeps what it showed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cafe_fixtures import dashboard, state_with
from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flows"))
from flow_tables import load, play_fibonachos

from companion.cafe.batch import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.flows.registry import make_flow
from companion.views.live import link_digest, table_view, waiting_view

TOKEN = "token-of-t1"
PLAYERS = ["Ana", "Ben", "Cy"]


def _view() -> dict[str, Any]:
    """t1's view in Fibonachos' second round: a round done, a trick won, its tally."""
    flow = make_flow("fibonachos", PLAYERS, [], options={})
    first, second = load("fibonachos", "full-3p.json")["rounds"][:2]
    play_fibonachos(flow, {"rounds": [first, {**second, "tricks": second["tricks"][:1]}]})
    view: dict[str, Any] = table_view(flow, PLAYERS, game_id=3).to_json()
    assert view["trick"]["last"] and view["trick"]["spicy"] is None and view["rounds"]
    return view


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """A change of the view's field at ``path`` (``trick.last.0.seat``)."""
    *parents, leaf = path.split(".")

    def change(view: dict[str, Any]) -> None:
        at: Any = view
        for key in parents:
            at = at[int(key)] if isinstance(at, list) else at[key]
        at[int(leaf) if isinstance(at, list) else leaf] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda view: view.pop(key)


#: Each forged view (a change of t1's), and the field the quarantine names.
BAD: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a seat to play past the last": (_set("to_play", 3), "live.to_play"),
    "a winner past the last seat": (_set("winners", [5]), "live.winners"),
    "totals for two of three players": (_set("totals", [1, 2]), "live.totals"),
    "a round's points for two players": (_set("rounds", [[1, 2]]), "live.rounds[0]"),
    "a card of the last trick by no seat": (_set("trick.last.0.seat", 9), "live.trick.last[0]"),
    "a card that is text": (_set("trick.last.0.card", "R13"), "live.trick.last[0].card"),
    "a spicy card numbered in text": (
        _set("trick.spicy", {"face": "S3", "kind": "spicy", "number": "3"}),
        "live.trick.spicy.number",
    ),
    "this round's tally for two players": (_set("trick.running", [1, 2]), "live.trick.running"),
    "a wait that is no word": (_set("trick.awaiting", "<b>"), "live.trick.awaiting"),
    "over as text": (_set("over", "yes"), "live.over"),
    "a hex turn besides the trick": (_set("hex", {"turn": 1}), "sections"),
    "the page before a game in its place": (_set("waiting", True), "live.waiting"),
    "no players": (_drop("players"), "live.players"),
}


def _page(server: CafeServer) -> TestClient:
    client = dashboard(server)
    client.app.state.live = CafeLive(server)  # type: ignore[attr-defined]
    return client


def _shown(client: TestClient) -> Any:
    answer = client.get(f"/t/t1.json?k={TOKEN}")
    assert answer.status_code == 200
    return answer.json()["view"]


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_forged_view_is_set_aside_and_the_page_keeps_its_game(
    server: CafeServer, case: str
) -> None:
    """Issue 22: the state is quarantined naming the view's field; the phones' page
    (its JSON and its HTML) still shows the game as the last good state had it."""
    good = _view()
    state = state_with(live=good, link=link_digest(TOKEN))
    assert server.take([Incoming("t1", "state", state)]).quarantined == 0
    client = _page(server)
    before = _shown(client)
    assert {**before, "id": good["id"]} == good
    forged = json.loads(json.dumps(good))
    change, field = BAD[case]
    change(forged)
    applied = server.take([Incoming("t1", "state", state_with(live=forged))])
    assert applied.quarantined == 1
    assert field in server.quarantined()[0].reason
    assert _shown(client) == before
    assert client.get(f"/t/t1?k={TOKEN}").status_code == 200


def test_a_forged_page_before_a_game_is_set_aside(server: CafeServer) -> None:
    """Issue 15: the ``setup``'s view is a page before a game, read whole too: one with
    a seat to play, or a game's view in its place, is quarantined naming the field."""
    body = json.loads(state_with())
    body["game"] = None
    waiting = waiting_view("fibonachos", ["Ana", "", "Cy"]).to_json()
    for forged, field in (
        ({**waiting, "to_play": 4}, "setup.live.to_play"),
        (_view(), "setup.live.waiting"),
    ):
        body["setup"] = {"live": forged, "link": link_digest(TOKEN)}
        applied = server.take([Incoming("t1", "state", json.dumps(body).encode())])
        assert applied.quarantined == 1
        assert field in server.quarantined()[0].reason
    body["setup"] = {"live": waiting, "link": link_digest(TOKEN)}
    assert server.take([Incoming("t1", "state", json.dumps(body).encode())]).quarantined == 0
    assert _shown(_page(server)) == waiting


def test_a_newer_table_s_view_keeps_its_state(server: CafeServer) -> None:
    """Issue 22, and a cafe whose tables are updated before its server: a word of the
    table's the server does not know yet (a new wait) is kept, and the page words it
    plainly; a view of another version is not drawn, but its state is kept (the card
    follows the game). Setting the state aside would silence a legitimate table."""
    good = _view()
    newer = json.loads(json.dumps(good))
    newer["trick"]["awaiting"] = "shuffle"
    state = state_with(live=newer, link=link_digest(TOKEN))
    assert server.take([Incoming("t1", "state", state)]).quarantined == 0
    client = _page(server)
    assert _shown(client)["trick"]["awaiting"] == "shuffle"
    assert client.get(f"/t/t1?k={TOKEN}").status_code == 200
    other = {**good, "v": 2}
    applied = server.take([Incoming("t1", "state", state_with(live=other, round=9))])
    assert applied.quarantined == 0
    game = server.tables()[0]
    assert game.round == 9
    assert client.get(f"/t/t1.json?k={TOKEN}").status_code != 200
