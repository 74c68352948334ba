"""bench/cafe.py's tables: a real game's messages, played by many tables in several processes.

:func:`script` makes, once, what one table sends through a recorded Fibonachos game
(examples/fibonachos/short.json, played card by card by the product's own
:class:`~companion.session.Session` into a journal, as tests/cafe/cafe_sim.py does):
each ``events`` message as the table's bus builds it (the game row before the game's
first event, every event, the ended row after its last), each followed by the
retained ``state`` the table publishes then: the game's facts
(:func:`companion.bus.messages.game_state`), its players' page view
(:func:`companion.views.live.table_view`) and link digest, as a table in play with
phones sends them.

:func:`drive` is one process's share of the tables: each its own paho client and
connection (client id ``table-<name>``, a last will, a retained ``online``, QoS 1),
a step of the script every ``interval`` seconds (jittered), until ``seconds`` have
passed or the script ends. Each ``state`` carries ``idle: 0`` and ``at`` the time it
was sent, so the dashboard card's ``idle_since`` says when it left the table: the
latency is the time the feed shows it minus that (one clock: one machine).
"""

from __future__ import annotations

import hashlib
import heapq
import json
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.bus.contract import GameFacts

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tests" / "bus", ROOT / "tests" / "daemon", ROOT / "tests" / "cafe"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

DEVICES = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}


@dataclass(frozen=True)
class Step:
    """One ``events`` message (its body, ``table`` to fill in) and the state after it:
    the game in play (None: between games) with its page view."""

    events: dict[str, Any]
    game: GameFacts | None


def script(games: int) -> list[Step]:
    """The steps of a table playing ``games`` recorded Fibonachos games, in order."""
    from cafe_sim import SimTable, play_journal

    from companion.bus.messages import game_state
    from companion.flows.registry import make_flow
    from companion.session import feed
    from companion.views.live import table_view

    with tempfile.TemporaryDirectory(prefix="cafe-bench-journal-") as folder:
        sim = SimTable("TABLE", 1, play_journal(Path(folder) / "journal.db", games=games), "bench")
        payloads = sim.payloads()
    steps, flow = [], None
    for payload in payloads:
        body = json.loads(payload)
        row, event = body["game"], body["event"]
        players = list(row["players"])
        if event is None and row["ended"] is None:
            flow = make_flow(row["game"], players, row["variants"], options=row["options"])
        elif event is not None and flow is not None:
            feed(flow, event["kind"], event["payload"])
        game = None
        if row["ended"] is None and flow is not None:
            live = table_view(flow, players, game_id=row["id"])
            game = replace(game_state(row["id"], flow, players), live=live)
        steps.append(Step(body, game))
    return steps


def digest(table: str, game_id: int) -> str:
    """A players' link digest of ``table``'s game (the SHA-256 of a token)."""
    return hashlib.sha256(f"bench-{table}-{game_id}".encode()).hexdigest()


class Table:
    """One simulated table: its own MQTT connection, the script's steps in turn."""

    def __init__(self, cafe: str, name: str, port: int) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.cafe, self.name, self.step = cafe, name, 0
        self.connected = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"table-{name}")
        self.client.will_set(self.topic("status"), b"offline", qos=1, retain=True)
        self.client.on_connect = lambda *_: self.connected.set()
        self.client.connect_async("127.0.0.1", port, keepalive=60)
        self.client.loop_start()

    def topic(self, leaf: str) -> str:
        return f"companion/{self.cafe}/{self.name}/{leaf}"

    def online(self) -> None:
        self.client.publish(self.topic("status"), b"online", qos=1, retain=True)

    def play(self, step: Step) -> tuple[int, bool]:
        """Send ``step``: its events message, then the state. The event's seq (0: a
        game row) and whether a state was sent."""
        from companion.bus.contract import TableState, Topics, dump

        events = {**step.events, "table": self.name}
        self.client.publish(self.topic("events"), dump(events), qos=1)
        game = step.game
        if game is not None:
            game = replace(game, link=digest(self.name, game.id or 0))
        state = TableState(self.name, time.time(), game, DEVICES, idle=0.0)
        payload = state.payload(Topics(self.cafe, self.name))
        self.client.publish(self.topic("state"), payload, qos=1, retain=True)
        event = step.events["event"]
        return (event["seq"] if event is not None else 0), True

    def close(self) -> None:
        info = self.client.publish(self.topic("status"), b"offline", qos=1, retain=True)
        info.wait_for_publish(10)
        self.client.disconnect()
        self.client.loop_stop()


@dataclass(frozen=True)
class Plan:
    """What every process plays: the cafe and broker port, the script, a step every
    ``interval`` seconds from wall time ``start`` for ``seconds``."""

    cafe: str
    port: int
    steps: list[Step]
    interval: float
    start: float
    seconds: float


def drive(plan: Plan, names: list[str], report: Any) -> None:
    """Play ``names`` (one connection each) as ``plan`` says; put ``(events sent,
    states sent, tables connected)`` on the queue ``report``."""
    steps, interval, start, seconds = plan.steps, plan.interval, plan.start, plan.seconds
    tables = [Table(plan.cafe, name, plan.port) for name in names]
    connected = sum(table.connected.wait(60) for table in tables)
    for table in tables:
        table.online()
    rng = random.Random(names[0] if names else "")
    due = [(start + rng.uniform(0, interval), index) for index in range(len(tables))]
    heapq.heapify(due)
    events = states = 0
    while due:
        when, index = heapq.heappop(due)
        if when >= start + seconds:
            break
        delay = when - time.time()
        if delay > 0:
            time.sleep(delay)  # the table's pace: play speed, not a wait for a result
        table = tables[index]
        if table.step >= len(steps):
            continue  # its journal is played out: it stays connected, quiet
        seq, stated = table.play(steps[table.step])
        table.step += 1
        events += seq > 0
        states += stated
        heapq.heappush(due, (when + interval * rng.uniform(0.5, 1.5), index))
    for table in tables:
        table.close()
    report.put((events, states, connected))
