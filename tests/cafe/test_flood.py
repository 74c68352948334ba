"""One table flooding the server with valid messages (issue 22, "no message can starve
other tables"): the writer's queue is fair between tables and bounded. Measured before
the fix with a real Mosquitto and a table's account publishing one valid ``events``
message in a loop at QoS 0: 700,000 messages waited in one FIFO after 70 s, the
server's memory grew by 500 MB, and another table's game was not stored within a
minute (bench command in docs/security.md)."""

from __future__ import annotations

import threading
from pathlib import Path

from cafe_sim import SimTable

from companion.cafe.batch import Applied, Incoming
from companion.cafe.ingest import Ingest
from companion.cafe.lanes import LANE_MESSAGES
from companion.cafe.sqlite import SqliteStore
from companion.cafe.writer import BATCH, Writer


def _writer(
    tmp_path: Path, *, bounded: bool = True
) -> tuple[Writer, list[list[Incoming]], list[Incoming]]:
    ingest = Ingest(SqliteStore(str(tmp_path / "cafe.db")), "corner", clock=lambda: 5.0)
    batches: list[list[Incoming]] = []
    dropped: list[Incoming] = []

    def done(applied: Applied, items: list[Incoming]) -> None:
        batches.append(items)

    if not bounded:
        return Writer(ingest, done), batches, dropped
    return Writer(ingest, done, dropped.append), batches, dropped


def test_a_quiet_table_is_stored_in_the_next_batch_whatever_a_busy_one_sent(
    tmp_path: Path, journal: Path
) -> None:
    """Issue 22: with one FIFO, a table's message waited behind every message a flooding
    table sent before it (here 5,000: ten batches). Each table now has a lane and a
    batch takes from each in turn: the quiet table's game is in the first batch."""
    writer, batches, _ = _writer(tmp_path, bounded=False)
    quiet = SimTable("t2", 1, journal)
    flood = SimTable("t1", 1, journal).event_message(0)
    for _ in range(5000):
        writer.put(Incoming("t1", "events", flood))
    writer.put(Incoming("t2", "events", quiet.game_message(quiet.games[0])))
    writer.start()
    writer.flush()
    writer.stop()
    assert len(batches[0]) == BATCH
    assert [item.table for item in batches[0]].count("t2") == 1
    assert writer.ingest.ack_of("t2").games == 1


def test_a_flooding_table_s_queue_is_bounded_and_what_it_drops_is_acknowledged(
    tmp_path: Path, journal: Path
) -> None:
    """Issue 22: the queue grew without bound (500 MB in 70 s). A table's lane holds at
    most LANE_MESSAGES; what comes past is handed to ``dropped`` (the server
    acknowledges it to the broker), and the other tables' messages still get in."""
    writer, batches, dropped = _writer(tmp_path)
    flood = SimTable("t1", 1, journal).event_message(0)
    for number in range(LANE_MESSAGES + 500):
        writer.put(Incoming("t1", "events", flood, token=number))
    writer.put(Incoming("t2", "status", b"online", token=99_999))
    assert writer.lanes.waiting() == LANE_MESSAGES + 1
    assert [item.token for item in dropped] == list(range(LANE_MESSAGES, LANE_MESSAGES + 500))
    writer.start()
    writer.flush()
    writer.stop()
    assert sum(len(batch) for batch in batches) == LANE_MESSAGES + 1


def test_the_writer_stores_what_is_queued_before_it_stops(tmp_path: Path, journal: Path) -> None:
    """The lanes keep the writer's promise at a stop: what was queued is stored (the
    broker would send it again otherwise, but a clean stop leaves nothing behind)."""
    writer, batches, _ = _writer(tmp_path, bounded=False)
    writer.start()
    table = SimTable("t1", 1, journal)
    gate = threading.Event()
    writer.done = lambda applied, items: (gate.wait(10), batches.append(items))  # type: ignore[assignment,func-returns-value]
    for payload in table.payloads()[:50]:
        writer.put(Incoming("t1", "events", payload))
    gate.set()
    writer.stop()
    assert sum(len(batch) for batch in batches) == 50
    assert not writer.alive()
