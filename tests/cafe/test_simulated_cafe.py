"""A simulated cafe (issue 14): tables playing whole games on one real Mosquitto with
the real ``companion cafe``, through a broker killed and restarted mid-game, the server
killed and restarted, and one table's network cut for a while (the game goes on there
meanwhile). Afterwards the server holds every game and event of every table exactly
once, equal to that table's journal (docs/cafe.md "The bus contract").

Each table is the daemon's own loop over a replayed game (tests/cafe/cafe_tables.py);
the faults come at fixed points of the games (turns of the loops), and the end is
waited for as a condition, never a sleep.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from broker_harness import Broker
from cafe_fixtures import KEY
from cafe_sim import CAFE, wait_until
from cafe_tables import CafeProcess, Cut, Table, bus_settings, held_rows, journal_rows

from companion.bus.client import RETRY_MAX


class Cafe:
    """The broker, the server's process, the tables, and the proxy of the last table."""

    def __init__(self, folder: Path, tables: int, games: int) -> None:
        names = tuple(f"t{n + 1}" for n in range(tables))
        (folder / "broker").mkdir()
        self.broker = Broker(folder / "broker")
        self.broker.configure(CAFE, names)  # passwords and the contract's ACL
        self.broker.start()
        self.server = CafeProcess(folder, self.broker, CAFE, KEY)
        self.server.start()
        self.cut = Cut(self.broker.port)
        self.tables: list[Table] = []
        for name in names:
            port = self.cut.port if name == names[-1] else None
            settings = bus_settings(self.broker, CAFE, name, port)
            self.tables.append(Table(name, folder, settings, games))

    def play(self, faults: dict[int, str]) -> None:
        """Every table a turn at a time until all games are over; fault ``what`` after
        turn ``n`` of each table (``broker``, ``server``, ``cut``, ``mend``)."""
        turn = 0
        while not all(table.done for table in self.tables):
            for table in self.tables:
                table.turn()
            turn += 1
            what = faults.get(turn)
            if what == "broker":
                self.broker.restart()  # SIGKILL, then started again on its port
            elif what == "server":
                self.server.kill()
                self.server.start()
            elif what == "cut":
                self.cut.cut()
            elif what == "mend":
                self.cut.mend()
        for table in self.tables:
            table.daemon.session.journal.close()  # written: the journals are final

    def settled(self) -> bool:
        return all(
            held_rows(self.server.database, t.name) == journal_rows(t.path) for t in self.tables
        )

    def close(self) -> None:
        for table in self.tables:
            table.bus.close()
        self.server.stop()
        self.cut.close()
        self.broker.kill()


def cafe_of(folder: Path, tables: int, games: int) -> Iterator[Cafe]:
    cafe = Cafe(folder, tables, games)
    try:
        yield cafe
    finally:
        cafe.close()


def _check(cafe: Cafe, timeout: float) -> None:
    wait_until(cafe.settled, timeout=timeout, what="the server to hold every journal")
    for table in cafe.tables:
        games, events = held_rows(cafe.server.database, table.name)
        assert len(games) == 0 or games[-1][6] is not None, "every game ended"
        assert len({e[0] for e in events}) == len(events), "each event once"


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Cafe]:
    yield from cafe_of(tmp_path, tables=3, games=1)


def test_three_tables_through_a_broker_crash_a_server_crash_and_a_cut(small: Cafe) -> None:
    """The fast version: one game on each of 3 tables; the broker killed a quarter in,
    the server killed at half, t3's network cut from 60% to 80% of the game."""
    steps = len(small.tables[0].steps)
    faults = {
        steps // 4: "broker",
        steps // 2: "server",
        steps * 6 // 10: "cut",
        steps * 8 // 10: "mend",
    }
    small.play(faults)
    _check(small, timeout=2 * RETRY_MAX + 30)


@pytest.fixture
def twenty(tmp_path: Path) -> Iterator[Cafe]:
    yield from cafe_of(tmp_path, tables=20, games=2)


@pytest.mark.slow
def test_twenty_tables_two_games_each_through_every_fault(twenty: Cafe) -> None:
    """Issue 14's simulated cafe: 20 tables, two games each; the broker killed in the
    first game, the server killed in the second, t20's network cut across the end of
    the first game and the start of the second."""
    steps = len(twenty.tables[0].steps)
    faults = {
        steps // 3: "broker",
        steps * 3 // 4: "cut",
        steps * 5 // 4: "mend",
        steps * 3 // 2: "server",
    }
    twenty.play(faults)
    _check(twenty, timeout=2 * RETRY_MAX + 120)
