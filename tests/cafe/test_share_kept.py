"""Each table's share of storage is kept in the database (docs/security.md, "A table's
share of storage"; companion/cafe/share_rows.py).

Before, the bucket was held in memory only: a restarted server (systemd after a crash,
an upgrade, a power cut) gave every table a whole day's share again, so a table past
its share got another 250 MB at each restart. Every test here fails on that code.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from cafe_fixtures import KEY, incoming, settings_for
from cafe_sim import CAFE, SimTable, play_journal

from companion.bus.contract import Ack, peek_numbers
from companion.cafe.ingest import Incoming, Ingest
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSettings
from companion.cafe.share import DAY, KEEP_EVERY, MB, Share, Shares
from companion.cafe.share_rows import ShareRow
from companion.cafe.sqlite import SqliteStore
from companion.cafe.store import SCHEMA, is_url, open_store
from companion.cafe.writer import Writer


class Clock:
    def __init__(self, now: float = 1_700_100_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table's journal of 20 games: 1.25 MB of ``events``, more than a 1 MB share."""
    return play_journal(tmp_path_factory.mktemp("big") / "t1.db", games=20)


def _from(messages: list[Incoming], ack: Ack) -> list[Incoming]:
    """What a table sends again from ``ack`` (its outbox: game rows from the ack's game
    on, events after its seq)."""
    rest = []
    for item in messages:
        numbers = peek_numbers(item.payload)
        assert numbers is not None
        _, game, seq, _ = numbers
        if (seq is None and game >= ack.games) or (seq is not None and seq > ack.seq):
            rest.append(item)
    return rest


def _settings(database: str, mb_per_day: int) -> CafeSettings:
    settings = settings_for(1, database)
    return replace(settings, database=replace(settings.database, table_mb_per_day=mb_per_day))


def test_a_server_restarted_over_its_database_keeps_a_held_table_held(
    database: str, big: Path
) -> None:
    """A table past its 1 MB share is held; the server restarts a minute later (SQLite
    and PostgreSQL): the table is still held, its card says so, and what it sends again
    is not stored. Restarted a day later, its share has filled again: its games are
    stored. Before, the restart gave it a whole day's share at once."""
    settings = _settings(database, 1)
    table = SimTable("t1", 1, big)
    messages = [item for item in incoming(table) if item.leaf == "events"]
    last = table.events[-1][1].seq
    clock = Clock()

    def run() -> CafeServer:
        return CafeServer(settings, open_store(settings.database_target()), key=KEY, clock=clock)

    first = run()
    try:
        first.take(messages)
        held_at = first.ingest.ack_of("t1")
        assert "t1" in first.shares.held() and 0 < held_at.seq < last
        since = first.shares.held()["t1"].since
    finally:
        first.store.close()  # a crash: nothing more written than what each batch kept

    clock.now += 60.0
    second = run()
    try:
        assert second.shares.held()["t1"].reason == "share"
        assert second.shares.held()["t1"].since == since
        assert [card.held for card in second.tables()] == ["share"]
        second.take(_from(messages, held_at))  # the table sends them again
        assert second.ingest.ack_of("t1") == held_at
        assert "t1" in second.shares.held()
    finally:
        second.store.close()

    clock.now += DAY
    third = run()
    try:
        third.take(_from(messages, held_at))
        assert third.ingest.ack_of("t1").seq == last
        assert "t1" not in third.shares.held()
    finally:
        third.store.close()


def test_the_shares_are_kept_every_few_seconds_and_when_a_table_is_held() -> None:
    """Not one write per message (the writer's batches stay as they were): a share
    that changed is kept at most every few seconds, and at once when its table is held
    or stored again; a batch rolled back keeps it at the next."""
    clock = Clock()
    shares = Shares(Share(1000, 0), clock=clock, monotonic=clock)
    assert not shares.holds("t1", "events", 100)
    assert shares.due() == []  # within the few seconds: nothing written
    clock.now += KEEP_EVERY
    refilled = 900.0 + KEEP_EVERY * 1000 / DAY
    assert shares.due() == [ShareRow("t1", refilled, clock.now, None)]
    shares.settled()
    assert shares.due() == []  # nothing changed since
    assert shares.holds("t1", "events", 1000)  # held: kept at once
    assert shares.due() == [ShareRow("t1", refilled, clock.now, clock.now)]
    shares.refund()  # that batch rolled back: kept by the next
    assert shares.due() == [ShareRow("t1", refilled, clock.now, clock.now)]
    shares.settled()
    shares.store_again("t1")
    assert shares.due() == [ShareRow("t1", 1000.0, clock.now, None)]


def test_a_share_read_back_is_refilled_for_the_time_since() -> None:
    """Read back at start, a bucket gains a day's share a day for the time the server was
    away (none for a clock set back, never more than a day's share); a table held for its
    share stays held, with its time; with no share now (0), nothing is held."""
    clock = Clock()
    kept = [
        ShareRow("t1", 100.0, clock.now - DAY / 10, clock.now - 500.0),
        ShareRow("t2", 100.0, clock.now + 3600.0, None),  # the clock went back since
        ShareRow("t3", 900.0, clock.now - 2 * DAY, None),
    ]
    shares = Shares(Share(1000, 0), clock=clock, monotonic=clock, kept=kept)
    assert {t: (h.reason, h.since) for t, h in shares.held().items()} == {
        "t1": ("share", clock.now - 500.0)
    }
    # 200 bytes left: held, it waits for the message and a hundredth of a day's share.
    assert shares.holds("t1", "events", 191)
    assert not shares.holds("t1", "events", 190)
    assert shares.holds("t2", "events", 101) and not shares.holds("t3", "events", 1000)
    assert Shares(Share(0, 0), clock=clock, kept=kept).held() == {}


def test_a_clean_stop_keeps_the_last_seconds(journal: Path, tmp_path: Path) -> None:
    """The writer, stopped, keeps every share that changed since the last write (they
    are written every few seconds otherwise): a restart after a clean stop loses none."""
    clock = Clock()  # frozen: the few seconds never pass
    store = SqliteStore(tmp_path / "cafe.db")
    shares = Shares(Share(10 * MB, 0), clock=clock, monotonic=clock)
    writer = Writer(Ingest(store, CAFE, clock=clock, shares=shares), lambda *_: None)
    messages = [item for item in incoming(SimTable("t1", 1, journal)) if item.leaf == "events"]
    writer.start()
    try:
        for item in messages:
            writer.put(item)
        writer.flush()
        assert store.shares() == []  # stored, acked, and no write of the share yet
    finally:
        writer.stop()
    size = sum(len(item.payload) for item in messages)
    assert store.shares() == [ShareRow("t1", 10.0 * MB - size, clock.now, None)]
    store.close()


def _old_database(database: str) -> None:
    """A database as the version before made it: the same tables but ``shares``, one
    table's row in it."""
    row = "INSERT INTO tables (name, status, seen) VALUES ('t1', 'online', 5.0)"
    if is_url(database):
        import psycopg

        from companion.cafe.postgres import PG_SCHEMA

        with psycopg.connect(database, autocommit=True) as db:
            for statement in PG_SCHEMA[: len(SCHEMA)]:
                db.execute(statement)
            db.execute(row)
        return
    with sqlite3.connect(database) as file:
        for statement in SCHEMA:
            file.execute(statement)
        file.execute(row)
    file.close()


def test_a_database_of_the_version_before_opens_and_gains_the_shares(database: str) -> None:
    """A database made before the shares were kept (SQLite and PostgreSQL) opens as it
    was, its tables read, and gains the ``shares`` table: empty (every table a whole
    day's share, as each start gave before), then written and read back."""
    _old_database(database)
    store = open_store(database)
    try:
        assert [row.name for row in store.tables()] == ["t1"]
        assert store.shares() == []
        store.begin()
        store.put_shares([ShareRow("t1", 5.5, 100.0, 90.0), ShareRow("t2", 7.0, 100.0)])
        store.put_shares([ShareRow("t2", 6.0, 101.0)])
        store.commit()
    finally:
        store.close()
    again = open_store(database)
    try:
        assert again.shares() == [ShareRow("t1", 5.5, 100.0, 90.0), ShareRow("t2", 6.0, 101.0)]
    finally:
        again.close()
