"""One table's account flooding the cafe's broker: how long another table waits.

docs/security.md's setup, on loopback: Debian's Mosquitto locked down as docs/cafe.md
sets it up, with the dynamic security plugin beside the password file (the tests'
harness, tests/bus/broker_harness.py); the real :class:`~companion.cafe.server.CafeServer`
on SQLite, in this process; a separate process logged in as ``table-t1`` publishing one
valid ``events`` message in a loop for ``--seconds`` (tests/cafe/flooder.py); then
table t2 sends a game. Reported first, a table keeping the contract catching up on a
journal of ``--games`` games (the real table bus, stop-and-wait): its pace, and that it
is never said to flood. Then, for each QoS, without the broker's admin account (the
flood is only logged) and with it (the flooder shut out): what the flooder published,
when it was shut out, and how long t2's game took to be stored (given up at
``--wait`` seconds).

The server measures from the first message here (no grace after its connection: the
grace is for the broker's backlog, and a fresh broker has none).

    PYTHONPATH=$PWD .venv/bin/python bench/cafe_flood.py [--seconds 10] [--wait 60] [--games 30]

``--journals N`` measures instead what a table sending ``events`` that each name a new
journal (``game.journal``, its SD card's identity) costs the server, in this process
(the real :class:`~companion.cafe.ingest.Ingest` on SQLite, one message a batch, as a
table waiting for each ack sends them; no broker: the cost is the server's): the time
per message over the first and the last 1,000 of ``N``, a genuine table's message
after them, and a restarted server's start (every journal row read again).

    PYTHONPATH=$PWD .venv/bin/python bench/cafe_flood.py --journals 20000
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in ("tests/bus", "tests/cafe", "tests/daemon", "."):
    sys.path.insert(0, str(ROOT / folder))

from broker_harness import ADMIN, SERVER, Broker  # noqa: E402
from cafe_sim import CAFE, SimTable, play_journal  # noqa: E402

from companion.bus.client import TableBus  # noqa: E402
from companion.cafe.flood import Limits  # noqa: E402
from companion.cafe.ingest import Incoming, Ingest  # noqa: E402
from companion.cafe.server import CafeServer  # noqa: E402
from companion.cafe.settings import (  # noqa: E402
    BrokerSection,
    CafeSection,
    CafeSettings,
    DatabaseSection,
)
from companion.cafe.sqlite import SqliteStore  # noqa: E402
from companion.cafe.store import JournalRow  # noqa: E402

FLOODER = ROOT / "tests" / "cafe" / "flooder.py"


def _cafe(folder: Path, *, admin: bool) -> tuple[Broker, CafeServer]:
    """A broker locked down with the plugin, and the server on it (with its admin
    account or not), measuring from the first message."""
    broker = Broker(folder / "broker")
    broker.folder.mkdir()
    broker.configure(CAFE, ("t1", "t2"), admin=True)
    broker.start()
    secrets = {}
    for user in (SERVER, ADMIN):
        secrets[user] = folder / f"{user}.password"
        secrets[user].write_text(broker.passwords[user], encoding="utf-8")
    section = BrokerSection("127.0.0.1", broker.port, SERVER, str(secrets[SERVER]))
    if admin:
        section = replace(section, admin_username=ADMIN, admin_password_file=str(secrets[ADMIN]))
    settings = CafeSettings(CafeSection(CAFE), section, DatabaseSection(str(folder / "cafe.db")))
    server = CafeServer(
        settings, SqliteStore(str(folder / "cafe.db")), key=None, flood=Limits(grace=0.0)
    )
    server.start()
    server.link.connected.wait(10)
    if server.doorman.admin is not None:
        server.doorman.admin.ready.wait(10)
    return broker, server


def catch_up(folder: Path, games: int) -> str:
    """The real table bus sending a journal of ``games`` games, as fast as the server
    acks each message (stop-and-wait): its pace, and whether it was said to flood."""
    broker, server = _cafe(folder, admin=True)
    arrived: list[float] = []
    measured = server.link.on_arrival

    def arrival(table: str, leaf: str, size: int) -> None:
        arrived.append(time.monotonic())
        measured(table, leaf, size)

    server.link.on_arrival = arrival
    journal = play_journal(folder / "journal.db", games=games)
    last = SimTable("t1", 1, journal).events[-1][1].seq
    bus = TableBus(broker.settings("t1", cafe=CAFE), journal, key=None)
    bus.start()
    while not ("t1" in server.ingest.tables and server.ingest.ack_of("t1").seq == last):
        time.sleep(0.05)
    bus.close()
    server.stop()
    server.store.close()
    broker.stop()
    seconds = arrived[-1] - arrived[0]
    most = max(Counter(int(at - arrived[0]) for at in arrived).values())
    said = "shut out" if server.doorman.shut() else "never said to flood"
    return (
        f"{len(arrived):,} messages in {seconds:.2f} s, {len(arrived) / seconds:,.0f} a second "
        f"(at most {most:,} in one second): {said}"
    )


def run(folder: Path, journal: Path, *, qos: int, admin: bool, seconds: float, wait: float) -> str:
    broker, server = _cafe(folder, admin=admin)
    quiet = SimTable("t2", broker.port, journal, password=broker.passwords["table-t2"])
    quiet.connect()
    body = folder / "flood.json"
    body.write_bytes(SimTable("t1", 1, journal).event_message(0))
    start = time.monotonic()
    shut_at = None
    flooder = subprocess.Popen(
        [
            sys.executable,
            str(FLOODER),
            str(broker.port),
            "table-t1",
            broker.passwords["table-t1"],
            f"companion/{CAFE}/t1/events",
            str(body),
            str(qos),
            str(seconds),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    while flooder.poll() is None:
        if shut_at is None and "t1" in server.doorman.shut():
            shut_at = time.monotonic() - start
        time.sleep(0.05)
    said = flooder.communicate()[0].split()
    published = said[said.index("published") + 1] if "published" in said else "?"
    sent = time.monotonic()
    quiet.send_game(quiet.games[0])
    while server.ingest.ack_of("t2").games < 1 and time.monotonic() - sent < wait:
        time.sleep(0.02)
    took = time.monotonic() - sent
    stored = server.ingest.ack_of("t2").games == 1
    quiet.disconnect()
    server.stop()
    server.store.close()
    broker.stop()
    shut = f"shut out after {shut_at:.2f} s" if shut_at is not None else "not shut out"
    waited = f"{took:.2f} s" if stored else f"not within {wait:.0f} s"
    return f"published {published:>9}, {shut:>22}; t2's game stored {waited}"


def journals(folder: Path, count: int) -> list[str]:
    """Table t1 sending ``count`` game rows, each of a new journal; then t2's game."""
    journal = play_journal(folder / "journal.db", games=1)
    hostile, genuine = SimTable("t1", 1, journal), SimTable("t2", 1, journal)
    body = json.loads(hostile.game_message(hostile.games[0], ended=False))
    path = str(folder / "cafe.db")
    ingest = Ingest(SqliteStore(path), CAFE, clock=time.time)
    times = []
    for n in range(count):
        body["journal"] = f"{n:032x}"
        payload = json.dumps(body).encode()
        start = time.perf_counter()
        ingest.apply([Incoming("t1", "events", payload)])
        times.append(time.perf_counter() - start)
    sent = genuine.payloads()[:100]  # a genuine table's first 100 messages, after the flood
    start = time.perf_counter()
    for payload in sent:
        ingest.apply([Incoming("t2", "events", payload)])
    t2 = (time.perf_counter() - start) / len(sent)
    rows = len(ingest.store.journals())
    ingest.store.close()
    start = time.perf_counter()
    again = Ingest(SqliteStore(path), CAFE, clock=time.time)
    loaded = time.perf_counter() - start
    again.store.close()
    first, last = (sum(part) / len(part) * 1000 for part in (times[:1000], times[-1000:]))
    return [
        *_polluted(folder, count, genuine),
        f"{count:,} messages of new journals: {first:.3f} ms a message over the first 1,000, "
        f"{last:.3f} ms over the last 1,000; {sum(times):.1f} s in all",
        f"journal rows stored: {rows:,}; then t2's messages: {t2 * 1000:.3f} ms each; "
        f"a restarted server's start: {loaded * 1000:.0f} ms",
    ]


def _polluted(folder: Path, count: int, table: SimTable) -> list[str]:
    """A database holding ``count`` journal rows of t3 (made before the limit): a
    server's start on it, and t3's messages of its newest journal."""
    path = str(folder / "polluted.db")
    store = SqliteStore(path)
    store.begin()
    for n in range(count):
        store.put_journal(JournalRow("t3", f"{n:032x}", n, n, 1_700_000_000.0 + n))
    store.commit()
    store.close()
    start = time.perf_counter()
    ingest = Ingest(SqliteStore(path), CAFE, clock=time.time)
    loaded = time.perf_counter() - start
    sent = []
    for payload in table.payloads()[:100]:
        body = json.loads(payload)
        body["table"], body["journal"] = "t3", f"{count - 1:032x}"
        sent.append(json.dumps(body).encode())
    start = time.perf_counter()
    for payload in sent:
        ingest.apply([Incoming("t3", "events", payload)])
    each = (time.perf_counter() - start) / len(sent)
    ingest.store.close()
    return [
        f"{count:,} journal rows of t3 stored before: a server's start {loaded * 1000:.0f} ms; "
        f"t3's messages of its newest journal: {each * 1000:.3f} ms each"
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="the flood's length")
    parser.add_argument("--wait", type=float, default=60.0, help="the longest wait for t2")
    parser.add_argument(
        "--games", type=int, default=30, help="the journal a table catches up on first"
    )
    parser.add_argument(
        "--journals", type=int, default=0, help="measure N messages of new journals instead"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        if options.journals:
            print("\n".join(journals(Path(temp), options.journals)), flush=True)
            return
        (Path(temp) / "catch-up").mkdir()
        line = catch_up(Path(temp) / "catch-up", options.games)
        print(f"a table catching up on {options.games} games: {line}", flush=True)
        journal = play_journal(Path(temp) / "journal.db", games=1)
        for qos in (0, 1):
            for admin in (False, True):
                folder = Path(temp) / f"q{qos}{admin}"
                folder.mkdir()
                line = run(
                    folder,
                    journal,
                    qos=qos,
                    admin=admin,
                    seconds=options.seconds,
                    wait=options.wait,
                )
                how = "shut out at the broker" if admin else "only logged          "
                print(f"QoS {qos}, {how}: {line}", flush=True)


if __name__ == "__main__":
    main()
