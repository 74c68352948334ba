"""bench/hex_overlap.py, the README's paper tokens over their neighbours: a token put
down touching its neighbour leaves every code read; 4 mm over it, one is lost (issue
24 item 1, the printed tokens)."""

from __future__ import annotations

import math

from bench_modules import bench

from card_codes.hex_board import CELL_CENTRES, TOKEN_MM


def test_the_bench_puts_a_token_over_its_neighbour_by_what_it_says() -> None:
    overlap = bench("hex_overlap")
    x, y = overlap.towards("c2", "b2", 2.0)
    (cx, cy), (bx, by) = CELL_CENTRES["c2"], CELL_CENTRES["b2"]
    assert math.isclose(math.dist((cx + x, cy + y), (bx, by)), TOKEN_MM - 2.0)
    assert overlap.all_read("white", 0.0, 2) == 2
    assert overlap.all_read("black", 4.0, 2) == 0
