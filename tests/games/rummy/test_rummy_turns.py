"""A round played turn by turn with the hands seen: R3-R6 on rigged deals."""

from __future__ import annotations

import random

import pytest
from rummy_scripts import cards, draw_two, rigged_deal

from companion.games import CHANCE, TERMINAL, IllegalActionError
from companion.games.rummy import (
    DECK_8,
    DECK_21,
    WILD,
    Add,
    Card,
    Close,
    Deal,
    Discard,
    Draw,
    Kind,
    Move,
    Open,
    Pile,
    Redeclare,
    Reshuffle,
    Rummy8State,
    Rummy21State,
    Start,
    Swap,
    TakeBack,
    parse_card,
)


def c8(text: str) -> Card:
    return parse_card(text, DECK_8)


def c21(text: str) -> Card:
    return parse_card(text, DECK_21)


def _rule(state: Rummy8State | Rummy21State, action: object) -> str:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)  # type: ignore[arg-type]
    return caught.value.rule


def solo8(hand: str, stock: str, upcard: str = "2", rounds: int | None = None) -> Rummy8State:
    state = Rummy8State(["Ana"], rounds=rounds)
    state.apply(rigged_deal(DECK_8, [hand], upcard, stock))
    return state


def test_r4_a_turn_starts_with_two_draws() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2")
    assert state.current_player() == 0
    assert state.legal_actions() == [Draw(Pile.STOCK), Draw(Pile.DISCARD)]
    assert _rule(state, Discard(c8("5"))) == "R4"
    assert _rule(state, Open(cards("8 B2", DECK_8))) == "R4"
    state.apply(Draw(Pile.DISCARD))
    assert _rule(state, Draw(Pile.DISCARD)) == "R4"  # the pile is empty now
    state.apply(Draw(Pile.STOCK))
    assert _rule(state, Draw(Pile.STOCK)) == "R4"
    assert Discard(c8("2")) in state.legal_actions()


def test_r4_at_most_one_card_from_the_discard_pile() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2 5 5")
    draw_two(state)
    state.apply(Discard(c8("5")))  # the pile: 2 (upcard), 5
    state.apply(Draw(Pile.DISCARD))
    with pytest.raises(IllegalActionError, match="at most one of the two cards"):
        state.apply(Draw(Pile.DISCARD))
    assert state.legal_actions() == [Draw(Pile.STOCK)]


def test_r3_nothing_is_added_before_the_opening() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2")
    draw_two(state)
    assert _rule(state, Start(c8("B2"))) == "R3"
    assert _rule(state, Add(c8("3"), 2)) == "R3"
    assert _rule(state, Open(cards("8", DECK_8))) == "R3"
    assert _rule(state, Open(cards("B2 B3", DECK_8))) == "R3"
    assert all(not isinstance(a, Add | Start) for a in state.legal_actions())
    state.apply(Open(cards("8 B2", DECK_8)))
    assert _rule(state, Open(cards("B3", DECK_8))) == "R3"
    state.apply(Start(c8("B3")))
    state.apply(Add(c8("5"), 3))


def test_r3_deck_21_opens_with_the_top_card_and_three_bases() -> None:
    state = Rummy21State(["Ana"], rounds=None)
    state.apply(rigged_deal(DECK_21, ["21 B8 B2 B3 W 5 2"], "2", "3 3"))
    draw_two(state)
    with pytest.raises(IllegalActionError, match="at least 3 base cards"):
        state.apply(Open(cards("21 B8 B2", DECK_21)))
    # Every opening the hand allows is offered (one W to place, or none).
    openings = [a for a in state.legal_actions() if isinstance(a, Open)]
    assert Open(cards("21 B2 B3 B8", DECK_21)) in openings
    assert Open(cards("W=21 B2 B3 B8", DECK_21)) in openings
    assert Open(cards("21 B2 B3 W=5 B8", DECK_21)) in openings
    # B2 B3 B8 with 21 or W=21 (2); W for one of them (3); W=5 or W=13 beside
    # any two or all three of them (2 * 4).
    assert len(openings) == 2 + 3 + 8


def test_r5_r4_the_rulebooks_lowered_wild_then_a_5_added() -> None:
    """Strategy section: lower a wild in an open set from 13 to 8 and add a 5 from the hand."""
    state = Rummy21State(["Ana"], rounds=None)
    state.apply(rigged_deal(DECK_21, ["21 B8 B2 B3 W 5 2"], "2", "3 3"))
    draw_two(state)
    state.apply(Open(cards("21 B8 B2 B3", DECK_21)))
    state.apply(Add(WILD.declared(13), 8))
    assert _rule(state, Redeclare(8, 1, 21)) == "R5"
    assert _rule(state, Redeclare(8, 0, 5)) == "R4"  # a start card is never re-declared
    state.apply(Redeclare(8, 1, 8))
    state.apply(Add(c21("5"), 8))
    assert state.round is not None
    assert [str(c) for c in state.round.seats[0].sets[8].cards] == ["B8", "W=8", "5"]
    assert Close(8) in state.legal_actions()


def test_r4_cards_move_between_open_sets_and_back_to_the_hand_not_the_start() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2")
    draw_two(state)
    state.apply(Open(cards("8 B2 B3 B5", DECK_8)))
    state.apply(Add(c8("3"), 2))
    state.apply(Move(2, 1, 5))
    assert _rule(state, Move(5, 0, 2)) == "R4"
    assert _rule(state, TakeBack(3, 0)) == "R4"
    assert _rule(state, Move(5, 1, 5)) == "R4"
    state.apply(TakeBack(5, 1))
    state.apply(Add(c8("5"), 3))
    state.apply(Move(3, 1, 2))
    # Three rearrangements a turn at most (an engine limit that keeps turns finite).
    assert _rule(state, Move(2, 1, 3)) == "R4"
    assert not any(isinstance(a, Move | TakeBack | Redeclare) for a in state.legal_actions())


def test_r4_closed_sets_never_change() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2")
    draw_two(state)
    state.apply(Open(cards("8 B2 B3 B5", DECK_8)))
    state.apply(Add(c8("5"), 3))
    state.apply(Close(3))
    assert _rule(state, Add(c8("3"), 3)) == "R4"
    assert _rule(state, Move(3, 1, 2)) == "R4"
    assert _rule(state, Close(3)) == "R4"
    assert _rule(state, Close(2)) == "R4"  # B2 alone is not complete


def test_r4_a_wild_standing_for_a_base_card_is_swapped_for_it() -> None:
    state = solo8("8 W B3 5 B2 3 3", "2 2")
    draw_two(state)
    state.apply(Open((c8("8"), WILD.declared(2), c8("B3"))))
    assert Swap(2) in state.legal_actions()
    assert _rule(state, Swap(3)) == "R4"
    state.apply(Swap(2))
    assert state.round is not None
    seat = state.round.seats[0]
    assert seat.sets[2].cards[0] == c8("B2") and seat.known[WILD] == 1
    assert _rule(state, Swap(2)) == "R4"


def test_r2_one_set_per_base_and_the_standard_start_variant() -> None:
    state = solo8("8 B2 B3 B5 W 3 5", "3 2")
    draw_two(state)
    state.apply(Open(cards("8 B2", DECK_8)))
    assert _rule(state, Start(WILD.declared(2))) == "R2"
    assert _rule(state, Start(c8("3"))) == "R2"
    variant = Rummy8State(["Ana"], ["standard-start"], rounds=None)
    variant.apply(rigged_deal(DECK_8, ["8 B2 B5 W 3 3 5"], "2", "3 2"))
    draw_two(variant)
    variant.apply(Open(cards("8 B2 3", DECK_8)))
    assert _rule(variant, Start(c8("5"))) == "R7"  # one standard start per player
    variant.apply(Add(c8("5"), 3))
    variant.apply(Close(3))


def _to_all_closed(state: Rummy8State) -> None:
    """Turn 1 of the going-out script: open, complete three sets, keep 3 for B5."""
    draw_two(state)
    state.apply(Open(cards("8 B2 B3 B5", DECK_8)))
    state.apply(Add(c8("3"), 2))
    state.apply(Add(c8("3"), 2))
    state.apply(Add(c8("5"), 3))


def test_r6_going_out_closes_every_set_before_the_last_discard() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2", rounds=1)
    _to_all_closed(state)
    state.apply(Add(c8("3"), 5))
    with pytest.raises(IllegalActionError, match="closed before the last discard") as caught:
        state.apply(Discard(c8("2")))
    assert caught.value.rule == "R6"
    legal = state.legal_actions()
    assert [a for a in legal if isinstance(a, Close)] == [Close(8), Close(2), Close(3), Close(5)]
    assert not any(isinstance(a, Discard) for a in legal)
    for base in (8, 2, 3, 5):
        state.apply(Close(base))
    assert state.legal_actions() == [Discard(c8("2"))]
    state.apply(Discard(c8("2")))
    assert state.results[-1].out == 0
    assert state.results[-1].points == (160,)
    assert state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.report().complete is False  # R9


def test_r6_a_player_with_all_sets_complete_draws_no_more() -> None:
    state = solo8("8 B2 B3 B5 3 3 5", "3 2 2 2")
    _to_all_closed(state)
    state.apply(Discard(c8("2")))
    draw_two(state)
    state.apply(Add(c8("3"), 5))
    for base in (8, 2, 3, 5):
        state.apply(Close(base))
    state.apply(Discard(c8("2")))
    assert state.current_player() == 0
    assert state.legal_actions() == [Discard(c8("2"))]
    assert _rule(state, Draw(Pile.STOCK)) == "R6"
    state.apply(Discard(c8("2")))
    assert state.results[-1].out == 0


def test_r7_the_others_pay_for_their_hands_when_a_player_goes_out() -> None:
    state = Rummy8State(["Ana", "Ben"], rounds=None)
    # Seat 0 deals, so seat 1 plays first and goes out at once.
    state.apply(rigged_deal(DECK_8, ["W 2 2 5 5 3 3", "8 B2 B3 B5 3 3 5"], "2", "3 2"))
    assert state.current_player() == 1
    _to_all_closed(state)
    state.apply(Add(c8("3"), 5))
    for base in (8, 2, 3, 5):
        state.apply(Close(base))
    state.apply(Discard(c8("2")))
    assert state.results[-1].points == (-2 * (50 + 2 + 2 + 5 + 5 + 3 + 3), 160)
    assert state.current_player() == CHANCE


def test_r4_a_deal_is_the_whole_deck_and_comes_between_rounds() -> None:
    state = Rummy8State(["Ana", "Ben"])
    good = rigged_deal(DECK_8, ["W 2 2 5 5 3 3", "8 B2 B3 B5 3 3 5"], "2")
    assert _rule(state, rigged_deal(DECK_8, ["W 2 2 5 5 3 3"], "2")) == "R4"
    stock = good.stock or ()
    assert _rule(state, Deal(2, good.upcard, good.hands, stock)) == "R4"
    assert _rule(state, Deal(0, good.upcard, good.hands, stock[1:])) == "R1"
    assert _rule(state, Deal(0, good.upcard, good.hands, None)) == "R4"
    state.apply(good)
    assert _rule(state, good) == "R4"


def test_r4_the_stock_is_reshuffled_from_the_discard_pile_but_its_top() -> None:
    state = Rummy8State(["Ana"], rounds=None)
    deal = rigged_deal(DECK_8, ["8 B2 B3 B5 3 3 5"], "2")
    state.apply(deal)
    assert state.round is not None
    while state.current_player() != CHANCE:
        legal = state.legal_actions()
        draws = [a for a in legal if a == Draw(Pile.STOCK)]
        discards = [a for a in legal if isinstance(a, Discard)]
        state.apply(draws[0] if draws else discards[0])
    pile = list(state.round.discard)
    assert state.round.stock_left == 0 and len(pile) >= 2
    assert _rule(state, Draw(Pile.STOCK)) == "R4"
    assert _rule(state, Reshuffle(tuple(pile))) == "R4"
    state.apply(Reshuffle(tuple(reversed(pile[:-1]))))
    assert state.round.discard == pile[-1:] and state.round.stock_left == len(pile) - 1
    assert state.round.stock[-1] == pile[-2]  # the stock's top is the last element


def test_r4_a_round_that_cannot_go_on_ends_with_nobody_out() -> None:
    """Stock and discard pile exhausted (every card held or melded): nobody is out."""
    state = Rummy8State(["Ana", "Ben"], rounds=1)
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            discards = [a for a in legal if isinstance(a, Discard)]
            draws = [a for a in legal if isinstance(a, Draw)]
            state.apply(draws[0] if draws else discards[0])
    result = state.results[-1]
    assert result.out is None
    held = sum(len(t.hand) + sum(map(len, t.sets)) for t in result.tables)
    assert held >= DECK_8.size - 2
    assert all(card.kind is not Kind.WILD or card.number is None for card in result.tables[0].hand)
