"""The cafe server under a cafe's load: N tables publishing at play speed.

Starts a Mosquitto broker (Debian's ``mosquitto``, by the tests' own harness,
tests/bus/broker_harness.py) on a free loopback port and the
real ``companion cafe`` in a child process, then N simulated tables (default 50),
each a paho client of its own, play a card every ``--interval`` seconds (with
jitter): an ``events`` message (the journal event) then a ``state`` message whose
first total is a marker. A client follows the dashboard's live feed (``/events``,
server-sent events) and notes when each marker shows. Reported:

- the server's CPU (share of one core over the run) and memory (RSS at the end,
  peak RSS), read from /proc;
- the time from a state published at a table to the dashboard's feed showing it
  (median and 95th percentile);
- whether every event sent is held once in the database at the end.

    .venv/bin/python bench/cafe.py [--tables 50] [--interval 3] [--seconds 60] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "bus"))
sys.path.insert(0, str(ROOT))

from broker_harness import Broker, free_port, wait_for_port  # noqa: E402

CAFE = "bench"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


class Table:
    """One simulated table: a game row, then a card every ``interval`` seconds."""

    def __init__(self, name: str, port: int, sent: dict[tuple[str, int], float]) -> None:
        self.name, self.sent, self.seq = name, sent, 0
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"table-{name}")
        self.client.will_set(self.topic("status"), b"offline", qos=1, retain=True)
        self.client.connect("127.0.0.1", port, keepalive=30)
        self.client.loop_start()
        self.client.publish(self.topic("status"), b"online", qos=1, retain=True)
        self.game = {
            "id": 1,
            "game": "fibonachos",
            "players": ["Ana", "Ben", "Cy"],
            "variants": [],
            "options": {},
            "started": time.time(),
            "ended": None,
            "result": None,
        }
        self.send("events", {"game": self.game, "event": None})

    def topic(self, leaf: str) -> str:
        return f"companion/{CAFE}/{self.name}/{leaf}"

    def send(self, leaf: str, body: dict[str, Any], *, retain: bool = False) -> None:
        message = {"v": 1, "cafe": CAFE, "table": self.name, **body}
        payload = json.dumps(message, separators=(",", ":")).encode()
        self.client.publish(self.topic(leaf), payload, qos=1, retain=retain)

    def card(self) -> None:
        self.seq += 1
        event = {
            "seq": self.seq,
            "at": time.time(),
            "kind": "table",
            "payload": {"event": "placed", "key": f"fibonachos/1/R{self.seq % 16 + 1}#1"},
        }
        self.send("events", {"game": self.game, "event": event})
        game = {
            "id": 1,
            "game": "fibonachos",
            "label": "Fibonachos",
            "players": ["Ana", "Ben", "Cy"],
            "round": 1,
            "to_play": self.seq % 3,
            "totals": [self.seq, 0, 0],
            "over": False,
            "winners": [],
        }
        self.sent[(self.name, self.seq)] = time.monotonic()
        self.send(
            "state",
            {
                "at": time.time(),
                "game": game,
                "idle": 0.0,
                "devices": {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"},
            },
            retain=True,
        )

    def close(self) -> None:
        self.client.publish(self.topic("status"), b"offline", qos=1, retain=True).wait_for_publish(
            5
        )
        self.client.disconnect()
        self.client.loop_stop()


def follow(
    url: str, sent: dict[tuple[str, int], float], seen: list[float], stop: threading.Event
) -> None:
    """Read the dashboard's feed; note the delay of each marker the first time it shows."""
    with httpx.Client(timeout=None) as client, client.stream("GET", url) as response:
        kind = ""
        for line in response.iter_lines():
            if stop.is_set():
                return
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:") and kind == "card":
                card = json.loads(line[5:])["card"]
                totals = card.get("totals") or [None]
                start = sent.pop((card["name"], totals[0]), None)
                if start is not None:
                    seen.append(time.monotonic() - start)


def run(tables: int, interval: float, seconds: float) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="cafe-bench-"))
    mq = Broker(folder)
    mq.configure(CAFE, secured=False)
    broker, web = mq.port, free_port()
    (folder / "cafe.toml").write_text(
        f'[cafe]\nname = "{CAFE}"\n[broker]\nhost = "127.0.0.1"\nport = {broker}\n'
        f'[database]\npath = "{folder / "cafe.db"}"\n[web]\nhost = "127.0.0.1"\nport = {web}\n'
        f'password_file = "{folder / "pw"}"\nsecret_file = "{folder / "cookie"}"\n'
        f'[staff]\nkey_file = "{folder / "none.key"}"\n',
        encoding="utf-8",
    )
    mq.start()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "cafe", "--config", str(folder / "cafe.toml")],
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(web, 30.0, server)
        sent: dict[tuple[str, int], float] = {}
        seen: list[float] = []
        stop = threading.Event()
        reader = threading.Thread(
            target=follow, args=(f"http://127.0.0.1:{web}/events", sent, seen, stop), daemon=True
        )
        reader.start()
        made = [Table(f"t{n + 1}", broker, sent) for n in range(tables)]
        rng = random.Random(1)
        due = [time.monotonic() + rng.uniform(0, interval) for _ in made]
        cpu0, wall0 = cpu_seconds(server.pid), time.monotonic()
        cards = 0
        while time.monotonic() - wall0 < seconds:
            now = time.monotonic()
            index = min(range(len(made)), key=due.__getitem__)
            if due[index] > now:
                time.sleep(min(due[index] - now, 0.05))
                continue
            made[index].card()
            cards += 1
            due[index] = now + interval * rng.uniform(0.5, 1.5)
        time.sleep(2.0)  # the last cards reach the dashboard
        cpu = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - wall0)
        memory = memory_kb(server.pid)
        stop.set()
        for table in made:
            table.close()
        with sqlite3.connect(folder / "cafe.db") as db:
            held = db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    finally:
        server.terminate()
        server.wait(20)
        mq.stop()
        shutil.rmtree(folder, ignore_errors=True)
    seen.sort()
    return {
        "tables": tables,
        "interval_s": interval,
        "seconds": seconds,
        "cards": cards,
        "events_held": held,
        "cpu_share_of_one_core": round(cpu, 3),
        "rss_mb": round(memory["VmRSS"] / 1024, 1),
        "peak_rss_mb": round(memory["VmHWM"] / 1024, 1),
        "shown": len(seen),
        "latency_median_ms": round(statistics.median(seen) * 1000, 1) if seen else None,
        "latency_p95_ms": round(seen[int(0.95 * (len(seen) - 1))] * 1000, 1) if seen else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between cards")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.tables, args.interval, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"{figures['tables']} tables, a card every {figures['interval_s']} s each, "
        f"{figures['seconds']:.0f} s: {figures['cards']} cards, "
        f"{figures['events_held']} events held"
    )
    print(
        f"server CPU {figures['cpu_share_of_one_core'] * 100:.1f}% of one core, "
        f"RSS {figures['rss_mb']} MB (peak {figures['peak_rss_mb']} MB)"
    )
    print(
        f"published -> dashboard feed: median {figures['latency_median_ms']} ms, "
        f"95th percentile {figures['latency_p95_ms']} ms ({figures['shown']} shown)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
