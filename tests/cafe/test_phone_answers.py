"""Names typed on the players' page at a cafe get the table's own answer (issue 22),
and the server sends a table one ``names`` command per offer its OLED can show.

The table here is the daemon's loop answering in-process (tests/cafe/cafe_answers.py:
its CommandChecker and Remote; the server takes its state at once), so what the page
is told is exactly what the table said, and when the table's state reaches the server
is the test's choice. With a real broker: tests/cafe/test_phone_setup_cafe.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from cafe_answers import answering, remote_of
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE
from daemon_harness import ManualClock, make_daemon

from companion.bus.contract import Topics
from companion.cafe import live as cafe_live
from companion.cafe.ingest import Incoming
from companion.cafe.live import PACE, CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.daemon.runtime import Daemon
from companion.ui.phone import NamesOffer
from companion.web.app import create_app

JSON = {"Accept": "application/json"}


class Cafe:
    """A table (no game in play yet, its set-up page open) and the server with its
    pages; the server holds the table's state as it was when :meth:`tell` was called."""

    def __init__(self, folder: Path, pace: float) -> None:
        self.clock = ManualClock()
        path = folder / "journal.db"
        board = Board("t1", str(path))
        self.daemon: Daemon = make_daemon(
            path, [], clock=self.clock, parts=lambda table: [Phone(table, board)]
        )
        self.daemon.start()
        self.daemon.step()
        settings = settings_for(1, folder / "cafe.db")
        self.server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
        self.published = answering(self.server, self.daemon)
        self.app = create_app(self.server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
        self.app.state.live = CafeLive(self.server, pace=pace)
        self.tell()
        self.token = board.current()[1]

    def tell(self) -> None:
        """The table's state now, to the server."""
        state = remote_of(self.daemon).state(self.clock())
        self.server.take([Incoming("t1", "state", state.payload(Topics(CAFE, "t1")))])

    def client(self) -> httpx2.AsyncClient:
        transport = httpx2.ASGITransport(app=self.app)
        return httpx2.AsyncClient(transport=transport, base_url="http://cafe")

    async def post(self, client: httpx2.AsyncClient, *names: str) -> dict[str, Any]:
        form = {"k": self.token, **{f"name{i}": n for i, n in enumerate(names)}}
        answer = await client.post("/t/t1/names", data=form, headers=JSON)
        body: dict[str, Any] = answer.json()
        assert answer.status_code == (200 if body["ok"] else 409)
        return body


@pytest.fixture
def cafe(tmp_path: Path) -> Iterator[Cafe]:
    made = Cafe(tmp_path, pace=PACE)  # the server's own pace
    yield made
    made.server.store.close()


def test_names_for_a_game_that_has_other_seats_now_are_refused_as_the_table_says(
    cafe: Cafe,
) -> None:
    """Issue 22: the server's state of the table lags it (a state at most once a
    second): the page still asks set-up names, two, while the table has started a
    game of three. The table refuses them, and the phone is told so, not ``ok``."""
    cafe.daemon.start_game("fibonachos", 3, [], {})  # its state not sent yet

    async def run() -> dict[str, Any]:
        async with cafe.client() as client:
            return await cafe.post(client, "Zoé", "Yann")

    body = asyncio.run(run())
    assert (body["ok"], body["answer"]) == (False, "seats")
    assert body["said"] == "The table has another number of players now: reload this page"
    assert [b["args"]["names"] for b in cafe.published] == [["Zoé", "Yann"]]
    assert not isinstance(cafe.daemon.app.page, NamesOffer)


def test_names_posted_ten_times_at_once_make_one_command_per_offer(cafe: Cafe) -> None:
    """Issue 22: each post was its own command (a phone posting ten times a second
    sent the table ten signed commands a second, each a nonce written to its journal).
    Now one command at a time per table, at most one per pace (the OLED's pace of
    offers), carrying the latest names: the first post goes at once, the next nine
    wait, eight of them replaced by the last, which goes alone; each phone is told
    what became of its names."""

    async def run() -> list[dict[str, Any]]:
        async with cafe.client() as client:
            posts = [cafe.post(client, f"Ana{n}", "Ben") for n in range(10)]
            return await asyncio.gather(*posts)

    answers = [body["answer"] for body in asyncio.run(run())]
    assert answers == ["offered"] + ["replaced"] * 8 + ["offered"], answers
    assert [b["args"]["names"] for b in cafe.published] == [["Ana0", "Ben"], ["Ana9", "Ben"]]
    page = cafe.daemon.app.page  # the first offer, shown; the latest waits for its turn
    assert isinstance(page, NamesOffer) and page.names == ("Ana0", "Ben")
    cafe.clock.advance(2.5)  # the OLED's next offer: the latest names
    cafe.daemon.step()
    page = cafe.daemon.app.page
    assert isinstance(page, NamesOffer) and page.names == ("Ana9", "Ben")


def test_a_table_that_does_not_answer_leaves_the_phone_told_so(
    cafe: Cafe, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: a table off the network (or from before answers) never answers: the
    phone is told the table did not answer, in its words, not ``ok``."""
    monkeypatch.setattr(cafe_live, "ANSWER_SECONDS", 0.2)
    sent: list[dict[str, object]] = []
    cafe.server.link.publish_command = lambda table, body: sent.append(dict(body))  # type: ignore[method-assign]

    async def run() -> dict[str, Any]:
        async with cafe.client() as client:
            return await cafe.post(client, "Zoé", "Yann")

    body = asyncio.run(run())
    assert (body["ok"], body["answer"], len(sent)) == (False, "silent", 1)
    assert body["said"].startswith("The table did not answer")
