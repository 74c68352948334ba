"""A table left running for days: its memory over many games played back to back.

A cafe's table runs unattended from opening to closing, day after day; what it keeps
of each game must go once the game is over. This plays the demo cafe's synthetic
games (:mod:`companion.cli.cafe_demo_tables`: Fibonachos, Fibonacci 21, Fibonacci's
Trump and the hex game refereed by the camera, in turn) through the daemon's own loop
(:func:`companion.daemon.build.assemble`: the session and its journal, the OLED's
interface, the players' page's view) as fast as the machine goes, its frames timed at
the tables' pace, and prints the resident memory after each game (after a garbage
collection), then the growth from the end of the warm-up to the last game, a game's
worth on average. ``--trace`` also lists the lines whose allocations grew the most
over the same span (tracemalloc: slower, and its own memory counts in the resident).

    PYTHONPATH=$PWD .venv/bin/python bench/soak.py [--games 80] [--warmup 8] [--trace]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cli.cafe_demo import PLANS  # noqa: E402
from companion.cli.cafe_demo_tables import BETWEEN_GAMES, SyntheticTable, TablePlan  # noqa: E402
from companion.synthetic.table_events import scripted_game  # noqa: E402

#: Loop turns a game may take at most (a game that never ends is the bench's fault).
MOST_STEPS = 200_000


def resident_mb() -> float:
    """This process's resident memory now (not its peak), in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


class Table(SyntheticTable):
    """One table of the daemon's loop with no bus, its games one after the other."""

    def __init__(self, folder: Path) -> None:
        stop = threading.Event()
        stop.set()  # every frame at once, each timed at the table's pace
        super().__init__("soak", folder / "soak.db", 10.0, stop, "http://127.0.0.1:8080")
        self.daemon.start()

    def play(self, plan: TablePlan, seed: int) -> int:
        """One whole game of ``plan``, then the pause before the next; its loop turns."""
        game = scripted_game(plan.game, plan.players, seed=seed, fps=10.0, phone=True)
        self.reader.load(game)
        self.daemon.start_game(plan.game, plan.players, [], {**plan.options, **game.options})
        steps = 0
        while True:
            flow = self.daemon.session.flow
            if (flow is None or flow.is_over()) and self.reader.left == 0:
                break
            self.daemon.step()
            steps += 1
            if steps > MOST_STEPS:
                raise RuntimeError(f"{plan.game} (seed {seed}) did not end")
        for _ in range(BETWEEN_GAMES):
            self.daemon.step()
        return steps + BETWEEN_GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80, help="games to play in all (80)")
    parser.add_argument("--warmup", type=int, default=8, help="games before the count (8)")
    parser.add_argument("--trace", action="store_true", help="list where the memory grew")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="companion-soak-") as folder:
        table = Table(Path(folder))
        began, frames = time.monotonic(), 0
        at_warmup = 0.0
        snapshot = None
        for number in range(1, args.games + 1):
            plan = PLANS[(number - 1) % len(PLANS)]
            frames += table.play(plan, plan.seed + number)
            gc.collect()
            mb = resident_mb()
            print(f"game {number:3d} {plan.game:10s} resident {mb:6.1f} MB", flush=True)
            if number == args.warmup:
                at_warmup = mb
                if args.trace:
                    tracemalloc.start(12)
                    snapshot = tracemalloc.take_snapshot()
        end = resident_mb()
        seconds = time.monotonic() - began
        counted = args.games - args.warmup
        print(
            f"{args.games} games ({frames:,} frames) in {seconds:.0f} s; resident"
            f" {at_warmup:.1f} MB after game {args.warmup}, {end:.1f} MB after game"
            f" {args.games}: {end - at_warmup:+.1f} MB over {counted} games"
            f" ({(end - at_warmup) * 1000 / max(1, counted):+.0f} kB a game)"
        )
        if snapshot is not None:
            grown = tracemalloc.take_snapshot().compare_to(snapshot, "lineno")
            for stat in grown[:12]:
                print(f"  {stat.size_diff / 1e3:+9.1f} kB {stat.count_diff:+7d}  {stat.traceback}")
        table.daemon.farewell()
        table.daemon.links.close()
        table.session.journal.close()


if __name__ == "__main__":
    main()
