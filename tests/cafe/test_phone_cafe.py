"""The players' page at the cafe and at home, without a browser (issue 15): the table's
``state`` carries the table view and the link's digest (new optional fields, contract
v1 still read by the server); the server serves ``/t/<table>?k=<token>`` from it,
refuses a wrong token, keeps each game's link so an old link shows its game read-only
after the game ended and after the server restarted; the phone's names go to the table
as a ``names`` command; the journal keeps the link of the game in play across a
restart; the downloads."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cafe_answers import answering
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon, part_of
from PIL import Image
from starlette.testclient import TestClient

from companion.bus.contract import TableState, Topics
from companion.bus.messages import game_state
from companion.cafe.ingest import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.daemon.runtime import Daemon
from companion.views.live import card, link_digest
from companion.web.app import create_app
from companion.web.phone import create_phone_app


def _state(daemon: Daemon) -> bytes:
    """The ``state`` the table's bus would publish now (companion.daemon.remote)."""
    session = daemon.session
    game = None
    if session.flow is not None:
        game = game_state(session.game_id, session.flow, daemon.app.players)
        game = part_of(daemon, Phone).paged(game)
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    return TableState("t1", at=1.0, game=game, devices=devices, idle=0.0).payload(
        Topics(CAFE, "t1")
    )


def _send(server: CafeServer, daemon: Daemon, journal: Path) -> None:
    table = SimTable("t1", 1, journal)
    items = [Incoming("t1", "events", payload) for payload in table.payloads()]
    items.append(Incoming("t1", "state", _state(daemon)))
    server.take(items)


def _play(daemon: Daemon, clock: ManualClock, steps: int | None = None) -> None:
    done = 0
    while not daemon.ended and (steps is None or done < steps):
        daemon.step()
        clock.advance(0.2)
        done += 1
    part_of(daemon, Phone).turn(clock(), True)


@pytest.fixture
def table(tmp_path: Path) -> tuple[Daemon, ManualClock, Path]:
    record = load_record("fibonachos", "full-3p.json")
    clock = ManualClock()
    path = tmp_path / "journal.db"
    board = Board("t1", str(path))
    daemon = make_daemon(
        path, fibonachos_steps(record), clock=clock, parts=lambda table: [Phone(table, board)]
    )
    daemon.start_game("fibonachos", 3, [], {})
    daemon.start()
    return daemon, clock, path


def test_the_cafe_serves_the_page_from_the_state_and_keeps_old_links(
    table: tuple[Daemon, ManualClock, Path], tmp_path: Path
) -> None:
    daemon, clock, journal = table
    _play(daemon, clock, 30)
    game, token, view = part_of(daemon, Phone).board.current()
    assert game is not None and view is not None
    state = _state(daemon)
    sent_state = json.loads(state)
    assert sent_state["v"] == 1 and sent_state["game"]["link"] == link_digest(token)
    assert token.encode() not in state  # only the digest travels
    read = TableState.parse(CAFE, "t1", state).game
    assert read is not None and read.live == view and read.link == link_digest(token)

    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    published = answering(server, daemon)
    _send(server, daemon, journal)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    with TestClient(app) as client:
        page = client.get(f"/t/t1?k={token}")
        assert page.status_code == 200 and "Ana" in page.text and 'id="now"' in page.text
        assert client.get(f"/t/t1.json?k={token}").json() == {"live": True, "view": view.to_json()}
        assert client.get("/t/t1?k=wrong").status_code == 403
        assert client.get(f"/t/t2?k={token}").status_code == 403
        names = {"k": token, "name0": "Zoé", "name1": "Yann", "name2": "Xavier"}
        taken = client.post("/t/t1/names", data=names, headers={"Accept": "application/json"})
        assert taken.status_code == 200 and taken.json()["answer"] == "offered"
        # Issue 15: marked as a phone's, so the table asks to confirm them.
        assert [(b["table"], b["action"], b["args"]) for b in published] == [
            ("t1", "names", {"names": ["Zoé", "Yann", "Xavier"], "phone": True})
        ]

        _play(daemon, clock)  # to the end of the game: the state has no game any more
        _send(server, daemon, journal)
        ended = client.get(f"/t/t1?k={token}")
        assert ended.status_code == 200 and 'id="result"' in ended.text
        assert "Ben won" in ended.text and 'class="names"' not in ended.text
        got = client.get(f"/t/t1/record.json?k={token}")
        record = got.json()
        assert record["game"] == "fibonachos" and len(record["rounds"]) == 3
    server.store.close()

    again = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    restarted = create_app(again, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    restarted.state.live = CafeLive(again)
    with TestClient(restarted) as client:
        assert 'id="result"' in client.get(f"/t/t1?k={token}").text  # the link kept
    again.store.close()


def test_home_downloads_french_and_a_restart_keeps_the_link(
    table: tuple[Daemon, ManualClock, Path],
) -> None:
    daemon, clock, journal = table
    _play(daemon, clock, 10)
    game, token, _ = part_of(daemon, Phone).board.current()
    assert game is not None
    # A restarted daemon resumes the game with the same link (the journal keeps it).
    resumed = make_daemon(journal, [], clock=clock)
    again = Phone(resumed.facade, Board("t1", str(journal)))
    again.turn(clock(), True)
    assert again.board.current()[:2] == (game, token)
    resumed.links.close()

    _play(daemon, clock)
    with TestClient(create_phone_app(part_of(daemon, Phone).board)) as client:
        french = client.get(f"/t/t1?k={token}", headers={"Accept-Language": "fr-FR,fr"})
        assert "Victoire : Ben" in french.text and "Manches" in french.text
        rows = list(csv.reader(io.StringIO(client.get(f"/t/t1/scores.csv?k={token}").text)))
        assert rows[0][:4] == ["table", "game_id", "game", "round"] and len(rows) == 1 + 3 * 3
        assert rows[-1][-1] == "35"  # Cy's total after round 3
        picture = client.get(f"/t/t1/summary.png?k={token}")  # issue 15: a PNG to share
        assert picture.headers["content-type"] == "image/png"
        with Image.open(io.BytesIO(picture.content)) as shown:
            assert shown.format == "PNG" and shown.width == 720 and shown.height > 400
        assert "summary.png?k=" in french.text
        for plot in ("totals", "spicy"):
            svg = client.get(f"/t/t1/{plot}.svg?k={token}")
            assert (
                svg.status_code == 200
                and "<script" not in svg.text
                and "http" not in (svg.text.split("xmlns", 1)[0])
            )
        assert client.get(f"/t/t1/symbols.svg?k={token}").status_code == 404  # not Trump
        assert client.get("/t/t1/record.json?k=wrong").status_code == 403


def test_cards_are_named_as_printed_never_by_serial() -> None:
    """Issue 15 / DESIGN.md: a page says "Red 13", never ``R13#2``."""
    assert card("R13#2", "fibonachos") == {"face": "R13", "kind": "red", "number": 13}
    assert card("S3#1", "fibonachos")["kind"] == "spicy"
    assert card("P10", "trump")["kind"] == "purple"
    assert card("8#2", "rummy8")["kind"] == "top" and card("8#5", "rummy8")["kind"] == "standard"
    assert card("X#1", "rummy21") == {"face": "X", "kind": "bonus", "number": None}
    assert card("M4#3", "hex")["kind"] == "move"
    assert card("Q9", "fibonachos")["kind"] is None
