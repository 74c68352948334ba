"""The cafe server under a chain's load: N tables in several processes, at play speed.

Starts a Mosquitto broker (Debian's ``mosquitto``, by the tests' own harness,
tests/bus/broker_harness.py) on a free loopback port and the real ``companion cafe``
in a child process, then N simulated tables (bench/cafe_load.py) spread over
``--processes`` processes, each table a paho client with its own connection, playing
a recorded Fibonachos game's real messages (every ``events`` message, then the
retained ``state`` with the players' page view) one step every ``--interval``
seconds (jittered). A client follows the dashboard's live feed (``/events``,
server-sent events) and notes when each state shows. Reported:

- the server's CPU time over the play (a share of one core: CPU seconds, user and
  system, read from /proc, over the wall seconds; not wall time of a shared machine)
  and memory (RSS at the end, peak RSS);
- the time from a state leaving a table to the dashboard's feed showing it (median
  and 95th percentile; a state that a newer one of its table replaced before the feed
  showed it is not timed);
- whether every event sent is held exactly once in the database at the end.

    .venv/bin/python bench/cafe.py [--tables 1000] [--processes 4] [--interval 3]
                                   [--seconds 60] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
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


def percentile(values: list[float], share: float) -> float | None:
    """The ``share`` percentile of ``values`` (nearest rank), None for none.

    >>> percentile([0.3, 0.1, 0.2, 0.4], 0.5), percentile([], 0.95)
    (0.2, None)
    >>> percentile([float(n) for n in range(1, 101)], 0.95)
    95.0
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))  # ceil, 1-based
    return ordered[int(rank) - 1]


def delays(lines: list[tuple[float, str]]) -> list[float]:
    """The delay of each state the feed showed, the first time it showed: ``lines`` are
    (when read, a ``card`` event's data); a card's ``idle_since`` is when its state
    left the table (the tables send ``idle`` 0), the same state shown again is not
    timed again, a card without a state is not timed.

    >>> card = lambda name, since: json.dumps({"card": {"name": name, "idle_since": since}})
    >>> delays([(10.5, card("t1", 10.0)), (11.0, card("t1", 10.0)), (11.0, card("t2", None))])
    [0.5]
    """
    seen: set[tuple[str, float]] = set()
    out = []
    for when, data in lines:
        card = json.loads(data)["card"]
        since = card.get("idle_since")
        if not isinstance(since, float) or (card["name"], since) in seen:
            continue
        seen.add((card["name"], since))
        out.append(when - since)
    return out


def follow(url: str, lines: list[tuple[float, str]], stop: threading.Event) -> None:
    """Read the dashboard's feed, keeping each card event's data and when it came,
    until ``stop`` (or the server ends)."""
    try:
        with httpx2.Client(timeout=None) as client, client.stream("GET", url) as response:
            kind = ""
            for line in response.iter_lines():
                if stop.is_set():
                    return
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:") and kind == "card":
                    lines.append((time.time(), line[5:]))
    except httpx2.HTTPError:
        if not stop.is_set():
            raise


def held(database: str) -> tuple[int, int]:
    """Events held in the server's database (an SQLite file, or a PostgreSQL URL), and
    how many distinct (table, seq)."""
    sql = "SELECT COUNT(*), COUNT(DISTINCT table_name || '/' || seq) FROM events"
    if database.startswith("postgresql:"):
        import psycopg

        with psycopg.connect(database) as pg:
            row = pg.execute(sql).fetchone()
    else:
        with sqlite3.connect(database, timeout=30) as db:
            row = db.execute(sql).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def database(folder: Path, postgres: bool) -> tuple[str, Any]:
    """Where the server keeps its history: an SQLite file in ``folder``, or with
    ``postgres`` a database on a PostgreSQL cluster of its own (the tests' own,
    tests/cafe/pg_fixtures.py, as a chain's central server has; in a folder of its
    own, which the cluster's user may enter); and that cluster."""
    if not postgres:
        return str(folder / "cafe.db"), None
    sys.path.insert(0, str(ROOT / "tests" / "cafe"))
    from pg_fixtures import Postgres

    cluster = Postgres(Path(tempfile.mkdtemp(prefix="cafe-bench-pg-")))
    cluster.start()
    return cluster.create(), cluster


def settings_file(folder: Path, broker: int, web: int, database: str) -> Path:
    """The server's cafe.toml: the broker and web ports, the database (a file or a URL)."""
    where = f'url = "{database}"' if database.startswith("postgresql:") else f'path = "{database}"'
    path = folder / "cafe.toml"
    path.write_text(
        f'[cafe]\nname = "{CAFE}"\n[broker]\nhost = "127.0.0.1"\nport = {broker}\n'
        f'[database]\n{where}\n[web]\nhost = "127.0.0.1"\nport = {web}\n'
        f'password_file = "{folder / "pw"}"\nsecret_file = "{folder / "cookie"}"\n'
        f'[staff]\nkey_file = "{folder / "none.key"}"\n',
        encoding="utf-8",
    )
    return path


def stop_all(workers: list[Any], server: subprocess.Popen[bytes], mq: Broker, cluster: Any) -> None:
    """The tables' processes, the server, the broker, the PostgreSQL cluster, if any."""
    for worker in workers:
        worker.join(30)
    server.terminate()
    server.wait(20)
    mq.stop()
    if cluster is not None:
        cluster.stop()
        shutil.rmtree(cluster.folder, ignore_errors=True)


def run(
    tables: int, processes: int, interval: float, seconds: float, *, postgres: bool = False
) -> dict[str, Any]:
    import cafe_load

    steps = cafe_load.script(games=max(1, int(seconds / interval) // 40 + 2))
    folder = Path(tempfile.mkdtemp(prefix="cafe-bench-"))
    mq = Broker(folder)
    mq.configure(CAFE, secured=False)
    mq.start()
    try:
        target, cluster = database(folder, postgres)
    except BaseException:  # no PostgreSQL: nothing left running
        mq.stop()
        shutil.rmtree(folder, ignore_errors=True)
        raise
    web = free_port()
    settings = settings_file(folder, mq.port, web, target)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "cafe", "--config", str(settings)],
        env=env,
        stderr=(folder / "server.log").open("wb"),
    )
    spawn = multiprocessing.get_context("spawn")
    reports: Any = spawn.Queue()
    workers: list[Any] = []
    try:
        wait_for_port(web, 30.0, server)
        lines: list[tuple[float, str]] = []
        stop = threading.Event()
        reader = threading.Thread(
            target=follow, args=(f"http://127.0.0.1:{web}/events", lines, stop), daemon=True
        )
        reader.start()
        start = time.time() + 5.0 + tables / 50  # every table connected by then
        names = [f"t{n + 1}" for n in range(tables)]
        plan = cafe_load.Plan(CAFE, mq.port, steps, interval, start, seconds)
        for share in range(processes):
            args = (plan, names[share::processes], reports)
            workers.append(spawn.Process(target=cafe_load.drive, args=args))
            workers[-1].start()
        threading.Event().wait(max(0.0, start - time.time()))  # the connections made
        cpu0, wall0 = cpu_seconds(server.pid), time.monotonic()
        threading.Event().wait(seconds)  # the play
        cpu = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - wall0)
        memory = memory_kb(server.pid)
        got = [reports.get(timeout=120) for _ in workers]
        events, states, connected = (sum(r[i] for r in got) for i in range(3))
        deadline = time.monotonic() + 120
        while held(target)[1] < events and time.monotonic() < deadline:
            threading.Event().wait(0.5)  # the last batches stored
        threading.Event().wait(2.0)  # a duplicate stored late would show too
        total, distinct = held(target)
        stop.set()
    finally:
        stop_all(workers, server, mq, cluster)
        shutil.rmtree(folder, ignore_errors=True)
    timed = delays(lines)
    p50, p95 = percentile(timed, 0.5), percentile(timed, 0.95)
    return {
        "tables": tables,
        "database": "postgresql" if postgres else "sqlite",
        "processes": processes,
        "connected": connected,
        "interval_s": interval,
        "seconds": seconds,
        "events_sent": events,
        "states_sent": states,
        "events_held": total,
        "events_held_distinct": distinct,
        "exactly_once": total == distinct == events,
        "cpu_share_of_one_core": round(cpu, 3),
        "rss_mb": round(memory["VmRSS"] / 1024, 1),
        "peak_rss_mb": round(memory["VmHWM"] / 1024, 1),
        "shown": len(timed),
        "latency_median_ms": None if p50 is None else round(p50 * 1000, 1),
        "latency_p95_ms": None if p95 is None else round(p95 * 1000, 1),
    }


def open_files() -> None:
    """As many open files as this machine lets (the broker, a child, inherits it): a
    connection each, 1,000 tables are over most shells' 1,024 with the broker's own."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--processes", type=int, default=4, help="processes playing tables")
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between steps")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--postgres", action="store_true", help="the history on PostgreSQL")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    open_files()
    figures = run(args.tables, args.processes, args.interval, args.seconds, postgres=args.postgres)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"{figures['tables']} tables ({figures['connected']} connected, in "
        f"{figures['processes']} processes), a step every {figures['interval_s']} s each, "
        f"{figures['seconds']:.0f} s: {figures['events_sent']} events and "
        f"{figures['states_sent']} states sent, {figures['events_held']} events held "
        f"({'each once' if figures['exactly_once'] else 'NOT each once'})"
    )
    print(
        f"server ({figures['database']}) CPU "
        f"{figures['cpu_share_of_one_core'] * 100:.1f}% of one core, "
        f"RSS {figures['rss_mb']} MB (peak {figures['peak_rss_mb']} MB)"
    )
    print(
        f"table -> dashboard feed: median {figures['latency_median_ms']} ms, "
        f"95th percentile {figures['latency_p95_ms']} ms ({figures['shown']} states shown)"
    )
    return 0 if figures["exactly_once"] else 1


if __name__ == "__main__":
    sys.exit(main())
