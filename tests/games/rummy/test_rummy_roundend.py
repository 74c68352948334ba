"""Refereeing a round's end as a record holds it (R1-R6): every fault, its place, its rule."""

from __future__ import annotations

from typing import Any

import pytest
from rummy_scripts import complete_table

from companion.games.rummy import DECK_8, DECK_21, Deck, RummyActionError, SeatTable
from companion.games.rummy.roundend import judge_round_end


def _judge(
    out: int | None,
    tables: list[dict[str, Any]],
    deck: Deck = DECK_21,
    *,
    standard_start: bool = False,
) -> tuple[int, ...]:
    seats = tuple(SeatTable.from_json(table, deck) for table in tables)
    return judge_round_end(out, seats, deck, standard_start=standard_start).points


def _fault(out: int | None, tables: list[dict[str, Any]], **options: Any) -> RummyActionError:
    with pytest.raises(RummyActionError) as caught:
        _judge(out, tables, **options)
    return caught.value


OPENED = {"closed": [["21"]], "open": [["B2"], ["B3"], ["B5", "8"]], "hand": ["2"]}
EMPTY: dict[str, Any] = {"closed": [], "open": [], "hand": []}


def test_r7_a_round_with_someone_out() -> None:
    assert _judge(0, [complete_table(DECK_21), OPENED]) == (200, 20 - 2 - 3 - 13 - 4)


def test_r7_a_round_with_nobody_out() -> None:
    assert _judge(None, [OPENED, {**EMPTY, "hand": ["W"]}]) == (-2, -100)


def test_r4_a_closed_set_must_be_complete() -> None:
    table = {**OPENED, "closed": [["21"], ["B8", "8"]]}
    fault = _fault(None, [table])
    assert (str(fault.where), fault.rule) == ("seat 0, closed set 2", "R4")
    assert "adds up to 16, not 21" in fault.what


def test_r2_a_set_over_the_target_names_the_card() -> None:
    table = {**OPENED, "open": [["B2"], ["B3"], ["B5", "8", "13"]]}
    fault = _fault(None, [EMPTY, table])
    assert (str(fault.where), fault.rule) == ("seat 1, open set 3, card 3", "R2")


def test_r2_a_base_card_added_to_a_set() -> None:
    table = {**OPENED, "open": [["B2"], ["B3", "B5"], ["B5", "8"]]}
    fault = _fault(None, [table])
    assert (str(fault.where), fault.rule) == ("seat 0, open set 2, card 2", "R2")
    assert "B5 (card 2) only starts a set" in fault.what


def test_r2_one_set_per_base_number() -> None:
    table = {**OPENED, "open": [["B2"], ["B3"], ["B5", "8"], ["W=5", "3"]]}
    fault = _fault(None, [table])
    assert (str(fault.where), fault.rule) == ("seat 0, open set 4", "R2")
    assert "a second set on 5 (the first is open set 3)" in fault.what


def test_r2_the_bonus_card_takes_the_base_2_set() -> None:
    table = {**OPENED, "closed": [["21"], ["X", "13"]]}
    assert _fault(None, [table]).rule == "R2"


def test_r3_sets_need_the_opening_top_card_and_three_bases() -> None:
    fault = _fault(None, [{"closed": [["21"], ["B8", "13"]], "open": [["B5", "8"]], "hand": []}])
    assert (str(fault.where), fault.rule) == ("seat 0", "R3")
    assert "at least 3 base sets (has 2)" in fault.what
    no_top = {"closed": [], "open": [["B2"], ["B3"], ["B5"]], "hand": []}
    assert "no top card" in _fault(None, [no_top]).what


def test_r3_deck_8_opens_with_one_base() -> None:
    table = {"closed": [["8"]], "open": [["B3", "5"]], "hand": []}
    assert _judge(None, [table], DECK_8) == (20 - 8,)


def test_r5_wild_cards_in_sets_are_declared_and_in_the_hand_are_not() -> None:
    undeclared = {**OPENED, "open": [["B2"], ["B3", "W"], ["B5", "8"]]}
    fault = _fault(None, [undeclared])
    assert (str(fault.where), fault.rule) == ("seat 0, open set 2, card 2", "R5")
    declared = {**OPENED, "hand": ["2", "W=13"]}
    fault = _fault(None, [declared])
    assert (str(fault.where), fault.rule) == ("seat 0, hand, card 2", "R5")


def test_r6_the_player_out_holds_nothing_but_all_sets_closed() -> None:
    holding = {**complete_table(DECK_21), "hand": ["2"]}
    fault = _fault(0, [holding])
    assert (str(fault.where), fault.rule) == ("seat 0", "R6")
    assert "1 card in hand" in fault.what and "impossible going out" in fault.what
    fault = _fault(1, [EMPTY, OPENED])
    assert "3 open sets" in fault.what and "1 closed set of 6" in fault.what


def test_r6_only_the_player_out_has_closed_everything() -> None:
    fault = _fault(None, [complete_table(DECK_21)])
    assert fault.rule == "R6" and "the record says nobody did" in fault.what
    fault = _fault(1, [complete_table(DECK_21), complete_table(DECK_21)])
    assert str(fault.where) == "seat 0"


def test_r6_out_must_be_a_seat() -> None:
    fault = _fault(2, [EMPTY, EMPTY])
    assert (str(fault.where), fault.rule) == ("out", "record")


def test_r1_no_card_more_often_than_the_deck_holds() -> None:
    four = {**EMPTY, "hand": ["W", "W"]}
    fault = _fault(None, [four, {**EMPTY, "hand": ["2", "W"]}, {**EMPTY, "hand": ["W"]}])
    assert (str(fault.where), fault.rule) == ("seat 2, hand, card 1", "R1")
    assert fault.what == "W appears more often than the deck holds (3 W)"


def test_r1_one_physical_card_cannot_lie_in_two_places() -> None:
    fault = _fault(None, [{**EMPTY, "hand": ["3#5"]}, {**EMPTY, "hand": ["3", "3#5"]}])
    assert (str(fault.where), fault.rule) == ("seat 1, hand, card 2", "R1")
    assert "3#5 appears twice" in fault.what


def test_r1_cards_seen_elsewhere_count_too() -> None:
    seats = (SeatTable.from_json({**EMPTY, "hand": ["W"]}, DECK_21),)
    with pytest.raises(RummyActionError, match="more often"):
        judge_round_end(None, seats, DECK_21, seen=[seats[0].hand[0]] * 3)


def test_r7_standard_start_needs_the_variant_and_keeps_to_its_limit() -> None:
    table = {**OPENED, "open": [["B2"], ["B3"], ["5", "8"]]}
    assert _fault(None, [table]).rule == "R2"
    assert _judge(None, [table], standard_start=True) == (20 - 2 - 3 - 13 - 4,)
    two = {**OPENED, "open": [["B2"], ["3"], ["5", "8"]]}
    fault = _fault(None, [two], standard_start=True)
    assert (str(fault.where), fault.rule) == ("seat 0, open set 3", "R7")
