"""Poison messages never stall the cafe server (issue 22, item 1): a message that
cannot be stored is set aside in the quarantine (raw payload, table, topic, reason)
and acknowledged, the rest of its batch is stored, the MQTT thread lives on, and a
server restarted after it gets nothing again; on SQLite and on PostgreSQL, over the
real broker, with the real server."""

from __future__ import annotations

import json
import logging
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from broker_harness import Broker
from cafe_fixtures import PASSWORD, Servers
from cafe_sim import SimTable, dumps, wait_until
from starlette.testclient import TestClient

from companion.cafe.ingest import Incoming
from companion.cafe.salvage import damage, salvage_if_damaged
from companion.cafe.server import CafeServer
from companion.cafe.store import GameQuery, is_url, open_store
from companion.cafe.watch import Watch
from companion.web.app import create_app


def _seqs(server: CafeServer, table: str) -> list[int]:
    rows = server.store.games(GameQuery(table=table, limit=1000))
    return sorted(e.seq for row in rows for e in server.store.events(table, row.id))


def _poisoned(table: SimTable, index: int, change: Any) -> bytes:
    """Event ``index`` of ``table`` as sent, with ``change`` made to its JSON."""
    body = json.loads(table.event_message(index))
    change(body)
    return json.dumps(body, separators=(",", ":")).encode()


def _name(bad: str) -> Any:
    def change(body: dict[str, Any]) -> None:
        body["game"]["players"][0] = bad

    return change


def _seq(body: dict[str, Any]) -> None:
    body["event"]["seq"] = 2**70


def _deep(table: SimTable, index: int) -> bytes:
    """Event ``index`` with a payload nested 100,000 deep (RecursionError in json)."""
    body = table.event_message(index)
    head, _, _ = body.partition(b'"payload":')
    return head + b'"payload":' + b"[" * 100_000 + b"]" * 100_000 + b"}}"


def test_poison_messages_are_set_aside_and_every_other_event_is_stored(
    servers_each: Servers, tmp_path: Path, journal: Path
) -> None:
    """Issue 22: a lone surrogate, NUL (PostgreSQL's DataError), a seq of 2**70 and a
    deep nesting in one table's events: each is quarantined and acknowledged, that
    table's other events and every other table's are stored once, the MQTT thread
    lives, and a server restarted afterwards is sent none of them again. The ack
    passes over a quarantined event it was waiting for (the table would send it again
    for ever); the other two come before the table's own events 6 and 7."""
    server = servers_each.start()
    port = servers_each.settings.broker.port
    poisoned, other = SimTable("t1", port, journal), SimTable("t2", port, journal)
    poisoned.connect()
    other.connect()
    poisoned.play(0, 4)
    poisoned.wait_ack(poisoned.events[3][1].seq, 1)
    bad = {
        "surrogate": _poisoned(poisoned, 4, _name("Ana\ud800")),
        "nul": _poisoned(poisoned, 5, _name("Ben\x00")),
        "big": _poisoned(poisoned, 6, _seq),
        "deep": _deep(poisoned, 7),
    }
    for payload in bad.values():
        poisoned.publish("events", payload)
    poisoned.play(6)
    other.play()
    last = poisoned.events[-1][1].seq
    poisoned.wait_ack(last, 2)  # passed over the four: none holds the table back
    other.wait_ack(other.events[-1][1].seq, 2)
    kept = {row.payload: row for row in server.quarantined()}
    assert set(kept) == set(bad.values())
    assert {row.table for row in kept.values()} == {"t1"}
    assert {row.topic for row in kept.values()} == {"events"}
    assert "surrogate" in kept[bad["surrogate"]].reason
    assert "NUL" in kept[bad["nul"]].reason
    assert "64 bits" in kept[bad["big"]].reason
    assert "deeper" in kept[bad["deep"]].reason
    held = {e.seq for _, e in poisoned.events[4:6]}
    assert _seqs(server, "t1") == sorted({e.seq for _, e in poisoned.events} - held)
    assert _seqs(server, "t2") == sorted(e.seq for _, e in other.events)
    assert server.link.alive() and server.receiving()
    servers_each.stop(server)
    again = servers_each.start()  # the broker's kept session: nothing comes back
    other.send_event(0)  # one more message, behind anything the session still held
    wait_until(lambda: again.ingest.tables["t2"].seen > 0, what="the restarted server")
    again.writer.flush()
    assert [row.times for row in again.quarantined()] == [1, 1, 1, 1]
    poisoned.disconnect()
    other.disconnect()


def test_a_deep_nested_log_line_leaves_the_network_thread_alive(
    servers: Servers, journal: Path
) -> None:
    """Issue 22: a ``log`` message nested 100,000 deep killed the server's MQTT thread
    (RecursionError in the paho callback): now refused with one warning, and what the
    table sends next is stored."""
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    deep = b'{"v":1,"cafe":"corner","table":"t1","text":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    table.publish("log", deep)
    table.publish("log", b"\xff" * 1000)
    table.play()
    table.wait_ack(table.events[-1][1].seq, 2)
    assert server.link.alive() and server.dead() is None
    table.disconnect()


def test_a_flood_of_malformed_log_lines_is_one_warning_a_minute(
    servers: Servers, journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22 (docs/security.md, "log": the same limits as ``state``): a table's
    malformed ``log`` messages are said once a minute per table with the count of the
    rest, as its other topics' are; before, each made a warning line (a table's
    account at the uninvited allowance of 50 a second: 4 million lines a day). Its
    games are still stored, and its good log lines kept for the staff."""
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    with caplog.at_level(logging.WARNING, "companion.cafe"):
        for n in range(300):
            table.publish("log", b'{"v":1,"cafe":"corner","table":"t1","n":%d}' % n)
        good = {"v": 1, "cafe": "corner", "table": "t1", "boot": "b", "n": 1, "at": 1e9}
        table.publish("log", dumps({**good, "level": "INFO", "logger": "x", "text": "kept"}))
        table.play()
        table.wait_ack(table.events[-1][1].seq, 2)
        wait_until(lambda: bool(server.log_lines("t1")), what="the good log line kept")
    said = [r.getMessage() for r in caplog.records if "log line refused" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("cafe: log line refused: companion/corner/t1/log")
    assert [line.text for line in server.log_lines("t1")] == ["kept"]
    assert server.dead() is None
    table.disconnect()


def test_a_message_over_the_size_limit_is_set_aside_unparsed(
    servers: Servers, journal: Path
) -> None:
    """Issue 22 "bounds size before parsing": a 1 MB events message is quarantined
    (its first 256 KB kept) with its size as the reason."""
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    big = dumps({"v": 1, "cafe": "corner", "table": "t1", "pad": "x" * 1_000_000})
    table.publish("events", big)
    table.play()
    table.wait_ack(table.events[-1][1].seq, 2)
    (row,) = server.quarantined()
    assert "more than 262144" in row.reason
    assert row.payload == big[: 256 * 1024]
    table.disconnect()


def test_storing_resumes_by_itself_when_the_disk_has_room_again(
    servers: Servers, journal: Path
) -> None:
    """Issue 22: a full disk on the server stalled it after space returned (the batch
    never acknowledged, the broker's in-flight window full) until a restart. SQLite's
    ``max_page_count`` makes the database full as a full disk does (SQLITE_FULL); once
    it is lifted the same server stores everything, with no restart, and nothing is
    quarantined for it."""
    server = servers.start()
    db = server.store._db  # type: ignore[attr-defined]
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    table.play(0, 3)
    table.wait_ack(table.events[2][1].seq, 1)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    table.play(3)
    wait_until(server.writer.failing.is_set, what="the full database")
    assert not server.receiving()
    db.execute("PRAGMA max_page_count = 1073741823")
    table.wait_ack(table.events[-1][1].seq, 2)
    assert server.receiving() and server.quarantined() == []
    assert _seqs(server, "t1") == sorted(e.seq for _, e in table.events)
    table.disconnect()


def test_staff_see_the_quarantine_and_whether_the_server_receives(
    filled: CafeServer, client: TestClient
) -> None:
    """Issue 22 "shown on the staff pages": /quarantine.json lists what was set aside
    (table, topic, reason, payload as text), to staff only."""
    poison = b'{"v":1,"cafe":"corner","table":"t9","game":{"id":1,"players":["A\\u0000"]}}'
    filled.take([Incoming("t9", "events", poison)])
    assert client.get("/quarantine.json").status_code == 403
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
    assert token is not None
    client.post("/login", data={"password": PASSWORD, "csrf": token[1]})
    body = client.get("/quarantine.json").json()
    (row,) = body["quarantined"]
    assert (row["table"], row["topic"], row["times"]) == ("t9", "events", 1)
    assert "NUL" in row["reason"] and row["payload"] == poison.decode()
    assert body["receiving"] is False  # this server was never started: nothing comes


def _log_in(client: TestClient) -> None:
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
    assert token is not None
    client.post("/login", data={"password": PASSWORD, "csrf": token[1]})


def test_the_dashboard_shows_staff_what_was_set_aside(
    filled: CafeServer, client: TestClient
) -> None:
    """Issue 22 "quarantined and shown": the staff's dashboard lists the messages set
    aside (the table, when to the second, how many times, why) and links the full list;
    a guest's dashboard and the public ``/.json`` show nothing of them."""
    poison = b'{"v":1,"cafe":"corner","table":"t9","game":{"id":1,"players":["A\\u0000"]}}'
    filled.take([Incoming("t9", "events", poison), Incoming("t9", "events", poison)])
    guest = client.get("/").text
    assert 'id="set-aside"' not in guest and "t9" not in guest
    assert "quarantine" not in json.dumps(client.get("/.json").json())
    _log_in(client)
    page = client.get("/").text
    section = page[page.index('id="set-aside"') :]
    assert "Messages set aside" in section and 'href="/quarantine.json"' in section
    (row,) = re.findall(r"<tr><td>t9</td>(.*?)</tr>", section)
    assert "<td>2</td>" in row and "holds NUL" in row
    assert re.search(r"<td>[^<]*\d:\d\d:\d\d[^<]*</td>", row), row  # to the second, as the log
    french = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Messages mis de côté" in french


def test_a_damaged_database_is_set_aside_salvaged_and_the_tables_send_again(
    servers: Servers, tmp_path: Path, journal: Path
) -> None:
    """Issue 22: a damaged server database refused to start. Now it is renamed whole
    (never deleted), what reads is copied into a new one, the server starts on it,
    and its acks (from what it holds now) make the table send again what is missing."""
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    table.play()
    table.wait_ack(table.events[-1][1].seq, 2)
    servers.stop(server)
    database = tmp_path / "cafe.db"
    with database.open("r+b") as raw:
        raw.seek(4096 * 3)
        raw.write(b"\xa5" * 4096 * 2)  # two pages of events gone
    assert damage(database) is not None
    aside = salvage_if_damaged(database)
    assert aside is not None and aside.exists() and damage(database) is None
    seen = len(table.acks)
    again = servers.start()
    held = _seqs(again, "t1")
    assert len(held) < len(table.events)  # the copy misses what the damage took
    last = table.events[-1][1].seq
    table.wait_for(lambda acks: any(a.seq < last for a in acks[seen:]))  # it went back
    table.resend()  # what a table does when its ack goes back (contract "ack")
    table.wait_ack(last, 2)
    assert _seqs(again, "t1") == sorted(e.seq for _, e in table.events)
    table.disconnect()


def test_the_dashboard_says_not_receiving_when_a_thread_died(
    servers: Servers, journal: Path
) -> None:
    """Issue 22: with the MQTT thread dead, storing stopped silently while the pages
    stayed up. Now the dashboard says "not receiving" (and ``/.json`` has
    ``receiving: false``), and the watch ends the process (its ``end``: SIGTERM to
    itself in ``companion cafe``, which then exits with status 3)."""
    server = servers.start()
    app = create_app(server, password_hash=lambda: None, secret="s" * 32)
    ended = threading.Event()
    watch = Watch(server, every=0.01, end=ended.set)
    watch.start()
    with TestClient(app) as client:
        assert client.get("/.json").json()["receiving"] is True
        assert 'id="not-receiving"' not in client.get("/").text
        server.link._client.loop_stop()  # the network thread ends, as a crash would end it
        assert ended.wait(10), "the watch did not see the dead thread"
        assert watch.died == "the MQTT network thread"
        assert client.get("/.json").json()["receiving"] is False
        assert 'id="not-receiving"' in client.get("/").text
    watch.stop()


def test_the_dashboard_says_not_receiving_while_the_broker_is_down(
    servers: Servers, broker: Broker
) -> None:
    """Issue 22 (docs/security.md: no message can silence the cafe unseen): with the
    broker stopped, nothing a table sends reaches the server, yet the dashboard said
    ``receiving`` and showed every table as it was last, online. Now it says "not
    receiving" until the server is connected and subscribed again."""
    server = servers.start()
    app = create_app(server, password_hash=lambda: None, secret="s" * 32)
    with TestClient(app) as client:
        assert client.get("/.json").json()["receiving"] is True
        broker.stop()
        wait_until(lambda: not server.link.connected.is_set(), what="the server disconnected")
        assert client.get("/.json").json()["receiving"] is False
        assert 'id="not-receiving"' in client.get("/").text
        broker.start()
        wait_until(server.link.connected.is_set, 40.0, "the server connected again")
        assert client.get("/.json").json()["receiving"] is True
        assert 'id="not-receiving"' not in client.get("/").text


def test_the_database_s_trouble_is_retried_and_a_message_s_is_set_aside(database: str) -> None:
    """Issue 22: what decides between quarantine (the message's fault) and retrying
    the batch (the database's: a full disk, a lost connection), on each backend."""
    import sqlite3

    store = open_store(database)
    theirs: list[Exception]
    mine: list[Exception]
    try:
        if is_url(database):
            import psycopg

            theirs = [psycopg.OperationalError("server closed the connection"), OSError(28, "")]
            mine = [psycopg.DataError("text cannot contain NUL"), psycopg.IntegrityError("x")]
        else:
            theirs = [sqlite3.OperationalError("database or disk is full"), OSError(28, "")]
            mine = [sqlite3.IntegrityError("x"), sqlite3.ProgrammingError("x")]
        mine += [OverflowError("too big"), UnicodeEncodeError("utf-8", "\ud800", 0, 1, "x")]
        assert [store.fault(exc) for exc in theirs] == [True] * len(theirs)
        assert [store.fault(exc) for exc in mine] == [False] * len(mine)
    finally:
        store.close()
