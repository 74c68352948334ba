"""Fuzz the cafe server's handling of one MQTT message (docs/security.md, "The bus").

The input is ``TOPIC\\nPAYLOAD``: the topic (UTF-8, as Mosquitto lets through) and the
payload's bytes, handed to the very method paho's network thread calls
(:meth:`companion.cafe.link.Link._on_message`, unguarded here so that what the guard
would swallow is seen) on a real :class:`~companion.cafe.server.CafeServer` over
SQLite in memory; what it delivers is stored at once (:meth:`CafeServer.take`, the
writer's work, on this thread). A crash is any exception out of either, or a state
in which the next valid ``events`` message of another table is no longer stored and
acked (checked after every input). An input that starts ``~`` is a seed's valid
message edited by the rest (:func:`fuzzing.edited`), its topic kept.

    python bench/fuzz/cafe_message.py -max_total_time=300
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from fuzzing import STRUCTURED, TESTS, edited, instrumented, run

with instrumented():
    from paho.mqtt.client import MQTTMessage

    from companion.bus.contract import LogEntry, TableState, Topics, dump, parse_topic
    from companion.cafe.ingest import Incoming, LostSession
    from companion.cafe.server import CafeServer
    from companion.cafe.settings import BrokerSection, CafeSection, CafeSettings, DatabaseSection
    from companion.cafe.sqlite import SqliteStore

CAFE = "corner"
#: The table whose messages must still be stored after each input (no input names it).
SENTINEL = "sentinel"


class Broker:
    """What the server asks of paho's client: acks and publications, kept in count."""

    def __init__(self) -> None:
        self.acked = 0
        self.published = 0

    def ack(self, mid: int, qos: int) -> None:
        self.acked += 1

    def publish(self, topic: str, payload: bytes, qos: int = 0, retain: bool = False) -> None:
        self.published += 1


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


clock = Clock()
settings = CafeSettings(
    cafe=CafeSection(CAFE),
    broker=BrokerSection(host="127.0.0.1", port=1),
    database=DatabaseSection(":memory:"),
)
server = CafeServer(settings, SqliteStore(":memory:"), key=b"k" * 32, clock=clock)
broker = Broker()
server.link._client = broker


def deliver(item: Incoming | LostSession) -> None:
    """The writer's work, at once: the batch of one message stored and acked."""
    server.take([item] if isinstance(item, Incoming) else [])


server.link.deliver = deliver
#: The sentinel's last event number.
sent = [0]


def sentinel() -> None:
    """The next event of another table: stored, and its ack moves to it."""
    sent[0] += 1
    seq = sent[0]
    body = {
        "v": 1,
        "cafe": CAFE,
        "table": SENTINEL,
        "game": {"id": 1, "game": "trump", "players": ["A", "B"], "started": 1.0},
        "event": {"seq": seq, "at": 2.0, "kind": "table", "payload": {}},
    }
    applied = server.take([Incoming(SENTINEL, "events", dump(body), False, None)])
    ack = applied.acks.get(SENTINEL)
    if applied.stored < 1 or ack is None or ack.seq != seq:
        raise AssertionError(f"the sentinel's event {seq} was not stored: {applied}")


def message(topic: str, payload: bytes, qos: int, retain: bool) -> Any:
    made = MQTTMessage(mid=7, topic=topic.encode())
    made.payload, made.qos, made.retain = payload, qos, retain
    return made


#: The seeds' messages as (topic, JSON value), for the structured inputs.
valid: list[tuple[bytes, Any]] = []


def structured(data: bytes) -> bytes:
    """``TOPIC\nPAYLOAD`` of a seed message whose JSON ``data`` edited."""
    if not valid:
        for message in seeds().values():
            head, _, payload = message.partition(b"\n")
            if payload.startswith(b"{"):
                valid.append((head, json.loads(payload)))
    head, value = valid[data[0] % len(valid)] if data else valid[0]
    return head + b"\n" + json.dumps(edited(value, data[1:])).encode()


def one_input(data: bytes) -> None:
    if data[:1] == bytes([STRUCTURED]):
        data = structured(data[1:])
    head, _, payload = data.partition(b"\n")
    try:
        topic = head.decode("utf-8")
    except UnicodeDecodeError:
        return  # Mosquitto refuses a topic that is not UTF-8 (MQTT 3.1.1, 4.7.3)
    if "\x00" in topic or "+" in topic or "#" in topic:
        return  # the broker refuses these in a published topic
    where = parse_topic(CAFE, topic)
    if where is not None and where[0] == SENTINEL:
        return
    flags = len(payload) % 4
    acked = broker.acked
    server.link._on_message(broker, None, message(topic, payload, flags & 1, bool(flags & 2)))
    if flags & 1 and broker.acked == acked:
        raise AssertionError(f"a QoS 1 message on {topic!r} was never acknowledged")
    sentinel()


def seeds() -> dict[str, bytes]:
    sys.path.insert(0, str(TESTS / "cafe"))
    sys.path.insert(0, str(TESTS / "daemon"))
    from cafe_fixtures import STATE
    from cafe_sim import SimTable, play_journal

    folder = Path(tempfile.mkdtemp())
    table = SimTable("t1", 1, play_journal(folder / "journal.db", games=1), CAFE)
    events = f"companion/{CAFE}/t1/events\n".encode()
    found = {f"events-{i}": events + p for i, p in enumerate(table.payloads()[:12])}
    state = TableState.of("t1", STATE, "t1").payload(table.topics)
    found["state"] = f"companion/{CAFE}/t1/state\n".encode() + state
    linked = dict(STATE, game={**STATE["game"], "link": "ab" * 32, "journal": table.identity})
    found["state-link"] = found["state"].replace(
        state, TableState.of("t1", linked, "t1").payload(table.topics)
    )
    turned = dict(STATE, game={**STATE["game"], "turn": 3, "moves_left": 2, "moves_allowed": 3})
    found["state-turn"] = found["state"].replace(
        state, TableState.of("t1", turned, "t1").payload(table.topics)
    )
    found["status"] = f"companion/{CAFE}/t1/status\nonline".encode()
    line = LogEntry("t1", "b1", 1, 1_700_000_000.0, "WARNING", "companion", "Camera lost")
    found["log"] = f"companion/{CAFE}/t1/log\n".encode() + line.payload(Topics(CAFE, "t1"))
    found["ack"] = f"companion/{CAFE}/t1/ack\n".encode() + b'{"v":1,"seq":1,"games":1}'
    for n in range(16):
        found[f"structured-{n}"] = bytes([STRUCTURED, n]) + bytes(range(n, n + 40))
    return found


if __name__ == "__main__":
    run("cafe_message", one_input, seeds)
