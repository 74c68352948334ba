"""The sharpness ``companion calibrate`` measures, against motion blur: where the
figures of docs/layout.md and ``calibration.MIN_SHARPNESS`` come from.

A synthetic 1280x720 table (``companion.synthetic.scene``, cards 110 px wide) with three
cards, smeared by a motion blur of 0 to 6 px, drawn with four scene seeds: for
each length, the codes read (of 12) and their sharpness
(smallest, largest).

    .venv/bin/python bench/sharpness.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.synthetic.scene import Blur, Place, Scene, Step
from companion.synthetic.sprites import CardRef
from companion.table.calibration import MIN_SHARPNESS, analyse
from companion.table.layout import default_layout

CARDS: list[Step] = [
    Place(CardRef("fibonachos", "S3#1"), 0.12, 0.22, hand=False),
    Place(CardRef("fibonachos", "R13"), 0.45, 0.5, angle=12.0, hand=False),
    Place(CardRef("fibonachos", "G2"), 0.65, 0.5, angle=-8.0, hand=False),
]
LENGTHS = (0, 1, 2, 3, 4, 5, 6)
SEEDS = (1, 2, 3, 4)


def main() -> int:
    print(f"motion blur px: codes read, sharpness min-max (soft below {MIN_SHARPNESS:.0f})")
    for length in LENGTHS:
        steps = [*CARDS, Blur(length, 30.0, frames=1)] if length else CARDS
        scores = []
        for seed in SEEDS:
            *_, last = Scene((1280, 720), seed=seed).frames(steps)
            scores += [code.sharpness for code in analyse(last.image, default_layout()).cards]
        span = f"{min(scores):.0f}-{max(scores):.0f}" if scores else "-"
        print(f"{length:3d}: {len(scores)} codes, sharpness {span}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
