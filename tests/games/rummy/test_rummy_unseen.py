"""A real table: the hands are never seen (the engine contract's unseen mode)."""

from __future__ import annotations

import random

import pytest
from rummy_scripts import cards

from companion.games import CHANCE, IllegalActionError
from companion.games.rummy import (
    DECK_8,
    WILD,
    Add,
    Close,
    Deal,
    Discard,
    Draw,
    Move,
    Open,
    Pile,
    Reshuffle,
    RoundEnd,
    Rummy8State,
    SeatTable,
    parse_card,
)


def _unseen(players: int = 2) -> Rummy8State:
    state = Rummy8State([f"P{i}" for i in range(players)], rounds=None)
    state.apply(Deal(0, parse_card("2", DECK_8)))
    return state


def _turn(state: Rummy8State, discard: str) -> None:
    state.apply(Draw(Pile.STOCK))
    state.apply(Draw(Pile.STOCK))
    state.apply(Discard(parse_card(discard, DECK_8)))


def test_r4_any_unseen_card_may_be_melded_or_discarded() -> None:
    state = _unseen()
    assert state.current_player() == 1
    state.apply(Draw(Pile.DISCARD))
    state.apply(Draw(Pile.STOCK))
    legal = state.legal_actions()
    assert Discard(WILD) in legal and Open(cards("8 B2", DECK_8)) in legal
    state.apply(Open(cards("8 B2 B3 B5", DECK_8)))
    state.apply(Add(WILD.declared(2), 2))
    state.apply(Add(parse_card("5", DECK_8), 3))
    state.apply(Add(parse_card("3", DECK_8), 5))
    state.apply(Add(parse_card("2", DECK_8), 2))  # the 2 seen taken from the pile
    assert state.round is not None and state.round.seats[1].hand_size == 1
    assert state.round.seats[1].known.total() == 0
    # Cards go from the hand only while it holds one for the discard (R4).
    with pytest.raises(IllegalActionError, match="must keep one for the discard"):
        state.apply(Add(parse_card("2", DECK_8), 2))
    state.apply(Discard(parse_card("3", DECK_8)))
    assert state.round.seats[1].hand_size == 0 and state.current_player() == 0


def test_r1_a_card_seen_more_often_than_the_deck_holds() -> None:
    state = _unseen()
    _turn(state, "W")
    _turn(state, "W")
    _turn(state, "W")
    state.apply(Draw(Pile.STOCK))
    state.apply(Draw(Pile.STOCK))
    with pytest.raises(IllegalActionError, match="W is seen more often") as caught:
        state.apply(Discard(WILD))
    assert caught.value.rule == "R1"
    assert Discard(WILD) not in state.legal_actions()


def test_r4_cards_move_between_open_sets_out_of_turn() -> None:
    state = _unseen()
    state.apply(Draw(Pile.STOCK))
    state.apply(Draw(Pile.STOCK))
    state.apply(Open(cards("8 B2 B3", DECK_8)))
    state.apply(Add(parse_card("3", DECK_8), 2))
    state.apply(Discard(parse_card("5", DECK_8)))
    assert state.current_player() == 0
    state.apply(Move(2, 1, 3, seat=1))
    assert state.round is not None
    assert [str(c) for c in state.round.seats[1].sets[3].cards] == ["B3", "3"]
    with pytest.raises(IllegalActionError):
        state.apply(Move(3, 0, 2, seat=1))


def test_r7_the_table_reports_the_end_of_an_unseen_round() -> None:
    state = _unseen()
    _turn(state, "W")
    out = SeatTable.from_json(
        {"closed": [["8"], ["B2", "3", "3"], ["B3", "5"], ["B5", "3"]], "open": [], "hand": []},
        DECK_8,
    )
    holding = SeatTable.from_json({"closed": [], "open": [], "hand": ["W", "W", "W"]}, DECK_8)
    # The discarded W counts too: four wild cards are more than the deck holds (R1).
    with pytest.raises(IllegalActionError, match="more often") as caught:
        state.apply(RoundEnd(1, (holding, out)))
    assert caught.value.rule == "R1"
    fewer = SeatTable.from_json({"closed": [], "open": [], "hand": ["W", "W"]}, DECK_8)
    state.apply(RoundEnd(1, (fewer, out)))
    assert state.results[-1].points == (-200, 160)
    assert state.current_player() == CHANCE


def test_r6_once_a_player_goes_out_unseen_only_the_table_can_score() -> None:
    state = _unseen(1)
    state.apply(Draw(Pile.STOCK))
    state.apply(Draw(Pile.STOCK))
    state.apply(Open(cards("8 B2 B3 B5", DECK_8)))
    for card, base in (("3", 2), ("3", 2), ("5", 3)):
        state.apply(Add(parse_card(card, DECK_8), base))
    state.apply(Add(parse_card("3", DECK_8), 5))
    for base in (8, 2, 3, 5):
        state.apply(Close(base))
    state.apply(Discard(parse_card("2", DECK_8)))
    assert state.current_player() == CHANCE and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="RoundEnd"):
        state.sample_chance(random.Random(1))
    table = state.round.seats[0].table() if state.round else None
    assert table is not None
    with pytest.raises(IllegalActionError, match="seat 0 went out"):
        state.apply(RoundEnd(None, (table,)))
    state.apply(RoundEnd(0, (table,)))
    assert state.results[-1].points == (160,)


def test_r4_an_unseen_stock_is_reshuffled_without_an_order() -> None:
    state = _unseen(4)
    rng = random.Random(0)
    while state.current_player() != CHANCE:
        legal = state.legal_actions()
        draws = [a for a in legal if isinstance(a, Draw)]
        discards = [a for a in legal if isinstance(a, Discard)]
        state.apply(draws[0] if draws else rng.choice(discards))
    assert state.sample_chance(rng) == Reshuffle()
    state.apply(Reshuffle())
    assert state.current_player() != CHANCE
