"""Issue 26 ("The OLED": the dashboard showed 0/0/0 through round 1 while the phones
showed 3/5/7): a trick game's ``state`` carries the totals counting the round under
way (``game.running``, an optional field of contract v1), and the dashboard's table
card shows them during the round, the finished rounds' totals between rounds."""

from __future__ import annotations

from pathlib import Path

from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon
from starlette.testclient import TestClient

from companion.bus.contract import TableState, Topics
from companion.bus.messages import game_state
from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.runtime import Daemon
from companion.flows.registry import make_flow
from companion.flows.status import TrickStatus
from companion.table.cards import TableCard
from companion.web.app import create_app


def _state(daemon: Daemon) -> TableState:
    session = daemon.session
    assert session.flow is not None
    game = game_state(session.game_id, session.flow, list(daemon.app.players))
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    return TableState("t1", at=1.0, game=game, devices=devices, idle=0.0)


def test_the_dashboard_shows_the_running_totals_during_round_one(tmp_path: Path) -> None:
    """Mid-round 1 of a recorded Fibonachos game, spicy cards taken: the state's
    ``running`` is each seat's points so far (the finished-round totals are all 0),
    and the dashboard's card shows those numbers, saying they count the round."""
    clock = ManualClock()
    journal = tmp_path / "journal.db"
    daemon = make_daemon(
        journal, fibonachos_steps(load_record("fibonachos", "full-3p.json")), clock=clock
    )
    daemon.start_game("fibonachos", 3, [], {})
    daemon.start()
    status = daemon.session.flow.status() if daemon.session.flow else None
    while not (isinstance(status, TrickStatus) and status.round == 1 and sum(status.points) >= 3):
        daemon.step()
        clock.advance(0.2)
        status = daemon.session.flow.status() if daemon.session.flow else None
    assert isinstance(status, TrickStatus)
    state = _state(daemon)
    game = state.game
    assert game is not None
    assert game.totals == (0, 0, 0)
    assert game.running == status.points and sum(status.points) >= 3
    payload = state.payload(Topics(CAFE, "t1"))
    assert TableState.parse(CAFE, "t1", payload).game == game  # the server reads it as sent

    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    table = SimTable("t1", 1, journal)
    items = [Incoming("t1", "status", b"online")]
    items += [Incoming("t1", "events", payload) for payload in table.payloads()]
    items.append(Incoming("t1", "state", payload))
    server.take(items)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with TestClient(app) as client:
        card = next(t for t in client.get("/.json").json()["tables"] if t["name"] == "t1")
        assert card["running"] == list(game.running or ()) and card["totals"] == [0, 0, 0]
        page = client.get("/").text
        shown = page.split('id="table-t1"', 1)[1].split("</article>", 1)[0]
        for points in game.running:
            assert f'<td class="num">{points}</td>' in shown
        assert "Totals with the round so far" in shown
        french = client.get("/", headers={"Accept-Language": "fr"}).text
        assert "Totaux avec la manche en cours" in french
    server.store.close()
    daemon.links.close()


def test_between_rounds_and_in_rummy_no_running_totals_are_sent() -> None:
    """The field is left out where no round scores as it goes (rummy scores its rounds
    at their end, R7), so the card shows the finished-round totals as before."""
    for name in ("rummy21", "hex"):
        flow = make_flow(name, ["Ana", "Ben"], [], options={})
        game = game_state(1, flow, ["Ana", "Ben"])
        assert game.running is None and "running" not in game.fields()


def test_a_rummy_tables_state_says_whose_turn_it_is() -> None:
    """R4, issue 26 item 5: a rummy table's ``state`` says the seat laying cards now (the
    phone page's "Ben laid the last card"), so the dashboard's card marks it; before,
    a rummy table's ``to_play`` was always null. Before a round's first card it is the
    seat that starts the round (R4; tests/cafe/test_dashboard_turn.py)."""
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    assert game_state(1, flow, ["Ana", "Ben"]).to_play == 0  # Ana starts, nobody laid yet
    flow.placed(TableCard("k1", "rummy21", "B5", "meld-1", (0.2, 0.3)))
    assert game_state(1, flow, ["Ana", "Ben"]).to_play == 1
