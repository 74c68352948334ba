"""The players' page before a game, at a cafe (issue 15; docs/cafe.md "The bus contract",
``state``'s ``setup``; docs/phone.md "At a cafe").

At home the attract screen's code opens a page that waits for the game and takes
names. At a cafe the server learned a link only from a game in play, so the OLED
showed no code before a game. Now the table's retained ``state``, with no game in
play, carries ``setup``: the waiting view and the set-up link's digest. Here a real
table loop (its bus, its phone hook) on a real Mosquitto, the real ``companion cafe``
server and its players' page: the set-up link opens the waiting page, names typed
there reach the table as the signed ``names`` command with ``"phone": true``, the
OLED asks for one press, and the game started next keeps the link, so the page
follows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, Servers
from cafe_sim import CAFE, wait_until
from daemon_harness import ManualClock, make_daemon, part_of, turning
from starlette.testclient import TestClient

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.cafe.live import CafeLive
from companion.daemon.board import Board
from companion.daemon.parts import Part, TableFacade
from companion.daemon.phone import Phone
from companion.daemon.remote import Remote
from companion.daemon.runtime import Daemon
from companion.ui.phone import NamesOffer
from companion.views.live import link_digest
from companion.web.app import create_app
from hardware.buttons import Button, ButtonEvent, PressKind


@pytest.fixture
def table(servers: Servers, tmp_path: Path) -> Iterator[tuple[Daemon, ManualClock]]:
    """A table of the cafe with no game in play: its loop, bus and phone hook, its
    ``[phone] url`` the cafe server's address."""
    clock = ManualClock()
    path = tmp_path / "journal.db"
    port = servers.settings.broker.port
    bus = TableBus(BusSettings("127.0.0.1", port, Topics(CAFE, "t1"), "table-t1"), path, key=KEY)

    def parts(table: TableFacade) -> list[Part]:
        phone = Phone(table, Board("t1", str(path)))
        phone.base = "http://cafe-server.local:8080"
        return [phone, Remote(table, bus, phone)]

    daemon = make_daemon(path, [], clock=clock, parts=parts)
    daemon.start()
    part_of(daemon, Remote).start()  # as run() does: the bus's thread, the log handler
    assert bus.online.wait(10)
    yield daemon, clock
    bus.close()


def _turn(daemon: Daemon, clock: ManualClock) -> None:
    clock.advance(0.1)
    daemon.step()


def _until(daemon: Daemon, clock: ManualClock, check: Callable[[], bool], what: str) -> None:
    """Turn the table's loop (each turn a second later) until ``check`` holds."""

    def turned() -> bool:
        clock.advance(1.1)
        daemon.step()
        return check()

    wait_until(turned, what=what)


def test_the_set_up_link_opens_the_waiting_page_and_its_names_come_from_the_server(
    servers: Servers, table: tuple[Daemon, ManualClock]
) -> None:
    daemon, clock = table
    server = servers.start()
    daemon.step()
    _, token, _ = part_of(daemon, Phone).board.current()
    assert token and daemon.app.link == f"http://cafe-server.local:8080/t/t1?k={token}"

    def setup_held() -> bool:
        row = server.ingest.tables.get("t1")
        setup = row.state.setup if row is not None and row.state is not None else None
        return setup is not None and setup.link == link_digest(token)

    _until(daemon, clock, setup_held, "the state's setup on the server")
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    with TestClient(app) as client:
        page = client.get(f"/t/t1?k={token}")
        assert page.status_code == 200 and 'id="waiting"' in page.text
        assert client.get("/t/t1?k=not-the-token").status_code == 403
        typed = {"k": token, "name0": "Zoé", "name1": "", "name2": "Yann"}
        with turning(lambda: _turn(daemon, clock)):  # the table answers meanwhile
            sent = client.post("/t/t1/names", data=typed, headers={"Accept": "application/json"})
        assert (sent.json()["ok"], sent.json()["answer"]) == (True, "offered")

        # The signed command with "phone": the OLED offers the names, one press takes them.
        _until(daemon, clock, lambda: isinstance(daemon.app.page, NamesOffer), "the offer")
        wizard = daemon.app.wizard
        assert not wizard.preset_names  # not before the press
        daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
        assert list(wizard.preset_names) == ["Zoé", "Yann"]

        # The game started next keeps the link: the same page now shows the game.
        daemon.start_game("fibonachos", 3, [], {})
        daemon.step()
        game, kept, _ = part_of(daemon, Phone).board.current()
        assert game is not None and kept == token

        def in_play() -> bool:
            view = client.get(f"/t/t1.json?k={token}").json()["view"]
            return view.get("id") == game and not view.get("waiting")

        _until(daemon, clock, in_play, "the game on the set-up link's page")
        assert server.ingest.tables["t1"].state is not None
        assert server.ingest.tables["t1"].state.setup is None


def test_names_the_game_cannot_take_are_refused_to_the_phone_in_its_words(
    servers: Servers, table: tuple[Daemon, ManualClock]
) -> None:
    """Issue 22: the table refused names for its game's state (here a hex game, whose
    seats have names of their own, started after the phone opened the set-up page)
    while the phone was told ``{"ok": true}``. Now the table answers in its state, and
    the phone gets that answer in its own language, English or French; the OLED shows
    no offer."""
    daemon, clock = table
    server = servers.start()
    daemon.step()
    _, token, _ = part_of(daemon, Phone).board.current()
    daemon.start_game("hex", 2, [], {})

    def hex_held() -> bool:
        row = server.ingest.tables.get("t1")
        game = row.state.game if row is not None and row.state is not None else None
        return game is not None and game.game == "hex"

    _until(daemon, clock, hex_held, "the hex game's state on the server")
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server, pace=0.0)
    typed = {"k": token, "name0": "Zoé", "name1": "Yann"}  # the set-up page's form
    said = {
        "en": "This game's seats have names of their own: the table keeps them",
        "fr": "Les places de ce jeu ont leurs propres noms : la table les garde",
    }
    with TestClient(app) as client:
        for lang, words in said.items():
            headers = {"Accept": "application/json", "Accept-Language": lang}
            with turning(lambda: _turn(daemon, clock)):
                answer = client.post("/t/t1/names", data=typed, headers=headers)
            assert answer.status_code == 409, answer.text
            assert answer.json() == {"ok": False, "answer": "fixed", "said": words}
        # Without script: back to the page, which says it.
        with turning(lambda: _turn(daemon, clock)):
            back = client.post("/t/t1/names", data=typed, follow_redirects=False)
        assert back.status_code == 303 and back.headers["location"].endswith("&said=fixed")
        page = client.get(back.headers["location"], headers={"Accept-Language": "en"})
        assert said["en"].replace("'", "&#39;") in page.text
    assert not isinstance(daemon.app.page, NamesOffer)


def test_a_game_chosen_on_the_oled_shows_on_the_cafes_page_before_it(
    servers: Servers, table: tuple[Daemon, ManualClock]
) -> None:
    """Issue 15, issue 22: once a game is chosen on the OLED, the page before it lists
    its seats, "" for each not named yet. The server refused every such state (a name
    of 0 characters) and set it aside, so while the table was being set up the cafe's
    page and the dashboard's card stood still. Now the state is kept, nothing is set
    aside, and the cafe's page shows the game being set up with its empty seats."""
    daemon, clock = table
    server = servers.start()
    daemon.step()
    _, token, _ = part_of(daemon, Phone).board.current()
    daemon.app.page = daemon.app.wizard.games_page()
    daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    chosen = daemon.app.wizard.current
    assert chosen is not None and "" in chosen.names  # the players step: none named

    def chosen_held() -> bool:
        row = server.ingest.tables.get("t1")
        setup = row.state.setup if row is not None and row.state is not None else None
        return setup is not None and setup.live.game == chosen.spec.name

    _until(daemon, clock, chosen_held, "the chosen game's page before it on the server")
    assert server.quarantined() == []
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    with TestClient(app) as client:
        view = client.get(f"/t/t1.json?k={token}").json()["view"]
    assert view["waiting"] and view["game"] == chosen.spec.name
    assert view["players"] == list(chosen.names)
