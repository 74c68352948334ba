"""How far a paper token may lie over its neighbour before one of their codes is lost.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_overlap.py [--frames 6]

The tokens cut out of the pieces' sheet are 22 mm discs on cells 24 mm across, flat on
the paper: a token put down off its cell's middle, towards a neighbour, may lie over
the neighbour's edge. The code in the middle of each token (11 mm) keeps a white
margin round it that the camera needs; past that margin, the token on top hides part
of the other's code. The synthetic board (companion.synthetic.hex_scene) at the docs'
camera (1920x1080, 3.3 px a mm, sensor noise) has H1's start with one more piece put
down on the empty cell next to Black's strike piece on b2 (c2), pushed towards b2 by
0-6 mm beyond touching: each row says, for a black piece so put (lying under the token
on b2) and a white one (lying over it), in how many of ``--frames`` frames every one
of the 26 pieces was read on its cell.
"""

from __future__ import annotations

import argparse

import numpy as np

from card_codes.hex_board import CELL_CENTRES, CELL_MM, TOKEN_MM
from companion.games.hex import START
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Put, markers_of
from companion.table.hex_board import read_board

SIZE = (1920, 1080)
SCALE = 3.3
#: The pieces put down on c2 (marker, cell at the start): Black's strike piece from a2,
#: drawn under the token on b2, and White's support piece from e3, drawn over it.
MOVERS = {"black": (11, "a2"), "white": (30, "e3")}


def towards(cell: str, other: str, overlap: float) -> tuple[float, float]:
    """The offset (mm) from ``cell``'s middle that puts a token ``overlap`` mm over a
    token centred on ``other``."""
    here, there = np.array(CELL_CENTRES[cell]), np.array(CELL_CENTRES[other])
    gap = float(np.linalg.norm(there - here))
    shift = gap - TOKEN_MM + overlap  # touching at gap - TOKEN_MM
    x, y = (there - here) / gap * shift
    return (float(x), float(y))


def all_read(side: str, overlap: float, frames: int, seed: int = 2) -> int:
    """Frames (of ``frames``) in which every piece is read on its cell, with ``side``'s
    piece put down on c2 ``overlap`` mm over the token on b2."""
    marker, _ = MOVERS[side]
    scene = HexScene(SIZE, SCALE, seed=seed, frames_per_step=1, noise=2.0)
    steps: list[HexStep] = [Lift(marker), Put(marker, "c2", off=towards("c2", "b2", overlap))]
    steps += [Away(), Hold(frames)]
    truth = markers_of(START) | {marker: "c2"}
    pictures = list(scene.frames(START, steps))[-frames:]
    return sum(read_board(picture).pieces == truth for picture in pictures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=6)
    args = parser.parse_args()
    print(f"tokens {TOKEN_MM:.0f} mm on cells {CELL_MM:.0f} mm; frames with all 26 read:")
    print("over (mm)  black  white")
    for overlap in np.arange(0.0, 6.5, 0.5).tolist():
        counts = [all_read(side, overlap, args.frames) for side in MOVERS]
        print(f"{overlap:9.1f}  " + "  ".join(f"{c:>2}/{args.frames}" for c in counts))


if __name__ == "__main__":
    main()
