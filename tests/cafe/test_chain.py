"""A chain of cafes, on this machine (issue 14: "two brokers, a cafe's broker bridging its
topics to a central one, and one central server on PostgreSQL reading both";
docs/cafe.md "A chain of cafes").

Three real Mosquitto processes: the brokers of the cafes ``corner`` and ``harbour``,
each bridging its tables' topics to a central broker; the central ``companion cafe``
server on a real PostgreSQL reads both cafes. Tables talk only to their own cafe's
broker, and both cafes have a table ``t1``: the server keeps them apart
(``corner.t1``, ``harbour.t1``). Every broker is secured as docs/cafe.md sets it up:
each cafe's with its tables' passwords and the contract's ACL, the central one with
the server's account and one account per cafe's bridge, which writes and reads only
its own cafe's topics (:func:`broker_harness.central_acl_text`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from broker_harness import MOSQUITTO, Broker, let_go
from cafe_fixtures import KEY, Servers
from cafe_sim import SimTable, dumps, wait_until

from companion.bus.contract import Update, parse_topic, signature, split_key, subscriptions
from companion.bus.errors import MessageError
from companion.cafe.errors import SettingsError
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSection, parse_settings
from companion.cafe.store import GameQuery
from companion.journal import Journal

CAFES = ("corner", "harbour")
#: What a bridge reads of the central broker.
LEAVES = ("ack", "command")


class Chain:
    """The central broker, one bridged broker per cafe, and the central servers."""

    def __init__(self, folder: Path, database: str) -> None:
        (folder / "central").mkdir()
        self.central = Broker(folder / "central")
        self.central.configure_central(CAFES)
        self.cafes: dict[str, Broker] = {}
        for cafe in CAFES:
            (folder / cafe).mkdir()
            self.cafes[cafe] = Broker(folder / cafe)
            self.cafes[cafe].configure(cafe, ("t1", "t2"), bridge=self.central)
        self.servers = Servers(self.central.port, database, CafeSection("chain", list(CAFES)))
        self.servers.login(self.central, folder)

    def table(self, cafe: str, name: str, journal: Path) -> SimTable:
        """A table of ``cafe`` on its cafe's broker, logged in with its own account."""
        broker = self.cafes[cafe]
        return SimTable(name, broker.port, journal, cafe, broker.passwords[f"table-{name}"])

    def start(self) -> None:
        self.central.start()
        for broker in self.cafes.values():
            broker.start()

    def stop(self) -> None:
        for server in list(self.servers.running):
            self.servers.stop(server)
        for broker in (*self.cafes.values(), self.central):
            broker.stop()


@pytest.fixture
def chain(tmp_path: Path, pg_url: str) -> Iterator[Chain]:
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (apt-get install mosquitto)")
    made = Chain(tmp_path, pg_url)
    made.start()
    yield made
    made.stop()


def _held(server: CafeServer, key: str) -> list[tuple[int, int, str]]:
    rows = sorted(server.store.games(GameQuery(table=key, limit=100)), key=lambda r: r.id)
    return [(e.seq, e.game_id, e.kind) for row in rows for e in server.store.events(key, row.id)]


def _journal(journal: Path) -> list[tuple[int, int, str]]:
    with Journal.read(journal) as read:
        return [(e.seq, e.game_id, e.kind) for g in read.games() for e in read.events(g.id)]


def test_a_central_server_on_postgresql_holds_every_game_of_both_cafes_once(
    chain: Chain, journal: Path
) -> None:
    """Every game and event of the tables of both cafes reaches the central server
    through the bridges and is stored once, even sent twice and across a cut of the
    central link; the acks come back through the bridges to each table, and a table
    connecting later reads its ack from its own cafe's broker."""
    server = chain.servers.start()
    tables = [
        chain.table("corner", "t1", journal),
        chain.table("corner", "t2", journal),
        chain.table("harbour", "t1", journal),
    ]
    for table in tables:
        table.connect()
    half = len(tables[0].events) // 2
    for table in tables:
        table.play(0, half)
    for table in tables:
        table.wait_ack(table.events[half - 1][1].seq, 1)

    # The central broker goes away: the tables play on into their cafe's broker, which
    # keeps it for the bridge; the central broker comes back with its sessions.
    chain.central.stop()
    for table in tables:
        table.play(half)
    chain.central.start()
    last = tables[0].events[-1][1].seq
    for table in tables:
        table.wait_ack(last, 2)
        table.play()  # everything again: nothing is stored twice
        table.wait_ack(last, 2)
    server.writer.flush()

    keys = ["corner.t1", "corner.t2", "harbour.t1"]
    assert [card.name for card in server.tables()] == keys
    for key in keys:
        assert _held(server, key) == _journal(journal), key
    assert server.store.counts() == (2 * len(keys), len(tables[0].events) * len(keys))

    for table in tables:
        table.disconnect()
    later = chain.table("harbour", "t1", journal)
    later.connect()
    later.wait_ack(last, 2)
    later.disconnect()


def test_a_bridge_reconnecting_does_not_let_the_ack_pass_a_lost_event(
    chain: Chain, journal: Path
) -> None:
    """When its link to the centre comes back, a cafe's broker forwards each table's
    retained ``online`` live: it looks like the table reconnecting, though the table did
    not (and will not send again what was lost). The server's ack still stops before an
    event it never got (here the 4th, lost on the way), and moves on once it comes."""
    server = chain.servers.start()
    table = chain.table("corner", "t1", journal)
    table.connect()
    table.play(0, 3)
    table.wait_ack(table.events[2][1].seq, 1)
    chain.central.stop()
    chain.central.start()  # the bridge reconnects: corner t1's "online" comes live
    table.send_event(4)
    table.send_event(5)
    last = table.events[5][1].seq
    wait_until(lambda: last in [s for s, _, _ in _held(server, "corner.t1")], what="event 6")
    server.writer.flush()
    assert server.ingest.ack_of("corner.t1").seq == table.events[2][1].seq
    table.send_event(3)
    table.wait_ack(last, 1)
    table.disconnect()


def test_a_staff_command_reaches_the_table_of_the_right_cafe(chain: Chain, journal: Path) -> None:
    """The central server signs a command for ``harbour.t1`` as harbour's table t1 (the
    contract's cafe and table), and only that table gets it, through its bridge."""
    server = chain.servers.start()
    harbour = chain.table("harbour", "t1", journal)
    corner = chain.table("corner", "t1", journal)
    for table in (harbour, corner):
        table.connect()
        table.play(0, 1)
        table.wait_ack(table.events[0][1].seq, 1)
    server.send("harbour.t1", "message", {"text": "Closing at ten"})
    body = harbour.wait_command()
    assert (body["cafe"], body["table"], body["args"]) == (
        "harbour",
        "t1",
        {"text": "Closing at ten"},
    )
    assert body["sig"] == signature({k: v for k, v in body.items() if k != "sig"}, KEY)
    assert corner.commands == []
    for table in (harbour, corner):
        table.disconnect()


def test_a_cafes_bridge_can_neither_write_nor_read_another_cafes_topics(
    chain: Chain, journal: Path
) -> None:
    """The central ACL: a hostile bridge (corner's bridge account, its password stolen
    or corner's broker misconfigured to bridge more) publishes as harbour's table t1
    (an event it never played, an ``offline``) and as a harbour table that does not
    exist: the central broker refuses it all, the server stores none of it and harbour
    t1's games stay exactly its own. It reads none of harbour's acks or commands,
    while what it may read of its own cafe comes."""
    server = chain.servers.start()
    harbour, corner = chain.table("harbour", "t1", journal), chain.table("corner", "t1", journal)
    for table in (harbour, corner):
        table.connect()
        table.play(0, 2)
        table.wait_ack(table.events[1][1].seq, 1)

    reader = chain.central.client("bridge-corner")
    got: list[str] = []
    reader.on_message = lambda client, userdata, message: got.append(message.topic)
    reader.subscribe([(f"companion/{cafe}/+/{leaf}", 1) for cafe in CAFES for leaf in LEAVES])
    wait_until(lambda: "companion/corner/t1/ack" in got, what="corner's ack, which it may read")
    forged: list[tuple[str, bytes]] = [
        ("companion/harbour/t1/events", harbour.event_message(5)),
        ("companion/harbour/t1/status", b"offline"),
        ("companion/harbour/t9/status", b"online"),
    ]
    for topic, payload in forged:
        # Mosquitto 2.0.11 may acknowledge a QoS 1 publish the ACL denies, or drop the
        # client that sent it: each forgery on a connection of its own.
        _publish(chain.central, topic, payload)
    assert _publish(chain.central, "companion/corner/t7/status", b"online") == "published"
    # Its own cafe's topic went through, after the forged ones: they are not coming.
    wait_until(lambda: "corner.t7" in server.ingest.tables, what="corner t7's status")
    server.send("harbour.t1", "message", {"text": "for harbour only"})
    harbour.wait_command()
    server.writer.flush()
    assert "harbour.t9" not in server.ingest.tables
    assert server.ingest.tables["harbour.t1"].status == "online"
    assert _held(server, "harbour.t1") == _journal(journal)[:2]
    assert [topic for topic in got if "/harbour/" in topic] == []
    let_go(reader)  # the forgeries, under its account, took its connection over
    for table in (harbour, corner):
        table.disconnect()


def _publish(central: Broker, topic: str, payload: bytes) -> str:
    """Publish as corner's bridge on a connection of its own: ``published`` (the
    broker acknowledged it), or ``dropped`` (the broker closed the connection).

    The broker binds the client id to the account (``use_username_as_clientid``, issue
    22), so this connection and corner's own bridge take each other's place: the bridge,
    reconnecting, may take it over before the publish is sent or acknowledged. Then it
    is tried again, a few times, on a new connection."""
    for _attempt in range(4):
        if _published_once(central, topic, payload):
            return "published"
    return "dropped"


def _published_once(central: Broker, topic: str, payload: bytes) -> bool:
    """One connection as corner's bridge, one publish: did the broker acknowledge it?"""
    client = central.client("bridge-corner")
    dropped = threading.Event()
    client.on_disconnect = lambda *_: dropped.set()
    info = client.publish(topic, payload, qos=1, retain=True)
    sent = info.rc == mqtt.MQTT_ERR_SUCCESS
    if sent:
        wait_until(lambda: info.is_published() or dropped.is_set(), what=f"{topic} sent")
    published = sent and info.is_published()
    let_go(client)
    return published


def test_a_chain_server_reads_the_cafes_it_names_and_keys_their_tables() -> None:
    """``[cafe] cafes``: the server subscribes to each cafe named (``+``: every one); a
    table of another cafe than the server's own is ``cafe.table``, and a message must
    say the cafe and table it was published under."""
    assert parse_topic("chain", "companion/corner/t1/events", CAFES) == ("corner.t1", "events")
    assert parse_topic("chain", "companion/other/t1/events", CAFES) is None
    assert parse_topic("chain", "companion/other/t1/state", ("+",)) == ("other.t1", "state")
    assert parse_topic("corner", "companion/corner/t1/events") == ("t1", "events")
    assert split_key("chain", "harbour.t-2") == ("harbour", "t-2")
    assert split_key("corner", "t-2") == ("corner", "t-2")
    body = {
        "v": 1,
        "cafe": "harbour",
        "table": "t1",
        "game": {"id": 1, "game": "x", "players": [], "started": 1},
    }
    assert Update.parse("chain", "harbour.t1", dumps(body)).game.table == "harbour.t1"
    with pytest.raises(MessageError, match="published under corner/t1"):
        Update.parse("chain", "corner.t1", dumps(body))
    settings = parse_settings({"cafe": {"name": "chain", "cafes": list(CAFES)}}, "chain.toml")
    assert subscriptions(*settings.cafes()) == [
        f"companion/{cafe}/+/{leaf}"
        for cafe in ("chain", *CAFES)
        for leaf in ("status", "state", "events", "log")
    ]
    every = parse_settings({"cafe": {"name": "chain", "cafes": ["+"]}}, "chain.toml")
    assert every.cafes() == ("+",)
    with pytest.raises(SettingsError, match=r"chain.toml: \[cafe\]: cafe name 'Harbour'"):
        parse_settings({"cafe": {"cafes": ["corner", "Harbour"]}}, "chain.toml")
    with pytest.raises(SettingsError, match="set one, not both"):
        parse_settings({"database": {"path": "a.db", "url": "postgresql:///c"}}, "chain.toml")
