"""Times no date has (issue 22: "times far in the future or past"): a game started at
1e300 passed the contract's check (a finite number), was stored, and every page
listing it answered 500 (``OverflowError`` making its date), for every visitor."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from cafe_fixtures import dashboard
from cafe_sim import SimTable

from companion.bus.contract import Update
from companion.cafe.batch import Incoming
from companion.cafe.outcome import seats_of
from companion.cafe.server import CafeServer

PAGES = ("/", "/games", "/games.json", "/games.csv", "/tables/t1", "/players/Ana")


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


@pytest.fixture
def paris() -> Iterator[ZoneInfo]:
    """The process's local time is Paris's (the server reads a day's dates in it)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Paris"
    time.tzset()
    yield ZoneInfo("Europe/Paris")
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_the_historys_last_day_ends_at_midnight_when_the_clocks_change(
    server: CafeServer, journal: Path, paris: ZoneInfo
) -> None:
    """Issue 14 "the history, filtered by date": "To" a day keeps the games started
    that day up to its midnight, on the day the clocks go back too (25 hours: before,
    the day ended 24 hours after it started, at 23:00, and a game started at 23:30 was
    left out) and on the day they go forward (23 hours: the next day's first hour was
    in); the last day a date input offers still answers."""
    table = SimTable("t3", 1, journal)
    game = Update.parse("corner", "t3", table.game_message(table.games[0])).game
    late = [datetime(2026, 10, 25, 23, 30), datetime(2026, 3, 30, 0, 30)]
    autumn, spring = (moment.replace(tzinfo=paris).timestamp() for moment in late)
    server.store.begin()
    for number, at in enumerate((autumn, spring), start=1):
        server.store.put_game(replace(game, id=number, started=at), seats_of(game))
    server.store.commit()
    client = dashboard(server)

    def started(query: str) -> list[float]:
        found = client.get(f"/games.json?table=t3&{query}").json()["games"]
        return sorted(line["started"] for line in found)

    assert started("since=2026-10-25&until=2026-10-25") == [autumn]
    assert started("since=2026-03-29&until=2026-03-29") == []
    assert started("since=2026-03-30&until=2026-03-30") == [spring]
    assert started("until=9999-12-31") == [spring, autumn]  # the last day has no next
