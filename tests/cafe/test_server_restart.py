"""The real ``companion cafe`` process killed (SIGKILL) and restarted mid-stream: the
final database equals what the table sent (issue 14, "the server killed and restarted").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from broker_harness import Broker
from cafe_fixtures import KEY
from cafe_sim import CAFE, SimTable
from cafe_tables import CafeProcess

from companion.journal import Journal


@pytest.fixture
def process(broker: Broker, tmp_path: Path) -> Iterator[CafeProcess]:
    running = CafeProcess(tmp_path, broker, CAFE, KEY)
    yield running
    running.stop()


def _rows(database: Path) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(database)) as db:
        return db.execute(
            "SELECT seq, game_id, kind, payload FROM events WHERE table_name = 't1' ORDER BY seq"
        ).fetchall()


def test_a_killed_server_restarted_holds_every_event_once(
    process: CafeProcess, broker: Broker, journal: Path, tmp_path: Path
) -> None:
    table = SimTable("t1", broker.port, journal)
    table.connect()
    process.start()
    third = len(table.events) // 3
    table.play(0, third)
    table.wait_ack(table.events[third - 1][1].seq, 1)
    process.kill()
    table.play(third, 2 * third)  # the broker keeps them for the server's session
    process.start()
    table.play(2 * third)
    table.play(0, third)  # and some again
    table.wait_ack(table.events[-1][1].seq, 2, timeout=60)
    process.stop()
    with Journal.read(journal) as read:
        from companion.games.json_types import canonical

        sent = [
            (e.seq, e.game_id, e.kind, canonical(dict(e.payload)))
            for entry in read.games()
            for e in read.events(entry.id)
        ]
    assert _rows(tmp_path / "cafe.db") == sent
    table.disconnect()
