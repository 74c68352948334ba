"""The server's work for a change is the changed table's, not the whole cafe's (issue 22,
item 8: 1,000 tables on one server; bench/cafe.py measures it)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from cafe_fixtures import STATE
from cafe_sim import CAFE, SimTable
from starlette.requests import Request

from companion.bus.contract import GameRow, TableState, Topics
from companion.cafe.ingest import Incoming, Ingest
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.cafe.store import SeatRow
from companion.web import stream


def _state(table: str, totals: list[int]) -> Incoming:
    state = {**STATE, "game": {**STATE["game"], "totals": totals}}
    return Incoming(table, "state", TableState.of(table, state, table).payload(Topics(CAFE, table)))


def test_only_the_changed_tables_card_is_made_again(filled: CafeServer) -> None:
    """A state of t1 gives t1 a new card (its new totals, a newer version); t2's card,
    unchanged, is the one already made (issue 22: the live feed asks for every card at
    each change)."""
    before = {card.name: card for card in filled.tables()}
    filled.take([_state("t1", [40, 2, 3])])
    after = {card.name: card for card in filled.tables()}
    assert after["t1"].totals == (40, 2, 3)
    assert after["t1"].version > before["t1"].version
    assert after["t2"] is before["t2"]


class _Source:
    """A source at version ``now`` (the test moves it on)."""

    now = 3

    def version(self) -> int:
        return self.now

    async def wait(self, after: int, timeout: float) -> int:
        return self.now


def _request() -> Request:
    scope: dict[str, Any] = {"type": "http", "method": "GET", "headers": [], "query_string": b""}
    return Request(scope)


def test_what_changed_goes_in_one_write_then_the_feed_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cards changed since the browser's version go in one write, not one each, and
    the dashboard's feed then waits its pace before it looks again (issue 22: a cafe of
    1,000 tables changes hundreds of times a second)."""
    paced: list[float] = []
    source = _Source()

    async def sleep(delay: float) -> None:
        paced.append(delay)
        source.now = 5  # two more changes while the feed waits

    monkeypatch.setattr(asyncio, "sleep", sleep)  # the feed's pace

    def news(seen: int, version: int) -> tuple[list[str], bool]:
        return [f"id: {version}\ndata: {n}\n\n" for n in range(3)], bool(paced)

    response = stream.event_stream(_request(), source, news, pace=stream.DASHBOARD_PACE)

    async def chunks() -> list[str]:
        return [chunk async for chunk in response.body_iterator]  # type: ignore[misc]

    got = asyncio.run(chunks())
    said = ["".join(f"id: {v}\ndata: {n}\n\n" for n in range(3)) for v in (3, 5)]
    assert got == ["retry: 2000\n\n", *said]
    assert paced == [stream.DASHBOARD_PACE]


class _Counting(SqliteStore):
    """The store, counting the writes of game rows and links (each a round trip to
    PostgreSQL)."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.writes: Counter[str] = Counter()

    def put_game(self, row: GameRow, seats: Sequence[SeatRow]) -> bool:
        self.writes["game"] += 1
        return super().put_game(row, seats)

    def put_link(self, table: str, game_id: int, digest: str) -> None:
        self.writes["link"] += 1
        super().put_link(table, game_id, digest)


def test_a_game_row_and_a_link_held_are_not_written_again(journal: Path) -> None:
    """A table's game row comes with every event, its link with every state: the row is
    written when it is new and when it ends, the link once per game; and the game is
    still held, ended, with every event (issue 22: a write is a round trip to the
    central server's PostgreSQL)."""
    store = _Counting()
    ingest = Ingest(store, CAFE, clock=lambda: 0.0)
    table = SimTable("t1", 1, journal)
    link = {"link": "ab" * 32}
    for payload in table.payloads():
        ingest.apply([Incoming("t1", "events", payload)])
        state = {**STATE, "game": {**STATE["game"], "id": 1, **link}}
        body = TableState.of("t1", state, "t1").payload(Topics(CAFE, "t1"))
        ingest.apply([Incoming("t1", "state", body)])
    games = len(table.games)
    assert store.writes == {"game": 2 * games, "link": 1}
    assert store.linked("t1", "ab" * 32) == 1
    row = store.game("t1", 1)
    assert row is not None and row.ended is not None
    assert len(store.events("t1", 1)) == sum(1 for e, _ in table.events if e.id == 1)
