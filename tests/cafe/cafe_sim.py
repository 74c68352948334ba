"""A simulated table: a real game's journal sent over MQTT as the contract says.

The journal is made by the product itself (a Session playing a recorded Fibonachos
game, card by card); :class:`SimTable` sends its game rows and events, built by the
table's own :mod:`companion.bus.messages`, in an order the test chooses (the real
sender, :class:`companion.bus.client.TableBus`, always sends in the contract's
order: these tests check the server against late, repeated and missing messages),
follows its retained ``ack``, and can send everything again after the ack, as the
contract asks of a table.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from daemon_harness import fibonachos_steps, load_record
from paho.mqtt.enums import CallbackAPIVersion

from companion.bus.contract import Ack, GameFacts, TableState, Topics
from companion.bus.outbox import event_message
from companion.flows.registry import check_options
from companion.journal import GameEntry, Journal, JournalEvent
from companion.session import Session
from companion.table.events import CardPlaced, CardRemoved

CAFE = "corner"


def wait_until(check: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Poll ``check`` until it holds (a condition with a deadline, not a timed sleep)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.02)


def play_journal(
    path: Path,
    *,
    games: int = 1,
    start: float = 1_700_000_000.0,
    players: list[str] | None = None,
) -> Path:
    """A journal of ``games`` whole Fibonachos games (examples/fibonachos/short.json),
    its players' names or ``players``."""
    record = load_record("fibonachos", "short.json")
    clock = [start]

    def tick() -> float:
        clock[0] += 2.0
        return clock[0]

    with Journal.open(path) as journal:
        session = Session(journal, clock=tick)
        for _ in range(games):
            names = players or record["players"]
            session.start_game(
                "fibonachos", names, [], check_options("fibonachos", {"dealer": 2}, len(names))
            )
            for step in fibonachos_steps(record):
                for change in step:
                    assert isinstance(change, CardPlaced | CardRemoved)
                    session.table(change)
            session.end_game()
    return path


def dumps(value: Any) -> bytes:
    """Hand-made JSON, for the tests of messages that break the contract."""
    return json.dumps(value, separators=(",", ":")).encode()


def opened(entry: GameEntry) -> GameEntry:
    """The game as it was before it ended (what an event message carries in play)."""
    return replace(entry, ended=None, result=None)


class SimTable:
    """One table on the bus, sending a journal's games and events in journal order."""

    def __init__(
        self, name: str, port: int, journal: Path, cafe: str = CAFE, password: str | None = None
    ) -> None:
        self.name, self.cafe, self.port = name, cafe, port
        self.topics = Topics(cafe, name)
        with Journal.read(journal) as read:
            self.games = read.games()
            self.events: list[tuple[GameEntry, JournalEvent]] = [
                (entry, event) for entry in self.games for event in read.events(entry.id)
            ]
            self.identity = read.identity
        self.ack: Ack | None = None
        self.acks: list[Ack] = []
        self.commands: list[dict[str, Any]] = []
        #: Inside :meth:`_back_to_back`, what was published and not yet waited for.
        self._pending: list[mqtt.MQTTMessageInfo] | None = None
        self._got = threading.Condition()
        self.password = password
        self.client = self._client()
        self._connected_before = False

    def _client(self) -> mqtt.Client:
        """A paho client for one connection: a clean session, so a new one per
        connection is the same to the broker, and paho's ``loop_start`` on a client
        that ran before would leave the sockets of its first run open."""
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=f"table-{self.name}", clean_session=True
        )
        if self.password is not None:  # a secured broker: the table's own account
            client.username_pw_set(f"table-{self.name}", self.password)
        client.will_set(self.topic("status"), b"offline", qos=1, retain=True)
        client.on_connect = self._connected
        client.on_message = self._message
        return client

    def topic(self, leaf: str) -> str:
        return f"companion/{self.cafe}/{self.name}/{leaf}"

    def _connected(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        client.subscribe([(self.topic("ack"), 1), (self.topic("command"), 1)])
        client.publish(self.topic("status"), b"online", qos=1, retain=True)

    def _message(self, client: Any, userdata: Any, message: Any) -> None:
        with self._got:
            if message.topic.endswith("/ack"):
                self.ack = Ack.parse(message.payload).of(self.identity)
                self.acks.append(self.ack)
            else:
                self.commands.append(json.loads(message.payload))
            self._got.notify_all()

    def connect(self) -> None:
        if self._connected_before:
            self.client = self._client()
        self._connected_before = True
        self.client.connect("127.0.0.1", self.port, keepalive=10)
        self.client.loop_start()

    def disconnect(self) -> None:
        """A table stopping: it says ``offline`` (retained), then leaves."""
        self.publish("status", b"offline", retain=True)
        self.client.disconnect()
        self.client.loop_stop()

    def drop(self) -> None:
        """The network cut: no goodbye (the broker publishes the last will)."""
        self.client.loop_stop()
        sock = self.client.socket()
        if sock is not None:
            sock.close()

    # -- what a table publishes -----------------------------------------------------------

    def publish(self, leaf: str, payload: bytes, *, retain: bool = False) -> None:
        """One message at QoS 1, taken by the broker before this returns (in a run of
        :meth:`_back_to_back`, before the run ends)."""
        info = self.client.publish(self.topic(leaf), payload, qos=1, retain=retain)
        if self._pending is None:
            _published(info)
        else:
            self._pending.append(info)

    @contextmanager
    def _back_to_back(self) -> Iterator[None]:
        """The messages of the block go out without waiting for each one's PUBACK, as
        a table's outbox sends a backlog (paho keeps their order); the block ends once
        the broker has taken every one."""
        self._pending = []
        try:
            yield
        finally:
            pending, self._pending = self._pending, None
        for info in pending:
            _published(info)

    def game_message(self, entry: GameEntry, *, ended: bool = True) -> bytes:
        """The row of ``entry`` (as it was in play, unless ``ended``), as the table builds it."""
        before = [g.id for g in self.games if g.id < entry.id]
        row = entry if ended else opened(entry)
        return event_message(self.topics, row, None, self.identity, max(before, default=0))

    def event_message(self, index: int) -> bytes:
        entry, event = self.events[index]
        after = self.events[index - 1][1].seq if index else 0  # the journal's hole-free word
        return event_message(self.topics, opened(entry), event, self.identity, after)

    def send_game(self, entry: GameEntry, *, ended: bool = True) -> None:
        self.publish("events", self.game_message(entry, ended=ended))

    def send_event(self, index: int) -> None:
        self.publish("events", self.event_message(index))

    def payloads(self) -> list[bytes]:
        """Every events message of a whole journal, in the order :meth:`play` sends."""
        out = []
        for index, (entry, _) in enumerate(self.events):
            if index == 0 or self.events[index - 1][0].id != entry.id:
                out.append(self.game_message(entry, ended=False))
            out.append(self.event_message(index))
            if index + 1 == len(self.events) or self.events[index + 1][0].id != entry.id:
                out.append(self.game_message(entry))
        return out

    def state(self, totals: list[int], *, at: float, idle: float = 3.0) -> bytes:
        """A ``state`` of the first game in play with ``totals``, as the table builds it."""
        entry = self.games[0]
        game = GameFacts(
            entry.id, entry.game, "Fibonachos", tuple(entry.players), 1, 0, totals=tuple(totals)
        )
        devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
        return TableState(self.topics.table, at, game, devices, idle).payload(self.topics)

    def send_state(self, totals: list[int], *, at: float, idle: float = 3.0) -> None:
        self.publish("state", self.state(totals, at=at, idle=idle), retain=True)

    def play(self, start: int = 0, stop: int | None = None) -> None:
        """Events ``start``..``stop`` in order, each game's row before its first event
        and its ended row after its last (as a table in play sends them)."""
        end = len(self.events) if stop is None else stop
        with self._back_to_back():
            self._play(start, end)

    def _play(self, start: int, end: int) -> None:
        for index in range(start, end):
            entry, _ = self.events[index]
            if index == 0 or self.events[index - 1][0].id != entry.id:
                self.send_game(entry, ended=False)
            self.send_event(index)
            if index + 1 == len(self.events) or self.events[index + 1][0].id != entry.id:
                self.send_game(entry)

    def resend(self) -> None:
        """What the contract asks after a (re)connection: game rows after the ack's
        ``games`` (and every ended one), then every event after its ``seq``."""
        ack = self.ack or Ack()
        with self._back_to_back():
            for entry in self.games:
                if entry.id > ack.games or entry.ended is not None:
                    self.send_game(entry)
            for index, (_, event) in enumerate(self.events):
                if event.seq > ack.seq:
                    self.send_event(index)

    def wait_ack(self, seq: int, games: int, timeout: float = 20.0) -> None:
        """Until the ack (of this journal) says ``seq`` and ``games``."""

        def says() -> bool:
            return self.ack is not None and (self.ack.seq, self.ack.games) == (seq, games)

        with self._got:
            if not self._got.wait_for(says, timeout):
                raise AssertionError(f"{self.name}: ack {self.ack}, waited for {seq}, {games}")

    def wait_for(self, check: Callable[[list[Ack]], bool], timeout: float = 20.0) -> None:
        """Until ``check(acks received so far)`` holds."""
        with self._got:
            if not self._got.wait_for(lambda: check(self.acks), timeout):
                raise AssertionError(f"{self.name}: acks {self.acks[-3:]} never passed the check")

    def wait_command(self, count: int = 1, timeout: float = 20.0) -> dict[str, Any]:
        with self._got:
            if not self._got.wait_for(lambda: len(self.commands) >= count, timeout):
                raise AssertionError(f"{self.name}: no command came")
            return self.commands[count - 1]


def _published(info: mqtt.MQTTMessageInfo) -> None:
    """Until the broker has taken the message (its PUBACK), 10 s at most."""
    info.wait_for_publish(10)
    if not info.is_published():
        raise AssertionError(f"message {info.mid} not taken by the broker within 10 s")
