"""The broker's passwords and ACL (issue 14, docs/cafe.md "broker security"): a
table writes only its own status, state and events, reads only its own ack and
commands; nobody gets in without the password."""

from __future__ import annotations

import threading
from typing import Any

import paho.mqtt.client as mqtt
from broker_harness import DEADLINE, SERVER, Broker, Server, broker_fixture, server_fixture  # noqa: F401 (the fixtures)
from paho.mqtt.enums import CallbackAPIVersion

FORGED = b'{"v":1,"seq":999,"games":999}'


def test_a_table_cannot_publish_on_another_tables_topics(broker: Broker, server: Server) -> None:
    """Issue 14: table-t1 publishing on every topic of t2, and on its own ack and
    command topics (the server's), reaches nobody; its own events do."""
    t1 = broker.client("table-t1")
    try:
        for leaf in ("status", "state", "events", "ack", "command"):
            t1.publish(f"companion/rosie/t2/{leaf}", FORGED, qos=1).wait_for_publish(DEADLINE)
        for leaf in ("ack", "command"):
            t1.publish(f"companion/rosie/t1/{leaf}", FORGED, qos=1).wait_for_publish(DEADLINE)
        t1.publish("companion/rosie/t1/events", b"marker", qos=1)
        server.wait(lambda: server.on("t1", "events") == [b"marker"], "t1's own events")
    finally:
        t1.disconnect()
        t1.loop_stop()
    assert not [topic for topic, _, _ in server.messages if "/t2/" in topic]
    assert not [topic for topic, payload, _ in server.messages if payload == FORGED]
    assert server.on("t1", "command") == []


def test_a_table_cannot_read_another_tables_commands(broker: Broker) -> None:
    """Issue 14: t1 subscribed to t2's commands (and everything) gets only its own."""
    got: list[str] = []
    arrived = threading.Condition()

    def note(client: mqtt.Client, _: Any, message: mqtt.MQTTMessage) -> None:
        with arrived:
            got.append(message.topic)
            arrived.notify_all()

    t1 = broker.client("table-t1")
    staff = broker.client(SERVER)
    subscribed = threading.Event()
    t1.on_message = note
    t1.on_subscribe = lambda *_: subscribed.set()
    try:
        t1.subscribe([("companion/rosie/t2/command", 1), ("companion/#", 1)])
        assert subscribed.wait(DEADLINE)
        staff.publish("companion/rosie/t2/command", b"for t2", qos=1).wait_for_publish(DEADLINE)
        staff.publish("companion/rosie/t1/command", b"for t1", qos=1)
        with arrived:
            assert arrived.wait_for(lambda: "companion/rosie/t1/command" in got, DEADLINE)
    finally:
        for client in (t1, staff):
            client.disconnect()
            client.loop_stop()
    assert got == ["companion/rosie/t1/command"]


def test_a_wrong_password_is_refused(broker: Broker) -> None:
    """Contract: a password file; no anonymous access."""
    for user, password in (("table-t1", "guess"), ("nobody", "pw"), ("", "")):
        codes: list[Any] = []
        answered = threading.Event()
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id="test-intruder", reconnect_on_failure=False
        )
        client.username_pw_set(user or None, password or None)

        def connected(
            *args: Any, codes: list[Any] = codes, done: threading.Event = answered
        ) -> None:
            codes.append(args[3])
            done.set()

        client.on_connect = connected
        client.connect("127.0.0.1", broker.port, 30)
        client.loop_start()
        try:
            assert answered.wait(DEADLINE)
        finally:
            client.disconnect()
            client.loop_stop()
        assert codes[0].is_failure, (user, codes)
