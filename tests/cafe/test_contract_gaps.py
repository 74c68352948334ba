"""The three gaps of the bus contract found after issue 14's first round, each closed
against the real ``companion cafe`` server and a real Mosquitto (docs/cafe.md "The bus
contract"): a lost end row, a new journal (a new SD card) and an ack gone back."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from cafe_fixtures import Servers
from cafe_sim import CAFE, SimTable, play_journal, wait_until

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.journal import Journal


def bus_for(port: int, journal: Path) -> TableBus:
    settings = BusSettings("127.0.0.1", port, Topics(CAFE, "t1"), "table-t1")
    bus = TableBus(settings, journal, key=None, resend_after=0.5)
    bus.start()
    return bus


def held(server: CafeServer) -> tuple[int, int]:
    server.writer.flush()
    return server.store.counts()


def test_a_lost_end_row_is_sent_again_though_the_ack_went_past_its_game(
    servers: Servers, tmp_path: Path
) -> None:
    """Gap 1: the server got game 1's events and game 2's start but not game 1's end,
    so its ack ({"games": 2}) covers game 1; the ack's ``open`` lists game 1, and the
    table, whose journal has it ended, sends its end again."""
    path = play_journal(tmp_path / "journal.db", games=2)
    server = servers.start()
    table = SimTable("t1", 1, path)
    first, second = table.games
    sent = [Incoming("t1", "events", table.game_message(first, ended=False))]
    sent += [
        Incoming("t1", "events", table.event_message(i))
        for i, (entry, _) in enumerate(table.events)
        if entry.id == first.id
    ]
    sent.append(Incoming("t1", "events", table.game_message(second, ended=False)))
    server.take(sent)  # game 1's end row lost on the way
    ack = server.ingest.ack_of("t1")
    assert (ack.games, ack.open) == (2, (1, 2))
    bus = bus_for(servers.settings.broker.port, path)
    try:
        wait_until(lambda: _ended(server, 1), what="game 1's end")
        wait_until(lambda: held(server) == (2, len(table.events)), what="every event")
    finally:
        bus.close()
    stored = server.store.game("t1", 1)
    assert stored is not None and stored.result == first.result
    assert server.ingest.ack_of("t1").open == ()


def _ended(server: CafeServer, game_id: int) -> bool:
    row = server.store.game("t1", game_id)
    return row is not None and row.ended is not None


def _forget_identity(path: Path) -> None:
    """The journal as written before identities: no ``journal`` row in ``meta``."""
    with closing(sqlite3.connect(path)) as db:
        db.execute("DELETE FROM meta WHERE key = 'journal'")
        db.commit()


def test_a_new_journal_is_stored_as_new_games_and_an_old_one_still_works(
    servers: Servers, tmp_path: Path
) -> None:
    """Gap 2: a table's journal from before identities is stored as before (its ack
    names no journal); a new SD card's journal, numbered from 1 again, carries its own
    identity and is stored after it (games 3.., events after the old ones), not taken
    for games the server already holds."""
    old = play_journal(tmp_path / "old.db", games=2)
    _forget_identity(old)
    with Journal.read(old) as read:
        assert read.identity == ""
    with Journal.open(old) as reopened:  # a journal with games gets no identity later
        assert reopened.identity == ""
    server = servers.start()
    port = servers.settings.broker.port
    before = SimTable("t1", port, old)
    bus = bus_for(port, old)
    try:
        wait_until(lambda: held(server) == (2, len(before.events)), what="the old journal")
    finally:
        bus.close()
    assert server.ingest.ack_of("t1").journal == ""

    new = play_journal(tmp_path / "new.db", games=1, start=1_800_000_000.0)
    after = SimTable("t1", port, new)
    assert len(after.identity) == 32 and after.events[0][1].seq == 1
    bus = bus_for(port, new)
    try:
        total = (3, len(before.events) + len(after.events))
        wait_until(lambda: held(server) == total, what="the new journal's game as game 3")
        wait_until(lambda: server.ingest.ack_of("t1").seq == len(after.events), what="its ack")
    finally:
        bus.close()
    ack = server.ingest.ack_of("t1")
    assert (ack.journal, ack.games, ack.open) == (after.identity, 1, ())
    game = server.store.game("t1", 3)
    assert game is not None and game.started == after.games[0].started
    seqs = [e.seq for e in server.store.events("t1", 3)]
    assert seqs == [len(before.events) + e.seq for _, e in after.events]
    assert [e.seq for e in server.store.events("t1", 1)] == [
        e.seq for g, e in before.events if g.id == 1
    ]


def test_an_ack_gone_back_is_followed_without_a_new_connection(
    servers: Servers, tmp_path: Path
) -> None:
    """Gap 3: the server restored from a backup (taken when it held half the events)
    publishes, on starting, an ack lower than the table had; the table, still connected
    to the broker, sends again from there at once, without a new connection."""
    path = play_journal(tmp_path / "journal.db", games=2)
    table = SimTable("t1", 1, path)
    server = servers.start()
    bus = bus_for(servers.settings.broker.port, path)
    try:
        wait_until(lambda: held(server) == (2, len(table.events)), what="everything")
        half = len(table.events) // 2
        database = servers.settings.database_path()
        servers.stop(server)
        with closing(sqlite3.connect(database)) as db:  # the backup taken at half
            db.execute("DELETE FROM events WHERE seq > ?", (half,))
            db.execute("UPDATE tables SET ack_seq = ?", (half,))
            db.commit()
        connections = bus.connections
        restored = servers.start()
        assert held(restored)[1] < len(table.events)  # what the backup lacks: sent again
        wait_until(lambda: held(restored) == (2, len(table.events)), what="the rest again")
        assert bus.connections == connections and bus.online.is_set()
    finally:
        bus.close()
