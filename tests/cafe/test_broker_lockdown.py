"""The broker locked down as docs/cafe.md sets it up (issue 22, item 3), met with the
real Mosquitto and the real server: a table's account cannot take the server's client
id (which kicked the server and discarded its kept session), and a message over the
contract's size never reaches the server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from broker_harness import MOSQUITTO, Broker, let_go
from cafe_fixtures import Servers
from cafe_sim import CAFE, SimTable
from paho.mqtt.enums import CallbackAPIVersion


@pytest.fixture
def secured(tmp_path: Path) -> Iterator[Broker]:
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (apt-get install mosquitto)")
    (tmp_path / "broker").mkdir()
    broker = Broker(tmp_path / "broker")
    broker.configure(CAFE, ("t1", "t2"))
    broker.start()
    yield broker
    broker.stop()


def _hostile(broker: Broker, client_id: str) -> tuple[mqtt.Client, threading.Event]:
    """A paho client logged in with table t1's account under ``client_id``."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
    client.username_pw_set("table-t1", broker.passwords["table-t1"])
    closed = threading.Event()
    client.on_disconnect = lambda *_: closed.set()
    connected = threading.Event()
    client.on_connect = lambda *_: connected.set()
    client.connect("127.0.0.1", broker.port, 30)
    client.loop_start()
    assert connected.wait(10), "the hostile client could not log in"
    return client, closed


def test_a_tables_account_cannot_take_the_servers_client_id(
    secured: Broker, tmp_path: Path, journal: Path
) -> None:
    """Issue 22: any table's account could connect under the server's client id,
    kicking the server and discarding its kept session. With
    ``use_username_as_clientid`` the id is the account's: the server stays connected
    with its session, and what a table sends next is stored."""
    made = Servers(secured.port, tmp_path / "cafe.db")
    made.login(secured, tmp_path)
    server = made.start()
    try:
        drops = []
        server.link.connected.clear = lambda: drops.append(1)  # type: ignore[method-assign]
        hostile, _ = _hostile(secured, made.settings.client_id())
        table = SimTable("t2", secured.port, journal, password=secured.passwords["table-t2"])
        table.connect()
        table.play()
        table.wait_ack(table.events[-1][1].seq, 2)
        assert drops == [], "the server was kicked off the broker"
        hostile.disconnect()
        hostile.loop_stop()
        table.disconnect()
    finally:
        made.stop(server)


def test_a_message_over_the_size_limit_never_reaches_the_server(
    secured: Broker, tmp_path: Path, journal: Path
) -> None:
    """Issue 22: 48 MB messages were accepted. ``max_packet_size`` makes the broker
    close the connection of a client that sends more than the contract's size; the
    server receives nothing of it (nothing quarantined, nothing stored)."""
    made = Servers(secured.port, tmp_path / "cafe.db")
    made.login(secured, tmp_path)
    server = made.start()
    try:
        hostile, closed = _hostile(secured, "anything")
        hostile.publish("companion/corner/t1/events", b"x" * 1_000_000, qos=1)
        assert closed.wait(10), "the broker took a 1 MB message"
        let_go(hostile)
        table = SimTable("t2", secured.port, journal, password=secured.passwords["table-t2"])
        table.connect()
        table.play()
        table.wait_ack(table.events[-1][1].seq, 2)  # after anything the broker passed on
        assert server.quarantined() == []
        table.disconnect()
    finally:
        made.stop(server)
