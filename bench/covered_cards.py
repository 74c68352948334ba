"""The tracker's cost of keeping covered cards (issue 11): a full rummy table.

Two seats, six sets of eight overlapping cards each (96 cards), of which only each
set's last card is read (the others lie under it); every update looks at the whole
frame (the reader's full decode, every 1.5 s), the costliest case. Reported: the
milliseconds of one tracker update (no decoding), and that all 96 cards are kept.

    .venv/bin/python bench/covered_cards.py [--updates 200]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from companion.table.layout import rummy_layout
from companion.table.tracker import TableTracker

SIDE = 0.04  # a code's side, frame fractions: a card about 0.17 of the frame high
STRIP = 0.035  # a strip of a set, frame heights


@dataclass(frozen=True)
class _Card:
    notation: str
    deck: str = "rummy21"
    copy: int = 1

    @property
    def key(self) -> str:
        return self.notation


@dataclass(frozen=True)
class _Code:
    card: _Card
    corners: Sequence[tuple[float, float]]


def code(name: str, x: float, y: float) -> _Code:
    h = SIDE / 2
    return _Code(_Card(name), ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=200)
    args = parser.parse_args()
    laid = [
        (f"{seat}-{column}-{i}", 0.05 + 0.15 * column, y0 + i * step)
        for seat, (y0, step) in enumerate(((0.62, STRIP), (0.38, -STRIP)))
        for column in range(6)
        for i in range(8)
    ]
    tracker = TableTracker(rummy_layout(2))
    now = 0.0
    for count in range(1, len(laid) + 1):  # lay the table card by card: the last is on top
        newest = laid[count - 1][0]
        for _ in range(10):
            read = [code(n, x, y) for n, x, y in laid[:count] if n.endswith("-7") or n == newest]
            tracker.update(read, now)
            now += 0.1
    tops = [code(n, x, y) for n, x, y in laid if n.endswith("-7")]
    start = time.perf_counter()
    for _ in range(args.updates):
        tracker.update(tops, now)
        now += 0.1
    ms = 1000 * (time.perf_counter() - start) / args.updates
    print(f"cards kept: {len(tracker.cards())} of {len(laid)}; {ms:.2f} ms per full update")


if __name__ == "__main__":
    main()
