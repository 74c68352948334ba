"""The cost of scoring a cafe's stored games again after an update (docs/cafe.md).

Fills an SQLite file (or the PostgreSQL database of ``--db``, which must be empty)
with ``--games`` ended games, real records played at random by the rules (Fibonachos,
Trump, hex and rummy, two to four players, a few recorded ones repeated), stored as a
server that knew none of them would (kept, not counted), then scores them again as
the updated server does at its start (:class:`companion.cafe.rescore.Rescore`, its
batches), and reports games a second over the wall time of the rescoring alone, and its longest
transaction (how long a table's message may wait for it).

    .venv/bin/python bench/cafe_rescore.py [--games 5000] [--db URL] [--json]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

from companion.bus.contract import GameRow
from companion.cafe.rescore import Rescore
from companion.cafe.store import open_store
from companion.games.random_play import MAX_ACTIONS, random_record
from companion.games.scoring import score_record
from companion.journal.result import GameResult

PLAYED = (
    ("fibonachos", ["Ana", "Ben", "Cy"]),
    ("trump", ["Ana", "Ben", "Cy", "Di"]),
    ("hex-referee", ["Ana", "Ben"]),
    ("rummy21", ["Cy", "Ben"]),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--db", help="a PostgreSQL URL (default: an SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # A line per game counted anew, as the server logs it, to a file as its journal does.
    logging.basicConfig(filename=str(Path(tempfile.gettempdir()) / "cafe_rescore.log"))
    folder = tempfile.TemporaryDirectory()
    store = open_store(args.db or str(Path(folder.name) / "cafe.db"))
    rng = random.Random(1)
    records = [
        (game, players, random_record(game, players, [], rng, max_actions=MAX_ACTIONS))
        for game, players in PLAYED
        for _ in range(5)
    ]
    store.begin()
    for gid in range(1, args.games + 1):
        game, players, record = records[gid % len(records)]
        kept = GameResult("over", record, None)  # stored by a server that knew it not
        row = GameRow(f"t{gid % 50}", gid, game, tuple(players), (), {}, 0.0, 1.0, kept)
        store.put_game(row, [])
    store.commit()
    report_ms: dict[str, float] = {}
    rescore = Rescore(store, threading.Lock(), stamp="bench")
    began = time.perf_counter()
    longest = 0.0  # an ingest batch waits for one transaction at most
    while True:
        step = time.perf_counter()
        more = rescore.step()
        longest = max(longest, time.perf_counter() - step)
        if not more:
            break
    seconds = time.perf_counter() - began
    counted = len(store.standings("fibonachos", None))
    for game, _, record in records[::5]:  # the rules' own share: one record's replay
        took = time.perf_counter()
        score_record(record)
        report_ms[game] = round((time.perf_counter() - took) * 1000, 2)
    store.close()
    rate = round(args.games / seconds)
    report = {
        "games": args.games,
        "seconds": round(seconds, 2),
        "per_second": rate,
        "longest_transaction_ms": round(longest * 1000),
    }
    if args.json:
        print(json.dumps({**report, "score_ms": report_ms}))
    else:
        print(f"{args.games} games scored again in {seconds:.2f} s: {rate} a second")
        print(f"the longest transaction (the tables' wait at most): {longest * 1000:.0f} ms")
        print("one record scored:", ", ".join(f"{g} {ms} ms" for g, ms in report_ms.items()))
    return 0 if counted else 1


if __name__ == "__main__":
    sys.exit(main())
