"""T2 (the deal) and T3 (who leads), on the functions and through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from companion.games import CHANCE, IllegalActionError
from companion.games.trump import (
    DECK,
    Card,
    Colour,
    Deal,
    Play,
    first_leader,
    new_game,
    parse_card,
    tricks_per_round,
)
from companion.games.trump.deal import deal_cards


def _hands(players: int, trump: str, symbol: str, holders: Mapping[str, int]) -> Deal:
    """An open deal: the cards named in ``holders`` to their seats, the rest in turn."""
    per_hand = tricks_per_round(players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for text, seat in holders.items():
        hands[seat].append(parse_card(text))
    taken = {parse_card(trump), parse_card(symbol), *(parse_card(t) for t in holders)}
    seat = 0
    for card in DECK:
        if card in taken:
            continue
        while len(hands[seat]) == per_hand:
            seat = (seat + 1) % players
        hands[seat].append(card)
        seat = (seat + 1) % players
    return Deal(parse_card(trump), parse_card(symbol), tuple(tuple(h) for h in hands))


@pytest.mark.parametrize(("players", "tricks"), [(2, 24), (3, 16), (4, 12)])
def test_t2_all_but_two_cards_are_dealt_equally(players: int, tricks: int) -> None:
    """T2: 2, 3, 4 players get 24, 16, 12 cards (and play that many tricks)."""
    assert tricks_per_round(players) == tricks
    dealt = deal_cards(random.Random(players), players)
    assert [len(hand) for hand in dealt.hands] == [tricks] * players
    everything = [c for hand in dealt.hands for c in hand] + [dealt.trump, dealt.symbol]
    assert sorted(everything, key=Card.sort_key) == list(DECK)


@pytest.mark.parametrize("players", [1, 5])
def test_t2_the_game_is_for_two_to_four(players: int) -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        tricks_per_round(players)


def test_t2_first_card_left_is_trump_second_is_symbol_dealt_from_the_dealers_left() -> None:
    """T2 / rulebook: one at a time clockwise from the dealer's left, then the two left over."""
    deck = list(DECK)
    random.Random(9).shuffle(deck)
    dealt = deal_cards(random.Random(9), 3, first_seat=1)
    assert (dealt.trump, dealt.symbol) == (deck[48], deck[49])
    assert deck[0] in dealt.hands[1] and deck[1] in dealt.hands[2] and deck[2] in dealt.hands[0]


@pytest.mark.parametrize(
    ("trump", "symbol", "lowest"),
    [
        ("R7", "G4", "R1"),  # red is trump: whoever has the red 1 begins
        ("R1", "G4", "R2"),  # the trump card shows the red 1: the red 2 starts
        ("R1", "R2", "R3"),  # both indicators show red 1 and red 2: the red 3 starts
        ("R2", "R1", "R3"),
    ],
)
def test_t3_rulebook_examples_of_the_first_leader(trump: str, symbol: str, lowest: str) -> None:
    """T3 / rulebook: the holder of the lowest trump-colour number not on an indicator leads."""
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(_hands(3, trump, symbol, {lowest: 2}))
    assert state.current_player() == 2
    record: Any = state.to_record()
    assert record["rounds"][0]["leader"] == 2


def test_t3_a_given_leader_must_hold_the_lowest_trump() -> None:
    """T3: an open deal with the wrong leader named is refused and changes nothing."""
    state = new_game(["Ana", "Ben"])
    deal = _hands(2, "B5", "G4", {"B1": 1})
    wrong = Deal(deal.trump, deal.symbol, deal.hands, leader=0)
    with pytest.raises(IllegalActionError, match="holds the lowest trump") as caught:
        state.apply(wrong)
    assert caught.value.rule == "T3"
    assert state.history == ()
    state.apply(Deal(deal.trump, deal.symbol, deal.hands, leader=1))
    assert state.current_player() == 1


def test_t3_fallback_without_any_trump_in_the_hands() -> None:
    """T3 fallback (unreachable after a T2 deal): the lowest number of any colour, R G B Y P."""
    hands = [[parse_card("G2"), parse_card("Y1")], [parse_card("B1"), parse_card("P9")]]
    assert first_leader(hands, Colour.R) == 1  # B1 beats Y1 by the colour order
    assert first_leader(hands, Colour.P) == 1  # a trump is held: P9 leads


def test_t3_a_t2_deal_always_leaves_a_trump_in_some_hand() -> None:
    """T3: with 48 of 50 cards dealt, at least 8 trump-colour cards are in the hands."""
    for seed in range(50):
        dealt = deal_cards(random.Random(seed), 2 + seed % 3)
        held = [c for hand in dealt.hands for c in hand if c.colour == dealt.trump.colour]
        assert len(held) >= 8
        leader = first_leader(dealt.hands, dealt.trump.colour)
        assert min(held, key=Card.sort_key) in dealt.hands[leader]


@pytest.mark.parametrize(
    ("change", "match", "rule"),
    [
        (lambda d: Deal(d.trump, d.trump, d.hands), "both the trump and the symbol", "T2"),
        (lambda d: Deal(d.trump, d.symbol, d.hands[:1]), "1 hands dealt for 2", "T2"),
        (lambda d: Deal(d.trump, d.symbol, (d.hands[0][:-1], d.hands[1])), "23 cards", "T2"),
        (
            lambda d: Deal(d.trump, d.symbol, (d.hands[0], (d.hands[0][0], *d.hands[1][1:]))),
            "dealt more often than the deck holds",
            "T1",
        ),
        (
            lambda d: Deal(d.trump, d.symbol, ((d.trump, *d.hands[0][1:]), d.hands[1])),
            "dealt more often than the deck holds",
            "T1",
        ),
        (lambda d: Deal(d.trump, d.symbol, d.hands, leader=2), "not a seat", "T3"),
    ],
)
def test_t2_an_open_deal_must_be_a_whole_deck(
    change: Callable[[Deal], Deal], match: str, rule: str
) -> None:
    """T1, T2: hands of the right size, every card once, none of them an indicator."""
    state = new_game(["Ana", "Ben"])
    with pytest.raises(IllegalActionError, match=match) as caught:
        state.apply(change(_hands(2, "R7", "G4", {})))
    assert caught.value.rule == rule
    assert state.current_player() == CHANCE


def test_t3_unseen_first_round_needs_its_leader() -> None:
    """T3: at a real table the holder of the lowest trump shows it; the record names them."""
    state = new_game(["Ana", "Ben"])
    with pytest.raises(IllegalActionError, match="leader must be given") as caught:
        state.apply(Deal(parse_card("R7"), parse_card("G4")))
    assert caught.value.rule == "T3"
    state.apply(Deal(parse_card("R7"), parse_card("G4"), leader=1))
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 48
    assert Play(parse_card("R7")) not in state.legal_actions()
