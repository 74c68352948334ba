"""The journal is the outbox (issue 14, docs/cafe.md "ack"), with a real Mosquitto.

The table is its journal, written as the daemon writes it; a :class:`TableBus` over
the same file sends it; the test server stores what comes and acknowledges it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from broker_harness import Broker, Server, broker_fixture, server_fixture  # noqa: F401 (the fixtures)

from companion.bus.client import TableBus
from companion.journal import GameResult, Journal

PLAYERS = ["Ana", "Ben", "Cy"]


class Table:
    """A table's journal and its bus; ``restart`` is a power cut and a new start."""

    def __init__(self, path: Path, broker: Broker) -> None:
        self.path = path
        self.broker = broker
        self.journal = Journal.open(path)
        self.bus = TableBus(broker.settings("t1"), path, key=None, resend_after=0.5)
        self.bus.start()

    def game(self, events: int) -> tuple[int, list[int]]:
        game = self.journal.start_game("fibonachos", PLAYERS, [], started=100.0)
        return game, self.play(game, events)

    def play(self, game: int, events: int) -> list[int]:
        seqs = [
            self.journal.append(game, "table", {"card": f"R{i}#1"}, at=101.0 + i)
            for i in range(events)
        ]
        self.bus.wake()
        return seqs

    def end(self, game: int) -> None:
        self.journal.end_game(game, GameResult("over"), ended=200.0)
        self.bus.wake()

    def close(self) -> None:
        self.bus.close()
        self.journal.close()

    def restart(self) -> None:
        self.close()
        self.journal = Journal.open(self.path)
        self.bus = TableBus(self.broker.settings("t1"), self.path, key=None, resend_after=0.5)
        self.bus.start()


@pytest.fixture
def table(tmp_path: Path, broker: Broker) -> Iterator[Table]:
    started = Table(tmp_path / "journal.db", broker)
    yield started
    started.close()


def held_events(server: Server, seqs: list[int]) -> None:
    server.wait(lambda: all(("t1", s) in server.events for s in seqs), f"events {seqs}")


def test_every_event_and_game_row_reaches_the_server_once_in_order(
    table: Table, server: Server
) -> None:
    """Issue 14: every journal event is sent once, in seq order, after its game's row;
    a game's end is sent as a row of its own."""
    first, seqs = table.game(30)
    held_events(server, seqs)
    table.end(first)
    server.wait(lambda: server.rows.get(("t1", first), {}).get("ended") == 200.0, "the end")
    second, more = table.game(12)
    held_events(server, seqs + more)
    assert server.event_seqs("t1") == seqs + more  # each once, in order
    bodies = [json.loads(payload) for payload in server.on("t1", "events")]
    assert bodies[0]["event"] is None and bodies[0]["game"]["id"] == first
    assert bodies[0]["game"]["players"] == PLAYERS and bodies[0]["v"] == 1
    assert (bodies[0]["cafe"], bodies[0]["table"]) == ("rosie", "t1")
    journal_events = table.journal.events(first)
    sent = [b["event"] for b in bodies if b["event"] is not None][: len(journal_events)]
    assert sent == [
        {"seq": e.seq, "at": e.at, "kind": e.kind, "payload": e.payload} for e in journal_events
    ]
    rows = [(b["game"]["id"], b["game"]["ended"]) for b in bodies if b["event"] is None]
    assert rows == [(first, None), (first, 200.0), (second, None)]


def test_a_broker_killed_mid_game_gets_everything_once_it_is_back(
    table: Table, server: Server, broker: Broker
) -> None:
    """Issue 14: the broker dies mid-game (SIGKILL: its retained acks are gone too); the
    table plays on without waiting, then sends what the server does not hold."""
    game, before = table.game(10)
    held_events(server, before)
    broker.kill()
    during = table.play(game, 10)  # the journal takes them: nothing waits for the network
    broker.start()
    server.reconnect()
    after = table.play(game, 5)
    table.end(game)
    held_events(server, before + during + after)
    server.wait(lambda: server.rows[("t1", game)]["ended"] is not None, "the end")
    stored = sorted(seq for table_name, seq in server.events if table_name == "t1")
    assert stored == before + during + after
    for event in table.journal.events(game):
        assert server.events[("t1", event.seq)]["event"]["payload"] == event.payload


def test_the_servers_ack_makes_the_table_skip_what_it_holds(
    tmp_path: Path, broker: Broker, server: Server
) -> None:
    """Contract "ack": with {"seq": N, "games": M} retained, a table (re)connecting sends
    only the events after N, and the game rows from M on."""
    path = tmp_path / "journal.db"
    journal = Journal.open(path)
    old = journal.start_game("fibonachos", PLAYERS, [], started=1.0)
    held = [journal.append(old, "table", {"n": i}, at=2.0) for i in range(5)]
    journal.end_game(old, GameResult("over"), ended=3.0)
    game = journal.start_game("fibonachos", PLAYERS, [], started=4.0)
    seqs = [journal.append(game, "table", {"n": i}, at=5.0) for i in range(20)]
    server.ack("t1", seq=seqs[9], games=game, journal=journal.identity)
    server.held("t1", seqs[9])
    bus = TableBus(broker.settings("t1"), path, key=None)
    bus.start()
    try:
        held_events(server, seqs[10:])
    finally:
        bus.close()
        journal.close()
    assert server.event_seqs("t1") == seqs[10:]
    assert not set(held) & set(server.event_seqs("t1"))
    rows = [json.loads(p)["game"]["id"] for p in server.on("t1", "events")]
    assert old not in rows and rows[0] == game  # game M again (it may have ended since)


def test_a_table_restarted_sends_only_what_the_server_does_not_hold(
    table: Table, server: Server
) -> None:
    """Issue 14: a power cut after moves the server never got: the new start (a new
    journal connection and bus over the same file) sends those, and nothing twice."""
    game, sent = table.game(10)
    held_events(server, sent)
    server.held("t1", sent[-1])
    table.bus.close()  # the network is gone before the next moves...
    unsent = table.play(game, 5)
    table.restart()  # ...then the power
    later = table.play(game, 3)
    held_events(server, sent + unsent + later)
    assert server.event_seqs("t1") == sent + unsent + later


def test_each_message_says_what_it_comes_after_holes_of_the_journal_included(
    tmp_path: Path,
) -> None:
    """Contract ``after``: an event set aside by a salvage (here its row deleted) and a
    game that could not be read leave holes; the message after each hole says it comes
    after the number before it, so the server's ack passes the hole (and no other)."""
    import sqlite3
    from contextlib import closing

    from companion.bus.contract import Ack, Topics
    from companion.bus.outbox import Outbox

    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        ids = [journal.start_game("fibonachos", PLAYERS, [], started=100.0) for _ in range(3)]
        seqs = [journal.append(ids[0], "table", {"card": f"R{i}#1"}, at=101.0) for i in range(4)]
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("DELETE FROM events WHERE seq = ?", (seqs[1],))
        db.execute("DELETE FROM games WHERE id = ?", (ids[1],))
    outbox = Outbox(path, Topics("rosie", "t1"))
    outbox.restart(Ack())
    messages, _ = outbox.next_batch()
    said = [json.loads(m.payload) for m in messages]
    rows = [(m["game"]["id"], m["after"]) for m in said if m["event"] is None]
    events = [(m["event"]["seq"], m["after"]) for m in said if m["event"] is not None]
    assert rows == [(ids[0], 0), (ids[2], ids[0])]
    assert events == [(seqs[0], 0), (seqs[2], seqs[0]), (seqs[3], seqs[2])]
    outbox.restart(Ack(seqs[2], ids[2]))  # game 1's rows again (its event after the ack)
    messages, _ = outbox.next_batch()
    assert [json.loads(m.payload)["after"] for m in messages] == [0, ids[0], seqs[2]]
    outbox.close()
