"""How carefully the four A4 tiles of the hex board must be taped: pieces read on the taped board.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_tiles.py [--trials 6]

The board's four A4 tile pages and the tokens' page (``companion cards sheet``) are
rendered at 100 dpi (pypdfium2); each tile is cut along its dashed lines and laid by
the crosses as a person tapes it, shifted SHIFT mm in a random direction and turned
ANGLE degrees either way (about the middle of its quarter of the board), every tile on
its own (companion.synthetic.hex_print). A position of 26 tokens (pieces off their
start cells, each turned any way and up to 2 mm off its cell's centre, on the cells as
printed on the tiles) is filmed on a wooden table at 1920x1080 (3.2 px a mm) and at
1280x720 (2.3 px a mm), the board turned 6 or -8 degrees and the camera tilted about
10 degrees forward and 3-4 sideways, a little soft, with sensor noise
(hex_print.CAMERAS), and read by
:func:`~companion.table.hex_board.read_board`.

Printed per SHIFT and ANGLE, over ``--trials`` tapings: the widest gap between the two
halves of a cross (what the person sees, mm), and per picture size the tapings read
right (the board found, every piece on its cell) and, when not, the worst of them
(:func:`wrong`: pieces unseen, plus 100 for each read on another cell, 1000 the board
not found). Then
the same trials by their widest cross gap: how far apart the crosses may be before a
piece is read on the wrong cell or the board is not found.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "card_codes"))

from card_pages import render_written  # noqa: E402

from card_codes.hex_sheet import write_board, write_pieces  # noqa: E402
from companion.synthetic import hex_print as printed  # noqa: E402
from companion.synthetic.hex_print import Taping  # noqa: E402
from companion.table.hex_board import read_board  # noqa: E402

DPI = 100
SCALE = DPI / 25.4
SHIFTS = (0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0)
ANGLES = (0.0, 0.5, 1.0, 1.5)
GAPS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 12.0, math.inf)


def tapings(rng: np.random.Generator, shift: float, angle: float) -> list[Taping]:
    """Four tiles each ``shift`` mm off in a random direction, turned ``angle`` either way."""
    laid = []
    for _ in range(4):
        heading = rng.uniform(0.0, 2 * math.pi)
        turn = angle * rng.choice((-1.0, 1.0))
        laid.append(Taping(shift * math.cos(heading), shift * math.sin(heading), turn))
    return laid


def wrong(reading_pieces: dict[int, str | None], cells: dict[int, str], found: bool) -> int:
    """How badly one picture was read: 0 every piece on its cell, +1 a piece unseen or
    off the board (it keeps its cell at the table), +100 a piece on another cell (a
    wrong move), 1000 the board not found."""
    if not found:
        return 1000
    read = [reading_pieces.get(marker) for marker in cells]
    return sum(
        0 if seen == cell else 1 if seen is None else 100
        for seen, cell in zip(read, cells.values(), strict=True)
    )


def measure(trials: int) -> None:
    """The two tables (module docstring)."""
    tiles = render_written(lambda out: write_board(out, paper="a4"), DPI)
    cutouts = printed.cut_pieces(render_written(write_pieces, DPI)[0], SCALE)
    cells = printed.middle_game()
    rng = np.random.default_rng(24)
    by_gap: dict[float, list[int]] = defaultdict(list)
    print("shift mm, angle deg: widest cross gap mm | per picture: right/trials (worst)")
    for shift in SHIFTS:
        for angle in ANGLES:
            widest = 0.0
            results: dict[str, list[int]] = {name: [] for name in printed.CAMERAS}
            for _ in range(trials):
                laid = tapings(rng, shift, angle)
                gap = max(printed.cross_gaps(laid))
                widest = max(widest, gap)
                sheet = printed.taped_sheet(tiles, SCALE, laid)
                on_board = sheet.lay(printed.by_hand(cells, rng), cutouts)
                worst = 0
                for name, camera in printed.CAMERAS.items():
                    reading = read_board(printed.photograph(sheet, on_board, camera, rng))
                    count = wrong(reading.pieces, cells, reading.found)
                    results[name].append(count)
                    worst = max(worst, count)
                by_gap[next(limit for limit in GAPS if gap <= limit)].append(worst)
            shown = " | ".join(
                f"{name} {sum(c == 0 for c in counts)}/{trials}"
                + (f" ({max(counts)})" if max(counts) else "")
                for name, counts in results.items()
            )
            print(f"{shift:3.0f} mm, {angle:3.1f} deg: {widest:4.1f} mm | {shown}")
    print("widest cross gap: tapings read right at both sizes / tapings (worst)")
    low = 0.0
    for limit in GAPS:
        counts = by_gap.get(limit, [])
        if counts:
            right = sum(count == 0 for count in counts)
            print(f"{low:4.1f}-{limit:4.1f} mm: {right}/{len(counts)} ({max(counts)})")
        low = limit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=6, help="tapings per shift and angle")
    measure(parser.parse_args().trials)


if __name__ == "__main__":
    main()
