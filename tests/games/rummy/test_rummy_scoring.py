"""Round scores (R7), the rulebook's own figures, and the variant standard-start."""

from __future__ import annotations

from typing import Any

import pytest
from rummy_scripts import complete_table

from companion.games.rummy import (
    DECK_8,
    DECK_13,
    DECK_21,
    DECK_89,
    Deck,
    SeatTable,
    table_points,
)


def _points(data: dict[str, Any], deck: Deck = DECK_21, *, out: bool = False) -> int:
    return table_points(SeatTable.from_json(data, deck), deck, out=out)


@pytest.mark.parametrize(
    ("deck", "points"), [(DECK_21, 200), (DECK_89, 200), (DECK_13, 180), (DECK_8, 160)]
)
def test_r7_going_out_scores_80_plus_20_per_closed_set(deck: Deck, points: int) -> None:
    assert _points(complete_table(deck), deck, out=True) == points


def test_r7_others_score_closed_sets_minus_open_sets_minus_twice_the_hand() -> None:
    table = {"closed": [["21"], ["B8", "13"]], "open": [["B5", "8"]], "hand": ["3", "2"]}
    assert _points(table) == 40 - 13 - 2 * 5


def test_r7_wild_counts_50_in_an_open_set_and_100_in_the_hand() -> None:
    assert _points({"closed": [], "open": [["W=21"]], "hand": []}) == -50
    assert _points({"closed": [], "open": [], "hand": ["W"]}) == -100
    assert _points({"closed": [["W=21"]], "open": [], "hand": []}) == 20


def test_r7_bonus_counts_8_in_an_open_set_and_16_in_the_hand() -> None:
    assert _points({"closed": [], "open": [["X", "5"]], "hand": []}) == -13
    assert _points({"closed": [], "open": [], "hand": ["X"]}) == -16
    # Deck 89's bonus card is a base 8 and two 13s: worth 34.
    assert _points({"closed": [], "open": [], "hand": ["X"]}, DECK_89) == -68


def test_r7_an_open_complete_set_still_counts_against() -> None:
    """The rulebook: close sets when another player is about to go out."""
    assert _points({"closed": [], "open": [["B8", "13"]], "hand": []}) == -21


def test_r7_the_rulebook_example_record() -> None:
    """DESIGN.md's table: 21 closed, B5 8 open, W X 2 in hand: 20 - 13 - 2(50+8+2)."""
    table = {"closed": [["21"]], "open": [["B5", "8"]], "hand": ["W", "X", "2"]}
    assert _points(table) == -113


def test_r7_standard_start_set_scores_10_when_closed() -> None:
    table = complete_table(DECK_21)
    table["closed"][4] = ["8", "13"]  # the set on 8 started by a standard 8
    assert _points(table, out=True) == 80 + 5 * 20 + 10
    assert _points({"closed": [["5", "8", "8"]], "open": [], "hand": []}) == 10
