"""The cost of writing text from outside escaped in the logs (docs/security.md, "What
the logs write"): microseconds to format one record with :mod:`logging`'s own
formatter and with the product's (``EscapingFormatter``, and journald's), for the
lines the logs see (a plain line, one with arguments, one with letters of other
scripts) and for a hostile one (a line feed, ESC, a bidi override), and what the
table's log ring takes per record. Each figure is the best of ``--repeat`` runs of
``--number`` records (the least disturbed by a shared machine).

    .venv/bin/python bench/log_lines.py [--number 100000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import logging
import sys
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.bus.logs import EscapingFormatter, LogRing
from companion.daemon.logs import JournaldFormatter

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
LINES = {
    "plain": ("card R5#1 placed in play", ()),
    "arguments": ("cafe: names %s from a phone: %s", ("Ana, Ben, Cy", "offered")),
    "scripts": ("cafe: names %s from a phone: %s", ("Zoé, 王小明, محمد, יוסף", "offered")),
    "hostile": ("cafe: staff message shown: %s", ("Pizza!\n12:00:00 INFO forged\x1b[2J\u202e",)),
}


def _cost(call: Callable[[], object], args: argparse.Namespace) -> float:
    """Seconds a call, the best of the runs."""
    runs: list[float] = timeit.Timer(call).repeat(args.repeat, args.number)
    return min(runs) / int(args.number)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    formatters = {
        "logging.Formatter": logging.Formatter(FORMAT, "%H:%M:%S"),
        "EscapingFormatter": EscapingFormatter(FORMAT, "%H:%M:%S"),
        "JournaldFormatter": JournaldFormatter("%(name)s: %(message)s"),
    }
    print(f"microseconds a record (best of {args.repeat} x {args.number:,})")
    print(f"{'line':<10} " + " ".join(f"{name:>18}" for name in [*formatters, "LogRing.emit"]))
    for line, (msg, params) in LINES.items():
        record = logging.LogRecord("companion.daemon", logging.INFO, "", 1, msg, params, None)
        costs = [_cost(partial(f.format, record), args) for f in formatters.values()]
        costs.append(_cost(partial(LogRing().emit, record), args))
        print(f"{line:<10} " + " ".join(f"{cost * 1e6:>18.2f}" for cost in costs))


if __name__ == "__main__":
    main()
