"""The dashboard while clients guess the staff password (issue 22).

Serves the real dashboard (uvicorn, loopback) over a cafe server holding two tables'
games on SQLite, measures ``/.json`` quiet, then while ``--guessers`` clients post
wrong passwords as fast as they can. The scrypt check used to run on the event loop:
8 guessers pushed ``/.json`` from a few ms to about a second. ``--no-throttle`` lifts
the lockout, to see the worker thread alone (every guess then runs scrypt).

    .venv/bin/python bench/dashboard_login.py [--guessers 8] [--samples 60] [--no-throttle]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in ("tests/cafe", "tests/daemon", "tests/bus", ""):
    sys.path.insert(0, str(ROOT / folder))

import httpx2  # noqa: E402
import uvicorn  # noqa: E402
from cafe_fixtures import KEY, PASSWORD_HASH, STATE, incoming, settings_for  # noqa: E402
from cafe_sim import SimTable, play_journal  # noqa: E402

from companion.cafe.server import CafeServer  # noqa: E402
from companion.cafe.store import open_store  # noqa: E402
from companion.web.app import create_app  # noqa: E402

PORT = 18931


def _times(client: httpx2.Client, samples: int) -> tuple[float, float]:
    """The median and 95th percentile of ``/.json``, in ms."""
    seen = []
    for _ in range(samples):
        start = time.perf_counter()
        client.get("/.json").raise_for_status()
        seen.append((time.perf_counter() - start) * 1000)
    seen.sort()
    return statistics.median(seen), seen[max(0, int(len(seen) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guessers", type=int, default=8)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--no-throttle", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    journal = play_journal(folder / "journal.db", games=2)
    settings = settings_for(1, folder / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.take(incoming(SimTable("t1", 1, journal), state=STATE))
    server.take(incoming(SimTable("t2", 1, journal)))
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    if args.no_throttle:
        app.state.site.throttle.limit = 10**9
    web = uvicorn.Server(uvicorn.Config(app, port=PORT, log_level="error", lifespan="off"))
    threading.Thread(target=web.run, daemon=True).start()
    while not web.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{PORT}"
    stop = threading.Event()
    guesses = [0]

    def guess() -> None:
        with httpx2.Client(base_url=base) as client:
            while not stop.is_set():
                found = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
                token = found.group(1) if found else ""
                client.post("/login", data={"password": "guess", "csrf": token})
                guesses[0] += 1

    with httpx2.Client(base_url=base) as client:
        quiet = _times(client, args.samples)
        for _ in range(args.guessers):
            threading.Thread(target=guess, daemon=True).start()
        time.sleep(1.0)  # the guessers under way
        began, before = time.perf_counter(), guesses[0]
        busy = _times(client, args.samples)
        rate = (guesses[0] - before) / (time.perf_counter() - began)
    stop.set()
    web.should_exit = True
    print(
        f"/.json quiet: median {quiet[0]:.1f} ms, p95 {quiet[1]:.1f} ms; "
        f"{args.guessers} guessers ({rate:.0f} guesses/s"
        f"{', no lockout' if args.no_throttle else ''}): "
        f"median {busy[0]:.1f} ms, p95 {busy[1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
