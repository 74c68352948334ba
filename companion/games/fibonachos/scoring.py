"""Round scores (F7): the Fibonacci bonus and the zero-spicy rule with its variants.

>>> spicy_points(8)          # the rulebook's example: 8 spicy scores 13
13
>>> round_points([0, 5, 4], [3, 2, 0], frozenset())   # 0 scores the best, 8
(8, 8, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

#: F7: a spicy total that is a Fibonacci number scores the next one.
FIBONACCI_BONUS = {1: 2, 2: 3, 3: 5, 5: 8, 8: 13, 13: 21, 21: 34}
#: F7 variant: only a player who won no trick scores the best round score.
NO_TRICKS_ONLY = "no-tricks-only"
#: F7 variant: a spicy total of 0 scores 34.
ZERO_SCORES_34 = "zero-scores-34"
VARIANTS = frozenset({NO_TRICKS_ONLY, ZERO_SCORES_34})
ZERO_34_POINTS = 34


def spicy_points(spicy: int) -> int:
    """The points of a positive spicy total: the next Fibonacci number, or itself."""
    return FIBONACCI_BONUS.get(spicy, spicy)


def round_points(
    spicy: Sequence[int], tricks: Sequence[int], variants: frozenset[str]
) -> tuple[int, ...]:
    """Each seat's points for a round from its spicy total and tricks won (F7).

    A seat with 0 spicy scores the highest score among the seats with spicy (0 if
    none), or 34 with ``zero-scores-34``. With ``no-tricks-only`` that is kept for a
    seat that won no trick; one that won only 0-value spicy cards scores 0. The two
    variants combine: a seat with no trick then scores 34.
    """
    best = max((spicy_points(s) for s in spicy if s > 0), default=0)
    award = ZERO_34_POINTS if ZERO_SCORES_34 in variants else best
    points = []
    for total, won in zip(spicy, tricks, strict=True):
        if total > 0:
            points.append(spicy_points(total))
        elif NO_TRICKS_ONLY in variants and won > 0:
            points.append(0)
        else:
            points.append(award)
    return tuple(points)
