"""The referee's questions about one set: legal, missing, wild numbers (R2, R5, R8)."""

from __future__ import annotations

import pytest
from rummy_scripts import cards

from companion.games import GameError
from companion.games.rummy import (
    DECK_8,
    DECK_13,
    DECK_21,
    DECK_89,
    WILD,
    Deck,
    SetStatus,
    UnknownCardError,
    arrange,
    check_set,
    completions,
    count_sets,
    possible_sets,
    wild_numbers,
)


@pytest.mark.parametrize(
    ("text", "deck", "base"),
    [
        ("21", DECK_21, 21),
        ("B8 13", DECK_21, 8),  # rulebook: "card 13 on top of base card 8 creates a set"
        ("B2 2 2 3 3 3 3 3", DECK_21, 2),  # rulebook: an eight-card set
        ("X 13", DECK_21, 2),  # the bonus card is a base 2 and two 3s
        ("W=5 8 8", DECK_21, 5),
        ("W=21", DECK_21, 21),
        ("13", DECK_13, 13),
        ("B3 5", DECK_8, 3),
        ("X 55", DECK_89, 8),
        ("B34 55", DECK_89, 34),
    ],
)
def test_r2_complete_sets(text: str, deck: Deck, base: int) -> None:
    verdict = check_set(cards(text, deck), deck)
    assert verdict.status is SetStatus.COMPLETE
    assert (verdict.base, verdict.total, verdict.missing) == (base, deck.target, 0)
    assert verdict.complete and verdict.legal


def test_r2_incomplete_set_says_what_is_missing() -> None:
    verdict = check_set(cards("B5 8", DECK_21), DECK_21)
    assert verdict.status is SetStatus.INCOMPLETE
    assert (verdict.base, verdict.total, verdict.missing) == (5, 13, 8)
    assert verdict.completions == ((8,), (5, 3), (3, 3, 2), (2, 2, 2, 2))
    assert str(verdict) == "incomplete: 8 missing"


def test_r2_a_set_one_short_cannot_be_completed_by_any_card() -> None:
    verdict = check_set(cards("B2 5 13", DECK_21), DECK_21)
    assert verdict.status is SetStatus.INCOMPLETE and verdict.missing == 1
    assert verdict.completions == ()
    assert "which no card makes up" in str(verdict)


@pytest.mark.parametrize(
    ("text", "deck", "needle", "rule", "card"),
    [
        ("", DECK_21, "an empty set", "R2", 0),
        ("5 8 8", DECK_21, "5 is a standard card", "R2", 0),
        ("B5 B3", DECK_21, "B3 (card 2) only starts a set", "R2", 1),
        ("B5 8 X", DECK_21, "X (card 3) only starts a set", "R2", 2),
        ("21 W=2", DECK_21, "the top card 21 is a set on its own", "R2", 1),
        ("B8 13 2", DECK_21, "adds up to 23 at 2 (card 3), more than 21", "R2", 2),
        ("W=21 3", DECK_21, "the top card 21 is a set on its own", "R2", 1),
        ("W 8 8", DECK_21, "W (card 1) has no declared number", "R5", 0),
        ("B5 W", DECK_21, "W (card 2) has no declared number", "R5", 1),
        ("B5 W=21", DECK_21, "more than 21", "R2", 1),
        ("8", DECK_21, "8 is a standard card", "R2", 0),
    ],
)
def test_r2_r5_illegal_sets_name_reason_rule_and_card(
    text: str, deck: Deck, needle: str, rule: str, card: int
) -> None:
    verdict = check_set(cards(text, deck), deck)
    assert verdict.status is SetStatus.ILLEGAL and not verdict.legal
    assert needle in verdict.reason
    assert (verdict.rule, verdict.card) == (rule, card)
    assert str(verdict).startswith("illegal: ")


def test_r2_a_wild_for_no_base_number_cannot_start_a_set() -> None:
    """Notation refuses W=4, but a set built in code is judged all the same."""
    verdict = check_set((WILD.declared(4),), DECK_21)
    assert verdict.rule == "R2" and "W=4 cannot start a set" in verdict.reason


def test_r7_standard_start_only_with_the_variant() -> None:
    without = check_set(cards("8 13", DECK_21), DECK_21)
    assert "standard-start allows it" in without.reason
    verdict = check_set(cards("8 13", DECK_21), DECK_21, standard_start=True)
    assert verdict.complete and verdict.standard_start and verdict.base == 8
    # Only base numbers: in deck 8 a standard 8 is no base number, in deck 21 21 is no card.
    assert not check_set(cards("8", DECK_89), DECK_89, standard_start=True).complete


def test_r5_which_numbers_a_wild_card_can_take() -> None:
    numbers = wild_numbers(cards("B2 3 3 W", DECK_21), DECK_21)
    assert numbers.completes == (13,)
    assert numbers.fits == (2, 3, 5, 8, 13)
    # A wild added at the end of B13: 8 completes; 5 leaves 3 missing; 7 left is 2+5 or...
    added = wild_numbers(cards("B13", DECK_21), DECK_21)
    assert added.completes == (8,) and added.fits == (2, 3, 5, 8)


def test_r5_a_wild_card_starting_a_set_stands_for_a_base_or_the_top_card() -> None:
    numbers = wild_numbers((), DECK_21)
    assert numbers.fits == (2, 3, 5, 8, 13, 21) and numbers.completes == (21,)
    assert wild_numbers(cards("W 13", DECK_21), DECK_21).completes == (8,)


def test_r5_a_wild_that_would_leave_one_missing_does_not_fit() -> None:
    """B8 5 W: 8 more is 21, 3 leaves 5 (fits), 5 leaves 3 (fits), 2 leaves 6, 13 is over."""
    numbers = wild_numbers(cards("B8 5 W", DECK_21), DECK_21)
    assert numbers.completes == (8,)
    assert 13 not in numbers.fits and 21 not in numbers.fits
    assert wild_numbers(cards("B8 5 2 3 W", DECK_21), DECK_21).fits == (3,)


def test_r5_one_undeclared_wild_at_a_time() -> None:
    with pytest.raises(UnknownCardError, match="one undeclared wild"):
        wild_numbers(cards("B2 W W", DECK_21), DECK_21)


def test_r2_arrange_puts_the_one_start_card_first() -> None:
    assert arrange(cards("3 B2 3 13", DECK_21), DECK_21) == cards("B2 3 3 13", DECK_21)
    assert arrange(cards("3 B2 B3", DECK_21), DECK_21) == cards("3 B2 B3", DECK_21)
    assert arrange(cards("13 X", DECK_21), DECK_21) == cards("X 13", DECK_21)


# -- R8: every possible set, pinned ------------------------------------------------


def test_r8_deck_21_counts_16_16_12_8_4_1() -> None:
    counts = count_sets(DECK_21)
    assert counts == {2: 16, 3: 16, 5: 12, 8: 8, 13: 4, 21: 1}
    assert sum(counts.values()) == 57


def test_r8_deck_13_counts_17_and_deck_8_counts_6() -> None:
    assert count_sets(DECK_13) == {2: 5, 3: 5, 5: 4, 8: 2, 13: 1}
    assert sum(count_sets(DECK_13).values()) == 17
    assert count_sets(DECK_8) == {2: 2, 3: 2, 5: 1, 8: 1}
    assert sum(count_sets(DECK_8).values()) == 6


def test_r8_deck_89_counts_by_the_same_pattern() -> None:
    counts = count_sets(DECK_89)
    assert counts == {8: 7, 13: 10, 21: 7, 34: 6, 55: 3, 89: 1}
    assert sum(counts.values()) == 34


@pytest.mark.parametrize("deck", [DECK_21, DECK_13, DECK_8, DECK_89])
def test_r8_every_enumerated_set_is_complete_and_distinct(deck: Deck) -> None:
    for base in deck.slots:
        sets = possible_sets(base, deck)
        assert len(set(sets)) == len(sets)
        for numbers in sets:
            start = str(deck.top) if base == deck.target else f"B{base}"
            verdict = check_set(cards(" ".join([start, *map(str, numbers[1:])]), deck), deck)
            assert verdict.complete, numbers


def test_r8_the_sets_of_base_13_in_deck_21() -> None:
    assert possible_sets(13, DECK_21) == ((13, 8), (13, 5, 3), (13, 3, 3, 2), (13, 2, 2, 2, 2))
    assert possible_sets(8, DECK_8) == ((8,),)


def test_r8_the_strategy_sections_claims_do_not_hold_under_r2() -> None:
    """A base-2 set need not hold a 3 (B2 13 2 2 2), and the longest set has ten cards."""
    assert (2, 13, 2, 2, 2) in possible_sets(2, DECK_21)
    longest = max((s for b in DECK_21.slots for s in possible_sets(b, DECK_21)), key=len)
    assert len(longest) == 10


def test_r8_standard_8s_never_complete_a_deck_8_set() -> None:
    assert all(8 not in combo for combo in completions(6, DECK_8))
    with pytest.raises(GameError, match="not a base number"):
        possible_sets(7, DECK_21)
