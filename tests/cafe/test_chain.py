"""A chain of cafes, on this machine (issue 14: "two brokers, a cafe's broker bridging its
topics to a central one, and one central server on PostgreSQL reading both";
docs/cafe.md "A chain of cafes").

Three real Mosquitto processes: the brokers of the cafes ``corner`` and ``harbour``,
each bridging its tables' topics to a central broker; the central ``companion cafe``
server on a real PostgreSQL reads both cafes. Tables talk only to their own cafe's
broker, and both cafes have a table ``t1``: the server keeps them apart
(``corner.t1``, ``harbour.t1``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from broker_harness import MOSQUITTO, Broker
from cafe_fixtures import KEY, Servers
from cafe_sim import SimTable, dumps

from companion.bus.commands import signature
from companion.cafe.contract import parse_events, parse_topic, split_key, subscriptions
from companion.cafe.errors import MessageError, SettingsError
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSection, parse_settings
from companion.cafe.store import GameQuery
from companion.journal import Journal

CAFES = ("corner", "harbour")


class Chain:
    """The central broker, one bridged broker per cafe, and the central servers."""

    def __init__(self, folder: Path, database: str) -> None:
        (folder / "central").mkdir()
        self.central = Broker(folder / "central")
        self.central.configure("chain", secured=False)
        self.cafes: dict[str, Broker] = {}
        for cafe in CAFES:
            (folder / cafe).mkdir()
            self.cafes[cafe] = Broker(folder / cafe)
            self.cafes[cafe].configure(cafe, secured=False, bridge=self.central.port)
        self.servers = Servers(self.central.port, database, CafeSection("chain", list(CAFES)))

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
        SimTable("t1", chain.cafes["corner"].port, journal, cafe="corner"),
        SimTable("t2", chain.cafes["corner"].port, journal, cafe="corner"),
        SimTable("t1", chain.cafes["harbour"].port, journal, cafe="harbour"),
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
    later = SimTable("t1", chain.cafes["harbour"].port, journal, cafe="harbour")
    later.connect()
    later.wait_ack(last, 2)
    later.disconnect()


def test_a_staff_command_reaches_the_table_of_the_right_cafe(chain: Chain, journal: Path) -> None:
    """The central server signs a command for ``harbour.t1`` as harbour's table t1 (the
    contract's cafe and table), and only that table gets it, through its bridge."""
    server = chain.servers.start()
    harbour = SimTable("t1", chain.cafes["harbour"].port, journal, cafe="harbour")
    corner = SimTable("t1", chain.cafes["corner"].port, journal, cafe="corner")
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
    assert parse_events("chain", "harbour.t1", dumps(body)).game.table == "harbour.t1"
    with pytest.raises(MessageError, match="published under corner/t1"):
        parse_events("chain", "corner.t1", dumps(body))
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
