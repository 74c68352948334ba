"""Each table's share of the cafe's storage, and the disk's reserve (docs/security.md,
"A table's share of storage"; companion/cafe/share.py).

Before, a table keeping to the protocol (each message waiting for its ack) was never
said to flood, and every game it sent was stored: one table's account could fill the
server's disk, and distinct malformed messages were each kept in the quarantine. On
a full disk SQLite refuses every write, so every table's games stopped at once.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from broker_harness import Broker
from cafe_fixtures import KEY, PASSWORD, STATE, dashboard, incoming, settings_for
from cafe_sim import CAFE, SimTable, dumps, play_journal, wait_until

from companion.bus.client import TableBus
from companion.cafe.errors import SettingsError
from companion.cafe.ingest import Incoming, Ingest
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSettings, parse_settings
from companion.cafe.share import MB, Share, Shares, disk_free
from companion.cafe.sqlite import SqliteStore
from companion.cafe.store import open_store
from companion.web.model import HistoryFilter

DAY = 86400.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _shares(
    per_day: int, free: int | None = None, keep_free: int = 0
) -> tuple[Shares, Clock, list[str]]:
    clock, changed = Clock(), list[str]()
    shares = Shares(
        Share(per_day, keep_free),
        free=lambda: free,
        changed=changed.append,
        clock=clock,
        monotonic=clock,
    )
    return shares, clock, changed


def _disk_shares(free: list[int]) -> tuple[Shares, Clock, list[str]]:
    """Shares of 1000 MB a day, 256 MB kept free of a disk with ``free[0]`` bytes free."""
    clock, changed = Clock(), list[str]()
    shares = Shares(
        Share(1000 * MB, 256 * MB),
        free=lambda: free[0],
        changed=changed.append,
        clock=clock,
        monotonic=clock,
    )
    return shares, clock, changed


def test_a_table_over_its_share_is_held_and_its_share_fills_again() -> None:
    """A day's share at once, then a day's share a day: held when it is spent, stored
    again once enough has come back, and a hundredth of a day's share more; only
    ``events`` count (a state replaces the last)."""
    shares, clock, changed = _shares(1000)
    assert not shares.holds("t1", "events", 900)
    assert not shares.holds("t1", "state", 10_000)  # never held, never counted
    assert shares.holds("t1", "events", 200)
    assert shares.held()["t1"].reason == "share" and changed == ["t1"]
    assert not shares.holds("t2", "events", 900)  # the others' shares are their own
    clock.now += DAY * 0.05  # 50 bytes back: 150, still short
    assert shares.holds("t1", "events", 200)
    # A smaller message (a game's end row) waits too: held, the table waits for a
    # hundredth of a day's share more than the message (its card does not flicker).
    assert shares.holds("t1", "events", 145)
    clock.now += DAY * 0.06
    assert not shares.holds("t1", "events", 200)
    assert "t1" not in shares.held() and changed == ["t1", "t1"]


def test_the_staff_give_a_day_s_share_again() -> None:
    """ "Store its games again": a whole day's share at once; refused (ValueError, named)
    for a table that is not held for its share."""
    shares, _, changed = _shares(1000)
    with pytest.raises(ValueError, match="table t1 has not used up its share"):
        shares.store_again("t1")
    shares.holds("t1", "events", 1000)
    assert shares.holds("t1", "events", 1)
    shares.store_again("t1")
    assert "t1" not in shares.held() and changed == ["t1", "t1"]
    assert not shares.holds("t1", "events", 1000)


def test_no_share_when_it_is_zero() -> None:
    """``table_mb_per_day = 0``: a cafe that trusts its tables sets no share."""
    shares, _, _ = _shares(0)
    assert not any(shares.holds("t1", "events", 10 * MB) for _ in range(100))


def test_the_disk_s_reserve_holds_every_table_until_there_is_room() -> None:
    """Under the reserve no table's events are stored, whatever their shares, and
    nothing set aside is kept; once the disk has room (looked at once a second) they
    are stored again and the cards change back."""
    free = [10 * MB]
    shares, clock, changed = _disk_shares(free)
    assert shares.holds("t1", "events", 10) and shares.holds("t2", "events", 10)
    assert {t: h.reason for t, h in shares.held().items()} == {"t1": "disk", "t2": "disk"}
    assert shares.disk() == (10 * MB, 256 * MB)
    assert not shares.keeps("t3", "state", 10)
    free[0] = 300 * MB
    assert shares.holds("t1", "events", 10)  # not looked at again within the second
    clock.now += 1.0
    assert not shares.holds("t1", "events", 10)
    assert shares.held() == {} and shares.disk() is None
    assert sorted(changed) == ["t1", "t1", "t2", "t2"]


def test_a_state_shows_the_disk_has_room_and_names_the_tables_to_ask_again() -> None:
    """Any message looks at the disk (a state too, though it is never held), and the
    tables held for the disk are named once to be asked to send again now."""
    free = [10 * MB]
    shares, clock, changed = _disk_shares(free)
    assert shares.holds("t1", "events", 10) and shares.holds("t2", "events", 10)
    assert shares.freed() == set()
    free[0], clock.now = 300 * MB, clock.now + 1.0
    assert not shares.holds("t3", "state", 10)
    assert shares.held() == {} and shares.freed() == {"t1", "t2"}
    assert shares.freed() == set()  # once
    assert sorted(changed) == ["t1", "t1", "t2", "t2"]


def test_the_disk_is_looked_at_for_real(tmp_path: Path) -> None:
    """The free bytes of the disk that holds the database (statvfs), and a reserve
    larger than any disk holds everything."""
    free = disk_free(tmp_path / "cafe.db")()
    assert free is not None and free > 0
    assert disk_free(tmp_path / "no" / "such" / "cafe.db")() is None
    shares = Shares(Share(MB, 2**60), free=disk_free(tmp_path / "cafe.db"))
    assert shares.holds("t1", "events", 1)


def test_what_is_set_aside_past_the_share_is_only_counted() -> None:
    """A table sending distinct malformed messages fills its share with them: malformed
    events are then held as any (not kept, not acked), malformed states counted in the
    log and not kept; another table's set-aside message is kept. Before, each one was a
    new row of the quarantine (up to 256 KB each), without end."""
    share = Shares(Share(per_day=10_000, keep_free=0))
    ingest = Ingest(SqliteStore(":memory:"), CAFE, clock=lambda: 5.0, shares=share)

    def junk(table: str, leaf: str, count: int) -> list[Incoming]:
        pad = b"x" * 900
        return [
            Incoming(table, leaf, b'{"v":1,"junk":"%05d","pad":"%s"}' % (i, pad))
            for i in range(count)
        ]

    applied = ingest.apply(junk("t1", "events", 40))
    assert 5 <= applied.quarantined <= 11, applied  # about 10,000 bytes of them
    assert len(ingest.store.quarantined(100)) == applied.quarantined
    assert ingest.apply(junk("t3", "state", 40)).quarantined == 40  # each set aside ...
    kept = [row for row in ingest.store.quarantined(100) if row.table == "t3"]
    assert 5 <= len(kept) <= 11, len(kept)  # ... and only its share kept
    ingest.apply([Incoming("t2", "events", b'{"v":1,"junk":"t2"}')])
    assert any(row.table == "t2" for row in ingest.store.quarantined(100))


def test_a_held_table_is_not_acked_and_the_others_are_stored(journal: Path) -> None:
    """Over its share a table's events are neither stored nor acked (it keeps them and
    sends them again); the other table's game is stored and acked as ever."""
    one = SimTable("t1", 1, journal)
    messages = [item for item in incoming(one) if item.leaf == "events"]
    size = sum(len(item.payload) for item in messages)
    share = Shares(Share(per_day=size * 3 // 4, keep_free=0))
    ingest = Ingest(SqliteStore(":memory:"), CAFE, clock=lambda: 5.0, shares=share)
    ingest.apply(messages)
    held_at = ingest.ack_of("t1")
    assert 0 < held_at.seq < one.events[-1][1].seq
    assert "t1" in share.held()
    other = incoming(SimTable("t2", 1, journal))[: len(messages) // 2]  # its first game
    ingest.apply(other)
    unshared = Ingest(SqliteStore(":memory:"), CAFE, clock=lambda: 5.0)
    unshared.apply(other)
    assert ingest.ack_of("t2") == unshared.ack_of("t2") and ingest.ack_of("t2").seq > 0
    assert "t2" not in share.held()
    ingest.apply(messages)  # sent again: still held
    assert ingest.ack_of("t1") == held_at


def test_the_shares_are_settings() -> None:
    """``[database] table_mb_per_day`` and ``keep_free_mb``: 250 and 256 by default,
    0 turns each off, a negative one is refused naming the file and the key."""
    assert (CafeSettings().database.table_mb_per_day, CafeSettings().database.keep_free_mb) == (
        250,
        256,
    )
    settings = parse_settings({"database": {"table_mb_per_day": 0, "keep_free_mb": 0}}, "c.toml")
    assert settings.database.table_mb_per_day == 0
    with pytest.raises(SettingsError, match=r"c.toml: database.keep_free_mb must be 0 or more"):
        parse_settings({"database": {"keep_free_mb": -1}}, "c.toml")


def test_a_nearly_full_disk_is_said_and_states_still_stored(tmp_path: Path, journal: Path) -> None:
    """The real disk under a reserve larger than it: a table's events are held, its
    state is still stored (its card shows its game), and the dashboard says why."""
    settings = settings_for(1, tmp_path / "cafe.db")
    settings = replace(settings, database=replace(settings.database, keep_free_mb=2**40))
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    try:
        server.take(incoming(SimTable("t1", 1, journal), state=STATE))
        assert server.ingest.ack_of("t1").seq == 0
        assert server.history(HistoryFilter()) == []
        card = server.tables()[0]
        assert card.held == "disk" and card.online and card.players == ("Ana", "Ben", "Cy")
        with dashboard(server) as client:
            page = client.get("/").text
            assert "disk is nearly full" in page
            assert "games not stored: the server's disk is nearly full" in page
            assert client.get("/.json").json()["disk"]["keep_free"] == 2**60
    finally:
        server.store.close()


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, "no form on the page"
    return found.group(1)


def test_a_real_table_over_its_share_waits_and_the_staff_store_it_again(
    broker: Broker, tmp_path: Path
) -> None:
    """The real table bus sends a journal of 8 games (about 1.6 MB) to a server whose
    share is 1 MB a day: the first games are stored, then the table is held (not shut
    out, not said to flood) while another table's game is stored; the staff read why
    on its page and store its games again, and the rest of its journal is stored."""
    settings = settings_for(broker.port, tmp_path / "cafe.db")
    settings = replace(settings, database=replace(settings.database, table_mb_per_day=1))
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.start()
    big = play_journal(tmp_path / "t1.db", games=8)
    small = play_journal(tmp_path / "t2.db", games=1)
    last = SimTable("t1", 1, big).events[-1][1].seq
    buses = [
        TableBus(broker.settings(name, cafe=CAFE), path, key=None, resend_after=0.2)
        for name, path in (("t1", big), ("t2", small))
    ]
    try:
        assert server.link.connected.wait(10), "the server did not connect"
        buses[0].start()
        wait_until(lambda: "t1" in server.shares.held(), 60, "t1 held for its share")
        held_at = server.ingest.ack_of("t1")
        assert 0 < held_at.seq < last
        buses[1].start()
        wait_until(
            lambda: "t2" in server.ingest.tables and server.ingest.ack_of("t2").games == 1,
            30,
            "t2's game stored",
        )
        assert server.ingest.ack_of("t1") == held_at
        assert server.doorman.watch.flooding() == frozenset()
        with dashboard(server) as client:
            assert "it sent more than a day's share" in client.get("/").text
            client.post(
                "/login", data={"password": PASSWORD, "csrf": _csrf(client.get("/login").text)}
            )
            page = client.get("/tables/t1").text
            assert "Store its games again" in page
            answer = client.post("/tables/t1/store-again", data={"csrf": _csrf(page)})
            assert answer.status_code == 200 and "Its games are being stored again." in answer.text
            refused = client.post("/tables/t2/store-again", data={"csrf": _csrf(page)})
            assert refused.status_code == 409
        wait_until(lambda: server.ingest.ack_of("t1").seq == last, 60, "t1's journal stored")
        assert "t1" not in server.shares.held()
    finally:
        for bus in buses:
            bus.close()
        server.stop()
        server.store.close()


class _FailingOnce(SqliteStore):
    """A database that refuses the first commit (PostgreSQL restarting, a locked file)."""

    failures = 1

    def commit(self) -> None:
        if self.failures:
            self.failures -= 1
            raise sqlite3.OperationalError("database is locked")
        super().commit()


def test_a_batch_the_database_refused_is_counted_once(journal: Path) -> None:
    """The writer tries a refused batch again whole (docs/cafe.md): its bytes are given
    back at the rollback and counted when it is stored. Before, each try counted them
    again, so a database down for hours used every table's share up."""
    one = SimTable("t1", 1, journal)
    messages = [item for item in incoming(one) if item.leaf == "events"]
    size = sum(len(item.payload) for item in messages)
    share = Shares(Share(per_day=size * 3 // 2, keep_free=0))
    ingest = Ingest(_FailingOnce(":memory:"), CAFE, clock=lambda: 5.0, shares=share)
    with pytest.raises(sqlite3.OperationalError):
        ingest.apply(messages)
    ingest.apply(messages)  # tried again: all of it fits the share
    assert ingest.ack_of("t1").seq == one.events[-1][1].seq
    assert "t1" not in share.held()


def test_a_tables_states_grow_nothing_beyond_its_share(broker: Broker, tmp_path: Path) -> None:
    """docs/security.md ("a table's share of storage": only what a table stores counts
    against it, and it is bounded): a table's retained ``state`` replaces its last, but
    a state naming a journal never seen made that journal's row (and reset the table's
    ack), and one naming a game of its own made that game's link row, uncounted. A
    table's states, each naming a new journal and a new game, 9 KB each within the
    flood's 50 a second, grew the database and the server's memory without bound
    (every message of that table then scanned them all). Now only events make a
    journal, a link row counts in the share (1 MB here: some 110 of 300, then the
    table's events are held for it), and every state is still shown."""
    settings = settings_for(broker.port, tmp_path / "cafe.db")
    settings = replace(settings, database=replace(settings.database, table_mb_per_day=1))
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.start()
    table = SimTable("t1", broker.port, play_journal(tmp_path / "t1.db", games=1))
    try:
        assert server.link.connected.wait(10), "the server did not connect"
        table.connect()
        for n in range(300):
            game = {**STATE["game"], "id": n + 1, "journal": f"{n:032x}", "link": f"{n:064x}"}
            body = {**STATE, "v": 1, "cafe": CAFE, "table": "t1", "game": game, "pad": "a" * 9000}
            table.publish("state", dumps(body), retain=True)

        def shown() -> int | None:
            return server.tables()[0].game_id if server.tables() else None

        wait_until(lambda: shown() == 300, 30, "the last state shown")
        server.writer.flush()
        rows = sqlite3.connect(tmp_path / "cafe.db")
        assert rows.execute("SELECT COUNT(*) FROM journals").fetchone() == (0,)
        (links,) = rows.execute("SELECT COUNT(*) FROM links").fetchone()
        assert 100 <= links <= 120, links
        assert list(server.ingest.journals.of("t1")) == []
        assert server.ingest.ack_of("t1").journal == ""  # the table's own ack, untouched
        table.play()  # its events make its journal, as ever; the share spent: held
        wait_until(lambda: "t1" in server.shares.held(), 30, "t1 held for its share")
        assert [j.journal for j in server.ingest.journals.of("t1")] == [table.identity]
    finally:
        table.disconnect()
        server.stop()
        server.store.close()
