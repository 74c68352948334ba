"""Round scores (F7): the Fibonacci bonus, the zero-spicy rule and its variants."""

from __future__ import annotations

import pytest

from companion.games.fibonachos import (
    NO_TRICKS_ONLY,
    ZERO_SCORES_34,
    round_points,
    spicy_points,
)


def test_f7_rulebook_example_8_spicy_scores_13() -> None:
    """Rulebook, BONUS: "if a player scores 8 SPICY, his actual scoring ... will be 13"."""
    assert spicy_points(8) == 13


def test_f7_rulebook_example_joan_5_spicy_scores_8() -> None:
    """Rulebook, SCORING REFERENCE TABLE: "Joan got 5 SPICY ... Joan scores 8 points"."""
    assert spicy_points(5) == 8


def test_f7_reference_table() -> None:
    """The rulebook's table: 1 2 3 5 8 13 21 score 2 3 5 8 13 21 34."""
    assert [spicy_points(s) for s in (1, 2, 3, 5, 8, 13, 21)] == [2, 3, 5, 8, 13, 21, 34]


@pytest.mark.parametrize("spicy", [4, 6, 7, 9, 10, 11, 12, 14, 20, 22, 33])
def test_f7_other_totals_score_themselves(spicy: int) -> None:
    assert spicy_points(spicy) == spicy


def test_f7_zero_spicy_scores_the_highest_round_score() -> None:
    """F7, "0 = max pts": the best score after the bonus, here 8 spicy -> 13."""
    assert round_points([0, 8, 10], [2, 3, 4], frozenset()) == (13, 13, 10)


def test_f7_zero_spicy_with_no_one_scoring_is_0() -> None:
    assert round_points([0, 0], [8, 0], frozenset()) == (0, 0)


def test_f7_zero_spicy_after_winning_only_zero_cards_still_gets_the_best() -> None:
    """The product's reading: s = 0 counts, tricks won or not."""
    assert round_points([0, 4, 5], [3, 5, 9], frozenset()) == (8, 4, 8)


def test_f7_variant_no_tricks_only() -> None:
    """`no-tricks-only`: a player who won only 0-value spicy cards scores 0."""
    variants = frozenset({NO_TRICKS_ONLY})
    assert round_points([0, 0, 8], [0, 3, 14], variants) == (13, 0, 13)


def test_f7_variant_zero_scores_34() -> None:
    assert round_points([0, 8, 3], [1, 3, 13], frozenset({ZERO_SCORES_34})) == (34, 13, 5)


def test_f7_variants_combined_no_trick_scores_34_zero_cards_score_0() -> None:
    variants = frozenset({NO_TRICKS_ONLY, ZERO_SCORES_34})
    assert round_points([0, 0, 8], [0, 3, 14], variants) == (34, 0, 13)
