"""The players' page's cost (issue 15): the page's first-load bytes, the daemon's
extra CPU and memory while 5 phones follow a game (server-sent events), and how late
each phone shows a table change.

Each measurement runs in a process of its own: the daemon's loop (fake devices, a
recorded Fibonachos game replayed one card every ``--pace`` seconds, as
``companion run`` turns it) with the players' page off, then with it served and 5
phones connected before the first card (their streams read by another process, so the
phones' work is not counted). CPU is the process's user+system seconds over the game;
memory its peak RSS.

Latency: the loop notes the wall-clock time it takes each table change from the reader
(the turn that redraws the OLED) and the page version that turn published; each phone
notes the time the update carrying a version arrives. Both processes run on this
machine, so their ``time.time()`` clocks are the same clock. A change counts when it
changed the page (some phone got an update of that version); a phone's latency for it
runs to its first update at or past that version.

    python bench/phone.py              # about a minute
    python bench/phone.py --json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import queue
import re
import resource
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RECORD = ROOT / "examples" / "fibonachos" / "full-3p.json"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def steps() -> list[list[Any]]:
    """The recorded game as table events: the spicy card, each play, the trick cleared."""
    from companion.table.cards import TableCard
    from companion.table.tracker import CardPlaced, CardRemoved

    record = json.loads(RECORD.read_text(encoding="utf-8"))
    out: list[list[Any]] = []
    for played in record["rounds"]:
        seen: Counter[str] = Counter()
        for trick in played["tricks"]:
            lying = []
            for zone, faces in (("spicy", [trick["spicy"]]), ("play", trick["plays"])):
                for face in faces:
                    if face is None:
                        continue
                    seen[face] += 1
                    key = f"fibonachos/1/{face}#{seen[face]}"
                    lying.append(TableCard(key, "fibonachos", face, zone))
                    out.append([CardPlaced(lying[-1])])
            out.append([CardRemoved(c) for c in lying])
    return out


class Script:
    """The reader's part: each frame gives the next table change."""

    def __init__(self, script: list[list[Any]]) -> None:
        from companion.table.reader import ReaderStats

        self.script, self.stats, self.at = script, ReaderStats(), 0
        #: When the loop took the last change (wall clock, comparable with the phones').
        self.taken: float | None = None

    def feed(self, frame: Any) -> list[Any]:
        self.at += 1
        events = self.script[self.at - 1] if self.at <= len(self.script) else []
        self.taken = time.time() if events else None
        return events

    def take_sightings(self) -> list[Any]:
        return []

    def assume(self, cards: Any, now: float) -> None:
        return None

    def expect(self, cards: Any, now: float) -> None:
        """Nothing to expect: the script never misses a card (the reader's port asks)."""

    def use_layout(self, layout: Any) -> None:
        """The script's cards come in their zones."""


def rss_kb() -> int:
    text = Path("/proc/self/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


def page_changes(
    published: Mapping[int, float], updates: Sequence[Sequence[tuple[int, float]]]
) -> dict[int, float]:
    """The versions a table change published that changed the page (some phone got an
    update of that very version; a version whose page looked the same sends nothing),
    with the time the loop took the change.

    >>> page_changes({2: 1.0, 3: 1.1, 4: 1.2}, [[(2, 1.01), (4, 1.21)], [(2, 1.02)]])
    {2: 1.0, 4: 1.2}
    """
    got = {version for phone in updates for version, _ in phone}
    return {version: at for version, at in published.items() if version in got}


def latencies(changes: Mapping[int, float], updates: Sequence[tuple[int, float]]) -> list[float]:
    """One phone's latencies: for each change, the seconds from the loop taking it to the
    phone's first update at or past its version (a later update shows it too).

    >>> [round(s, 2) for s in latencies({2: 1.0, 4: 1.2}, [(2, 1.01), (5, 1.5)])]
    [0.01, 0.3]
    """
    out = []
    for version, at in sorted(changes.items()):
        arrived = next((when for got, when in updates if got >= version), None)
        if arrived is not None:
            out.append(arrived - at)
    return out


def spread(seconds: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and max, in milliseconds.

    >>> spread([0.001 * n for n in range(1, 101)])
    {'median_ms': 50.5, 'p95_ms': 95.05, 'max_ms': 100.0}
    """
    ms = [1000 * s for s in seconds]
    p95 = statistics.quantiles(ms, n=100, method="inclusive")[94]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(p95, 2),
        "max_ms": round(max(ms), 2),
    }


def daemon_run(phones: int, pace: float, port: int, out: Any, gates: tuple[Any, Any]) -> None:
    """One measured game (in a process of its own); ``gates``: the phones are following
    (the first card may come), the last page is weighed (the server may go)."""
    import numpy as np

    from companion.daemon.links import ButtonsLink, CameraLink, DisplayLink
    from companion.daemon.phone import Board, HomeServer, Phone
    from companion.daemon.runtime import Daemon, Links
    from companion.journal import Journal
    from companion.session import Session
    from companion.ui.app import UiApp
    from hardware.buttons_fake import FakeButtons
    from hardware.camera_fake import FakeCamera
    from hardware.display_fake import FakeDisplay

    script = steps()
    with TemporaryDirectory() as folder:
        path = Path(folder) / "journal.db"
        frames = [np.zeros((48, 64, 3), np.uint8)] * (len(script) + 2)
        clock = time.monotonic
        links = Links(
            camera=CameraLink("camera", lambda: FakeCamera(frames), clock=clock),
            display=DisplayLink("display", FakeDisplay, clock=clock),
            buttons=ButtonsLink("buttons", lambda: FakeButtons(clock), clock=clock),
        )
        session = Session.resume(Journal.open(path), clock=time.time)
        board = Board("t1", str(path))
        server, (go, measured) = None, gates
        if phones:
            server = HomeServer(board, "127.0.0.1", port)
            server.start()
        daemon = Daemon(
            session=session,
            app=UiApp(now=clock()),
            reader=Script(script),
            links=links,
            clock=clock,
            parts=(lambda table: [Phone(table, board)]) if phones else None,
        )
        phone = next((p for p in daemon.parts if isinstance(p, Phone)), None)
        daemon.start_game("fibonachos", 3, [], {})
        daemon.start()
        if phone is not None:
            phone.turn(clock(), True)
            _, token, _ = phone.board.current()
            out.put(token)
            go.wait(120)  # the phones follow the page before the first card
        published: dict[int, float] = {}  # page version -> when the loop took its change
        reader = daemon.reader
        assert isinstance(reader, Script)
        before = resource.getrusage(resource.RUSAGE_SELF)
        started = time.monotonic()
        while not daemon.ended:
            version = phone.board.version() if phone is not None else 0
            daemon.step()
            now = phone.board.version() if phone is not None else 0
            if reader.taken is not None and now > version:
                published[now] = reader.taken
            time.sleep(pace)
        used = resource.getrusage(resource.RUSAGE_SELF)
        cpu = (used.ru_utime - before.ru_utime) + (used.ru_stime - before.ru_stime)
        out.put(
            {
                "cpu": cpu,
                "seconds": time.monotonic() - started,
                "rss_kb": rss_kb(),
                "changes": len(script),
                "published": published,
            }
        )
        if server is not None:
            measured.wait(60)  # the page of the game over is weighed before the server goes
            server.close()


def phones_run(url: str, count: int, done: Any, counts: Any, ready: Any) -> None:
    """``count`` phones following the page's stream (another process: not counted);
    each update goes to ``counts`` as (phone, version, wall-clock time it arrived)."""
    import httpx2

    def follow(index: int) -> None:
        version, view = 0, False
        try:
            with httpx2.stream("GET", url, timeout=None) as stream:
                for line in stream.iter_lines():
                    if line.startswith("id: "):
                        version = int(line[4:])
                    elif line.startswith("event: "):
                        view = line == "event: view"
                    elif line.startswith("data: ") and view:
                        counts.put((index, version, time.time()))
                        ready.release()
        except httpx2.HTTPError:
            pass

    threads = [threading.Thread(target=follow, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    done.wait()


def first_load(base: str, token: str) -> dict[str, int]:
    """The bytes a phone downloads opening the page (the HTML, then its plots)."""
    import httpx2

    page = httpx2.get(f"{base}/t/t1?k={token}")
    total, files = len(page.content), 1
    for src in re.findall(r'src="([^"]+\.svg[^"]*)"', page.text):
        total += len(httpx2.get(base + src.replace("&amp;", "&")).content)
        files += 1
    return {"html": len(page.content), "total": total, "files": files}


def received(counts: Any, phones: int, published: Mapping[int, float]) -> dict[str, Any]:
    """The phones' updates, counted, and their latencies from the loop's changes."""
    updates: list[list[tuple[int, float]]] = [[] for _ in range(phones)]
    while True:
        try:
            index, version, when = counts.get(timeout=0.5)
        except queue.Empty:
            break
        updates[index].append((version, when))
    changes = page_changes(published, updates)
    waits = [s for got in updates for s in latencies(changes, got)]
    return {
        "events_per_phone": [len(got) for got in updates],
        "page_changes": len(changes),
        "latency": {"samples": len(waits), **spread(waits)},
    }


def measure(phones: int, pace: float) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    port = free_port()
    measured = context.Event()
    go = context.Event()
    child = context.Process(target=daemon_run, args=(phones, pace, port, out, (go, measured)))
    child.start()
    result: dict[str, Any] = {"phones": phones}
    watcher = None
    done = context.Event()
    counts = context.Queue()
    ready = context.Semaphore(0)
    if phones:
        token = out.get(timeout=60)
        base = f"http://127.0.0.1:{port}"
        import httpx2

        for _ in range(200):
            try:
                httpx2.get(f"{base}/t/t1?k={token}")
                break
            except httpx2.HTTPError:
                time.sleep(0.05)
        result["first_load_start"] = first_load(base, token)
        url = f"{base}/t/t1/events?k={token}"
        watcher = context.Process(target=phones_run, args=(url, phones, done, counts, ready))
        watcher.start()
        for _ in range(phones):  # each phone has the page's first view: the game starts
            if not ready.acquire(timeout=60):
                raise SystemExit("bench/phone.py: the phones did not connect within 60 s")
        go.set()
    result.update(out.get(timeout=600))
    if phones:
        result["first_load_end"] = first_load(base, token)
        measured.set()
    published = result.pop("published")
    if watcher is not None:
        done.set()
        result.update(received(counts, phones, published))  # drained before the join
        result["view_changes"] = len(published)
        watcher.join(2)
        if watcher.is_alive():
            watcher.terminate()
    child.join(30)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=0.1, help="seconds between cards (0.1)")
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    base = measure(0, args.pace)
    served = measure(args.phones, args.pace)
    report = {
        "pace": args.pace,
        "without": base,
        "with": served,
        "extra_cpu_percent": round(
            100 * (served["cpu"] / served["seconds"] - base["cpu"] / base["seconds"]), 1
        ),
        "extra_rss_mb": round((served["rss_kb"] - base["rss_kb"]) / 1024, 1),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for when in ("start", "end"):
        load = served[f"first_load_{when}"]
        print(
            f"first load at the game's {when}: {load['total']} bytes in {load['files']} "
            f"file(s) (HTML {load['html']})"
        )
    print(
        f"daemon without the page: {100 * base['cpu'] / base['seconds']:.1f} % CPU, "
        f"peak RSS {base['rss_kb'] / 1024:.1f} MB"
    )
    print(
        f"with the page and {args.phones} phones: "
        f"{100 * served['cpu'] / served['seconds']:.1f} % CPU, "
        f"peak RSS {served['rss_kb'] / 1024:.1f} MB "
        f"(+{report['extra_cpu_percent']} % CPU, +{report['extra_rss_mb']} MB); "
        f"updates per phone: {served['events_per_phone']}"
    )
    late = served["latency"]
    print(
        f"change to phone: median {late['median_ms']} ms, 95th percentile {late['p95_ms']} ms, "
        f"max {late['max_ms']} ms ({served['page_changes']} of {served['changes']} table "
        f"changes changed the page, x {args.phones} phones = {late['samples']} updates)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
