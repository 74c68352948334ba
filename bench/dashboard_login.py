"""The dashboard while clients guess the staff password (issue 22).

Serves the real dashboard (uvicorn, loopback) over a cafe server holding two tables'
games on SQLite, measures ``/.json`` quiet, then while ``--guessers`` clients post
wrong passwords as fast as they can. The scrypt check used to run on the event loop:
8 guessers pushed ``/.json`` from a few ms to about a second. ``--no-throttle`` lifts
the lockout, to see the worker thread alone (every guess then runs scrypt).

``--at-once N --addresses M`` sends N wrong passwords at once from each of M loopback
addresses (127.0.0.2 ...) instead: how many passwords were checked (the lockout comes
after 5 an address), this process's peak memory (the server's scrypt checks, 16 MB
each, are most of it) and ``/.json`` asked meanwhile (docs/security.md, "The web").

    .venv/bin/python bench/dashboard_login.py [--guessers 8] [--samples 60] [--no-throttle]
    .venv/bin/python bench/dashboard_login.py --at-once 30 --addresses 4
"""

from __future__ import annotations

import argparse
import asyncio
import re
import resource
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
from companion.web import staff  # noqa: E402
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


class _Checks:
    """The site's password checks (the real scrypt), counted, and the most at once."""

    def __init__(self) -> None:
        self.count = self.now = self.most = 0
        self.lock = threading.Lock()
        self.check = staff.check_password
        staff.check_password = self  # type: ignore[assignment]

    def __call__(self, password: str, stored: str) -> bool:
        with self.lock:
            self.count, self.now = self.count + 1, self.now + 1
            self.most = max(self.most, self.now)
        try:
            return self.check(password, stored)
        finally:
            with self.lock:
                self.now -= 1


def _at_once(base: str, each: int, addresses: int) -> str:
    """``each`` guesses sent together from each of ``addresses``: what it did."""
    checks = _Checks()

    async def burst() -> str:
        clients = [
            httpx2.AsyncClient(
                base_url=base,
                timeout=120,
                transport=httpx2.AsyncHTTPTransport(local_address=f"127.0.0.{n + 2}"),
                limits=httpx2.Limits(max_connections=each),
            )
            for n in range(addresses)
        ]
        found = re.search(r'name="csrf" value="([^"]+)"', (await clients[0].get("/login")).text)
        form = {"password": "guess", "csrf": found.group(1) if found else ""}
        for client in clients[1:]:
            client.cookies = clients[0].cookies

        async def staff_page() -> float:
            await asyncio.sleep(0.3)  # the guesses under way
            start = time.perf_counter()
            (await clients[0].get("/.json")).raise_for_status()
            return (time.perf_counter() - start) * 1000

        began = time.perf_counter()
        *said, page = await asyncio.gather(
            *[c.post("/login", data=form) for c in clients for _ in range(each)], staff_page()
        )
        took = time.perf_counter() - began
        for client in clients:
            await client.aclose()
        refused = [a for a in said if isinstance(a, httpx2.Response) and a.status_code == 429]
        return (
            f"{each * addresses} guesses at once from {addresses} addresses: {checks.count} "
            f"passwords checked, {checks.most} at once ({len(refused)} answered 429) in "
            f"{took:.1f} s; /.json meanwhile {page:.0f} ms"
        )

    return asyncio.run(burst())


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guessers", type=int, default=8)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--no-throttle", action="store_true")
    parser.add_argument("--at-once", type=int, default=0)
    parser.add_argument("--addresses", type=int, default=1)
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
    if args.at_once:
        before = _peak_mb()
        said = _at_once(base, args.at_once, args.addresses)
        web.should_exit = True
        print(f"{said}; peak memory {before:.0f} MB before, {_peak_mb():.0f} MB after")
        return
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
