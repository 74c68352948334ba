"""T6 (the points table) and T7 (the end at 144), on the pure functions."""

from __future__ import annotations

import pytest

from companion.games.trump import POINTS, TARGET, Symbol, parse_card, points_for, winner_at_end
from companion.games.trump.scoring import count_symbols


def test_t6_points_table_is_the_rulebooks() -> None:
    """T6 / rulebook table: 0 1 2 3 4 5 6 7 8 9 10 symbols score 0 0 1 1 2 3 5 8 13 21 34."""
    assert [points_for(n) for n in range(11)] == [0, 0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
    assert POINTS == (0, 0, 1, 1, 2, 3, 5, 8, 13, 21, 34)


def test_t6_rulebook_example_five_symbols_score_three() -> None:
    """The rulebook's example: five matching symbols score 3 points."""
    assert points_for(5) == 3


@pytest.mark.parametrize("symbols", [-1, 11])
def test_t6_more_symbols_than_the_deck_holds_is_an_error(symbols: int) -> None:
    with pytest.raises(ValueError, match="0-10"):
        points_for(symbols)


def test_t6_counts_only_the_indicated_symbol() -> None:
    """T6: count the cards won whose symbol is the indicated one."""
    pile = [parse_card(t) for t in ("R2", "G1", "G2", "B5", "P10")]
    assert count_symbols(pile, Symbol.CIRCLE) == 3  # R2, G1, B5
    assert count_symbols([], Symbol.CIRCLE) == 0


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ([143, 100], None),  # nobody at 144 yet
        ([144, 100], 0),  # exactly 144 ends it
        ([150, 160, 20], 1),  # the highest total wins, not the first past 144
        ([150, 150], None),  # a shared highest total plays another round
        ([150, 150, 170], 2),  # a tie below the highest does not matter
        ([10, 150, 150, 149], None),
    ],
)
def test_t7_end_after_a_round_with_144(totals: list[int], winner: int | None) -> None:
    """T7: after a round in which someone has 144 or more, the highest total wins alone."""
    assert TARGET == 144
    assert winner_at_end(totals) == winner
