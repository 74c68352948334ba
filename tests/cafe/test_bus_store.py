"""The cafe server stores what tables send over a real broker, once, and acks it
(issue 14; CAFE_CONTRACT.md "events" and "ack"), on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from cafe_fixtures import Servers
from cafe_sim import SimTable, wait_until
from paho.mqtt.enums import CallbackAPIVersion

from companion.bus.contract import Ack
from companion.cafe.server import CafeServer
from companion.cafe.store import GameQuery
from companion.journal import Journal


def _held(server: CafeServer, table: str) -> list[tuple[int, int, str, Any]]:
    rows = server.store.games(GameQuery(table=table, limit=1000))
    return [
        (e.seq, e.game_id, e.kind, dict(e.payload))
        for row in sorted(rows, key=lambda r: r.id)
        for e in server.store.events(table, row.id)
    ]


def _sent(journal: Path) -> list[tuple[int, int, str, Any]]:
    with Journal.read(journal) as read:
        return [
            (e.seq, e.game_id, e.kind, e.payload)
            for entry in read.games()
            for e in read.events(entry.id)
        ]


def _games(server: CafeServer, table: str) -> list[tuple[int, float | None, Any]]:
    rows = server.store.games(GameQuery(table=table, limit=1000))
    return sorted((r.id, r.ended, r.result) for r in rows)


def _journal_games(journal: Path) -> list[tuple[int, float | None, Any]]:
    with Journal.read(journal) as read:
        return [(g.id, g.ended, g.result) for g in read.games()]


def test_every_event_and_game_is_stored_once_whatever_is_sent_again(
    servers_each: Servers, journal: Path
) -> None:
    """Contract "events": each (table, seq) event and each (table, game) row once; an
    ended row is never made open again by an older message sent late."""
    server = servers_each.start()
    table = SimTable("t1", servers_each.settings.broker.port, journal)
    table.connect()
    table.play()
    table.play()  # everything again, and the open rows after the ended ones
    table.resend()
    last = table.events[-1][1].seq
    table.wait_ack(last, 2)
    assert _held(server, "t1") == _sent(journal)
    assert _games(server, "t1") == _journal_games(journal)
    assert server.store.counts() == (2, len(table.events))
    table.disconnect()


def test_the_ack_is_retained_and_follows_what_is_held(servers_each: Servers, journal: Path) -> None:
    """Contract "ack": {"v":1,"seq":N,"games":M}, retained, N the last event held in
    order, M the last game held; a table connecting later reads it at once."""
    servers_each.start()
    port = servers_each.settings.broker.port
    table = SimTable("t2", port, journal)
    table.connect()
    table.play(0, 10)
    table.wait_ack(table.events[9][1].seq, 1)
    table.disconnect()
    later = SimTable("t2", port, journal)
    later.connect()
    later.wait_ack(table.events[9][1].seq, 1)
    raw: list[bytes] = []
    watcher = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="watcher")
    watcher.on_message = lambda c, u, m: raw.append(bytes(m.payload)) if m.retain else None
    watcher.on_connect = lambda c, u, f, r, p: c.subscribe("companion/corner/t2/ack", 1)
    watcher.connect("127.0.0.1", port)
    watcher.loop_start()
    wait_until(lambda: bool(raw), what="the retained ack")
    watcher.disconnect()
    watcher.loop_stop()
    assert Ack.parse(raw[0]) == Ack(table.events[9][1].seq, 1, table.identity, (1,))
    later.disconnect()


def test_a_hole_in_the_sequence_is_not_acked_until_the_table_sends_again(
    servers_each: Servers, journal: Path
) -> None:
    """Contract "ack": N covers only events held with every one before it. A server
    that starts with no broker session (its first start) may have missed what tables
    sent before: the events it gets after the hole are kept but not acked, until the
    table's next connection sends everything after the ack and fills the hole."""
    port = servers_each.settings.broker.port
    table = SimTable("t3", port, journal)
    table.connect()
    table.play(0, 6)  # sent to nobody: no server yet
    server = servers_each.start()
    table.play(6, 12)
    table.wait_ack(0, 1)
    # The ack of the game row can come before the six events are stored: wait for them.
    wait_until(lambda: len(_held(server, "t3")) == 6, what="the six events after the hole")
    held = Ack(0, 1, table.identity, (1,))  # nothing acked past the hole, the game open
    table.wait_for(lambda acks: acks[-1] == held)
    assert len(_held(server, "t3")) == 6
    table.disconnect()
    table.connect()  # a reconnection: online, then everything after the ack
    table.resend()
    table.wait_ack(table.events[-1][1].seq, 2)
    assert _held(server, "t3") == _sent(journal)
    table.disconnect()
