"""A table whose journal was replaced (a new SD card) starts again at game 1, and the
cafe's server numbers that journal's games after everything it held of the table
(docs/cafe.md, "The bus contract"). Issue 26: the table's ``state`` still named its
game by the new journal's number, so the server kept the game's phone link under an
older journal's game (or not at all: that game had its link already) and the link of
the new game answered "This link does not open a game" once it ended; the dashboard's
card pointed at the older game too. The state now names its journal, and the server
numbers the state's game as it numbers its events.

The tables here are the daemon's own loop (its :class:`~companion.daemon.remote.Remote`
builds the state); the server takes their messages in-process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cafe_answers import remote_of
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon, part_of
from starlette.testclient import TestClient

from companion.bus.contract import Topics
from companion.cafe.ingest import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.daemon.runtime import Daemon
from companion.web.app import create_app


class Table:
    """One journal of table t1: a daemon playing a recorded Fibonachos game."""

    def __init__(self, path: Path, names: list[str]) -> None:
        self.path = path
        self.clock = ManualClock()
        steps = fibonachos_steps(load_record("fibonachos", "full-3p.json"))
        self.board = Board("t1", str(path))
        self.daemon: Daemon = make_daemon(
            path, steps, clock=self.clock, parts=lambda table: [Phone(table, self.board)]
        )
        self.daemon.start_game("fibonachos", 3, [], {})
        self.daemon.start()
        assert self.daemon.facade.rename(names)
        self.remote = remote_of(self.daemon)

    def play(self, steps: int | None = None) -> None:
        done = 0
        while not self.daemon.ended and (steps is None or done < steps):
            self.daemon.step()
            self.clock.advance(0.2)
            done += 1
        part_of(self.daemon, Phone).turn(self.clock(), True)

    def token(self) -> str:
        return self.board.current()[1]

    def send(self, server: CafeServer) -> None:
        """Everything its journal holds, then its state now (as the table's bus sends)."""
        sim = SimTable("t1", 1, self.path)
        items = [Incoming("t1", "events", payload) for payload in sim.payloads()]
        state = self.remote.state(self.clock())
        items.append(Incoming("t1", "state", state.payload(Topics(CAFE, "t1"))))
        server.take(items)


def _server(tmp_path: Path) -> tuple[CafeServer, Any]:
    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    return server, app


def test_a_replaced_journals_games_keep_their_numbers_and_phone_links(tmp_path: Path) -> None:
    """Issue 26: after a new journal, its game is the server's game 2 on the dashboard,
    its phone link opens it in play and once ended (not the old journal's game 1), and
    its record is its own."""
    server, app = _server(tmp_path)
    old = Table(tmp_path / "old.db", ["Ana", "Ben", "Cy"])
    old.play(30)
    old.send(server)
    old_token = old.token()
    old.play()
    old.send(server)

    new = Table(tmp_path / "new.db", ["Dan", "Eve", "Flo"])
    new.play(30)
    new.send(server)
    token = new.token()
    assert token and token != old_token
    (card,) = server.tables()
    assert card.game_id == 2 and card.players == ("Dan", "Eve", "Flo")
    with TestClient(app) as client:
        live = client.get(f"/t/t1.json?k={token}")
        assert live.status_code == 200 and live.json()["live"] is True
        assert live.json()["view"]["id"] == 2  # the score table's and the files' number
        assert (
            "t1-game-2.csv"
            in client.get(f"/t/t1/scores.csv?k={token}").headers["content-disposition"]
        )
        assert client.get(f"/t/t1/record.json?k={token}").json()["players"] == ["Dan", "Eve", "Flo"]

        new.play()  # to its end: the state has no game any more
        new.send(server)
        ended = client.get(f"/t/t1?k={token}")
        assert ended.status_code == 200 and 'id="result"' in ended.text, ended.text[-500:]
        assert "Eve won" in ended.text and "Ben" not in ended.text
        assert client.get(f"/t/t1/record.json?k={token}").json()["players"] == ["Dan", "Eve", "Flo"]
        first = client.get(f"/t/t1?k={old_token}")  # the old journal's game: its own link
        assert first.status_code == 200 and "Ben won" in first.text
    assert [(g.id, g.players) for g in server.store.games(_all())] == [
        (2, ("Dan", "Eve", "Flo")),
        (1, ("Ana", "Ben", "Cy")),
    ]
    server.store.close()


def _all() -> Any:
    from companion.web.model import HistoryFilter

    return HistoryFilter(table="t1", limit=10)
