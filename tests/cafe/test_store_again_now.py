"""The staff's "Store its games again" takes effect at once (docs/cafe.md, "A table's share of
storage", and the contract's ``ack``: its optional ``resend``).

Before, the staff's button gave the table a day's share, but its held message waited
for the table's next resend, at its slowing pace: up to a minute, and a table that
had been held long sends one message a minute. Now the server publishes the table's
ack again with ``resend``, and the table sends again from it at once; a table from
before it ignores the field, as it ignores any it does not know.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from broker_harness import Broker
from cafe_fixtures import KEY, settings_for
from cafe_sim import CAFE, SimTable, play_journal, wait_until

from companion.bus.client import TableBus
from companion.bus.contract import Ack, MessageError, Topics
from companion.bus.outbox import Outbox
from companion.bus.sender import Sender
from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.journal import Journal


def test_the_ack_s_resend_is_optional_and_checked() -> None:
    """Contract "ack": ``resend`` is the server's time, left out when there is none (an
    ack as servers before it sent); a table reads any field it does not know as
    nothing (so a table from before ``resend`` takes the ack as it always did); a
    ``resend`` that is no time is refused, named."""
    assert Ack(5, 1).payload() == b'{"v":1,"seq":5,"games":1}'
    asked = Ack(5, 1, resend=1_700_000_000.5)
    assert json.loads(asked.payload())["resend"] == 1_700_000_000.5
    assert Ack.parse(asked.payload()) == asked
    assert Ack.parse(b'{"v":1,"seq":5,"games":1,"later":{"x":1}}') == Ack(5, 1)
    for bad in (b'"soon"', b"-1", b"true", b"1e300"):
        with pytest.raises(MessageError, match="its resend"):
            Ack.parse(b'{"v":1,"seq":5,"games":1,"resend":' + bad + b"}")


class _Held:
    """A table's journal with one game and its first event, the sender over it on a
    fake clock, and the server's ack holding the game's row and not the event (held
    for the table's share)."""

    ack = Ack(0, 1)

    def __init__(self, folder: Path) -> None:
        self.journal = Journal.open(folder / "j.db")
        game = self.journal.start_game("fibonachos", ["Ana", "Ben"], [], started=1.0)
        self.journal.append(game, "table", {"n": 1}, at=2.0)
        self.outbox = Outbox(folder / "j.db", Topics("rosie", "t1"))
        self.now, self.sent = 0.0, list[bytes]()
        self.sender = Sender(self.outbox, self.sent.append, resend_after=5.0, clock=self.clock)
        self.sender.restart(Ack())
        self.sender.step(self.ack)

    def clock(self) -> float:
        return self.now

    def events(self) -> int:
        """How many times the event was sent."""
        return sum(json.loads(payload)["event"] is not None for payload in self.sent)

    def close(self) -> None:
        self.outbox.close()
        self.journal.close()


def test_a_held_event_is_sent_again_at_a_slowing_pace(tmp_path: Path) -> None:
    """Contract "ack": a message not covered is sent again from the ack after 5 s, then
    after twice as long each time, up to a minute. Each resend from the ack starts with
    the row of the event's game, which the ack covers as it goes; before, that row
    started the wait over, so a held table sent its event every 5 s for ever."""
    held = _Held(tmp_path)
    assert held.events() == 1
    for wait in (5.0, 10.0, 20.0, 40.0, 60.0, 60.0):
        assert held.sender.step(held.ack) == wait  # not due yet: nothing sent
        held.now += wait
        held.sender.step(held.ack)  # sent again: the game's row, then the event
    assert held.events() == 7 and held.sender.delay == 60.0
    held.close()


def test_the_sender_asked_to_resend_sends_at_once_at_the_first_pace(tmp_path: Path) -> None:
    """Asked (the ack's ``resend``: the staff stored the table's games again), the
    sender sends again from the ack with the clock standing still, and waits the first
    5 s for its ack again, not the minute its resends had grown to."""
    held = _Held(tmp_path)
    for wait in (5.0, 10.0, 20.0, 40.0):
        held.now += wait
        held.sender.step(held.ack)
    held.now += 1.0
    assert held.sender.step(held.ack) == 59.0 and held.events() == 5
    held.sender.again(replace(held.ack, resend=1.0))
    assert held.sender.step(held.ack) == 5.0 and held.events() == 6
    held.close()


def test_a_real_table_stored_again_sends_at_once(broker: Broker, tmp_path: Path) -> None:
    """The real table bus, whose resend waits an hour, sends a journal of 8 games to a
    server whose share is 1 MB a day: held, then stored again by the staff, and the
    rest of its journal is stored at once. Before, it waited for its resend (an
    hour here, up to a minute in a cafe)."""
    settings = settings_for(broker.port, tmp_path / "cafe.db")
    settings = replace(settings, database=replace(settings.database, table_mb_per_day=1))
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.start()
    path = play_journal(tmp_path / "t1.db", games=8)  # 1.6 MB as the table sends it
    last = SimTable("t1", 1, path).events[-1][1].seq
    bus = TableBus(broker.settings("t1", cafe=CAFE), path, key=None, resend_after=3600.0)
    try:
        assert server.link.connected.wait(10), "the server did not connect"
        bus.start()
        wait_until(lambda: "t1" in server.shares.held(), 60, "t1 held for its share")
        held_at = server.ingest.ack_of("t1")
        assert 0 < held_at.seq < last
        server.store_again("t1")
        wait_until(lambda: server.ingest.ack_of("t1").seq == last, 30, "t1's journal stored")
        assert "t1" not in server.shares.held() and bus.connections == 1
    finally:
        bus.close()
        server.stop()
        server.store.close()


def test_tables_held_for_the_disk_send_again_once_it_has_room(
    broker: Broker, tmp_path: Path
) -> None:
    """docs/cafe.md, "A table's share of storage": a table held while the disk was nearly
    full is asked to send again as soon as any message shows the disk has room (its
    ack's ``resend``). Before, it waited for its own resend (an hour here, up to a minute
    in a cafe), and the disk was only looked at when an ``events`` message came."""
    settings = settings_for(broker.port, tmp_path / "cafe.db")
    settings = replace(settings, database=replace(settings.database, keep_free_mb=1))
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    free, now = [0], [0.0]
    server.shares.free = lambda: free[0]
    server.shares.monotonic = lambda: now[0]  # looked at once a second: this second
    server.start()
    path = play_journal(tmp_path / "t1.db", games=2)
    last = SimTable("t1", 1, path).events[-1][1].seq
    buses = [TableBus(broker.settings("t1", cafe=CAFE), path, key=None, resend_after=3600.0)]
    try:
        assert server.link.connected.wait(10), "the server did not connect"
        buses[0].start()
        wait_until(lambda: "t1" in server.shares.held(), 30, "t1 held for the disk")
        assert server.shares.held()["t1"].reason == "disk"
        assert server.ingest.ack_of("t1").seq == 0  # its state is stored, no event
        free[0], now[0] = 2**40, 2.0
        # Another table's state: no events of its own, it only shows the disk has room.
        other = TableBus(broker.settings("t2", cafe=CAFE), tmp_path / "t2.db", key=None)
        buses.append(other)
        other.start()
        wait_until(lambda: "t2" in server.ingest.tables, 30, "t2's state stored")
        wait_until(lambda: server.ingest.ack_of("t1").seq == last, 30, "t1's journal stored")
        assert server.shares.held() == {} and buses[0].connections == 1
    finally:
        for bus in buses:
            bus.close()
        server.stop()
        server.store.close()
