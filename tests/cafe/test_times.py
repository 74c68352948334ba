"""Times no date has (issue 22: "times far in the future or past"): a game started at
1e300 passed the contract's check (a finite number), was stored, and every page
listing it answered 500 (``OverflowError`` making its date), for every visitor."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from cafe_fixtures import dashboard, fill
from cafe_sim import SimTable

from companion.bus.contract import Update
from companion.cafe.batch import Incoming
from companion.cafe.outcome import seats_of
from companion.cafe.server import CafeServer

PAGES = ("/", "/games", "/games.json", "/games.csv", "/tables/t1", "/players/Ana")


@pytest.fixture
def server(tmp_path: Path, journal: Path) -> Iterator[CafeServer]:
    made = fill(str(tmp_path / "cafe.db"), journal)
    yield made
    made.store.close()


@pytest.mark.parametrize("started", [1e300, -1e300, 4e12, -1.0])
def test_a_game_at_a_time_no_date_has_is_set_aside(
    server: CafeServer, journal: Path, started: float
) -> None:
    """Issue 22: times are from 1970 to the year 9999; a message outside is set aside
    and every page answers."""
    body = json.loads(SimTable("t3", 1, journal).game_message(SimTable("t3", 1, journal).games[0]))
    body["game"]["started"] = started
    applied = server.take([Incoming("t3", "events", json.dumps(body).encode())])
    assert (applied.stored, applied.quarantined) == (0, 1)
    client = dashboard(server)
    assert all(client.get(page).status_code == 200 for page in PAGES)


def test_a_stored_time_no_date_has_does_not_break_a_page(server: CafeServer, journal: Path) -> None:
    """Issue 22: a database from before the bound may hold such a time: the pages show
    no date for it rather than answering 500."""
    table = SimTable("t3", 1, journal)
    game = Update.parse("corner", "t3", table.game_message(table.games[0])).game
    game = replace(game, started=1e300)
    server.store.begin()
    server.store.put_game(game, seats_of(game))
    server.store.commit()
    client = dashboard(server)
    assert all(client.get(page).status_code == 200 for page in PAGES)
