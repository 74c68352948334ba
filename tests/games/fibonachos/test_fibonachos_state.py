"""The game state: the deal (F3), who leads (F4, F8), copies (F1), the match (F8), undo."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fibonachos_scripts import nacho, play, reveal, snapshot, suited_deal

from companion.games import CHANCE, TERMINAL, IllegalActionError
from companion.games.fibonachos import (
    Deal,
    Play,
    SetupError,
    nacho_deck,
    new_game,
)

# -- F3: the deal --------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "aside"), [(3, 17, 0), (4, 12, 3), (5, 10, 1)])
def test_f3_deal_51_div_n_each_the_rest_aside(players: int, hand: int, aside: int) -> None:
    state = new_game([f"P{i}" for i in range(players)])
    deal = state.sample_chance(random.Random(1))
    assert isinstance(deal, Deal) and deal.hands is not None and deal.decks is None
    assert [len(h) for h in deal.hands] == [hand] * players
    assert 51 - sum(len(h) for h in deal.hands) == aside
    assert state.is_legal(deal)


def test_f3_two_players_9_in_hand_11_in_a_private_deck_draw_after_each_play() -> None:
    state = new_game(["Ana", "Ben"])
    deal = state.sample_chance(random.Random(3))
    assert isinstance(deal, Deal) and deal.hands is not None and deal.decks is not None
    assert [len(h) for h in deal.hands] == [9, 9] and [len(d) for d in deal.decks] == [11, 11]
    state.apply(deal)
    reveal(state)
    card = state.legal_actions()[0]
    state.apply(card)
    hand = state.rounds[-1].hands
    assert hand is not None and len(hand[0]) == 9
    assert deal.decks[0][0] in hand[0]  # the top of Ana's private deck, drawn


def test_f3_two_players_alternate_a_b_a_b_in_tricks_of_4_and_8_tricks() -> None:
    state = new_game(["Ana", "Ben"])  # Ben (seat 1) deals, Ana leads
    state.apply(Deal())
    reveal(state)
    seats = []
    for text in ["R3", "R4", "R5", "R6"]:
        seats.append(state.current_player())
        play(state, text)
    assert seats == [0, 1, 0, 1]
    # R3, R5: two fibonachos, R5 (Ana's) wins; Ana leads trick 2.
    assert state.current_player() == CHANCE
    rng = random.Random(0)
    for _ in range(7):
        state.apply(state.sample_chance(rng))
        for _ in range(4):
            state.apply(rng.choice(state.legal_actions()))
    assert state.rounds[-1].finished and len(state.rounds[-1].tricks) == 8
    assert len(state.report().rounds) == 1


def test_f3_unseen_two_player_hands_take_any_unseen_card() -> None:
    state = new_game(["Ana", "Ben"])
    state.apply(Deal())
    reveal(state)
    assert len(state.legal_actions()) == 48  # 51 cards, faces once: the 1s count once
    play(state, "R1", "R1")
    assert Play(nacho("R1")) not in state.legal_actions()


def test_f3_card_not_in_hand_is_illegal_with_hands_known() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(suited_deal())
    reveal(state)
    with pytest.raises(IllegalActionError) as err:
        play(state, "G3")
    assert err.value.rule == "F3" and "G3 is not in Ana's hand" in str(err.value)


def test_f3_player_count_outside_2_to_5() -> None:
    for names in (["Solo"], [f"P{i}" for i in range(6)]):
        with pytest.raises(SetupError, match="2-5 players"):
            new_game(names)


def test_f3_deal_with_wrong_packets_is_illegal() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    deck = nacho_deck()
    with pytest.raises(IllegalActionError, match="17 cards"):
        state.apply(Deal((tuple(deck[:16]), tuple(deck[17:34]), tuple(deck[34:]))))
    twice = (tuple(deck[:17]), tuple(deck[:17]), tuple(deck[34:]))
    with pytest.raises(IllegalActionError, match="more often than the deck holds"):
        state.apply(Deal(twice))
    assert state.history == ()


# -- F4 and F8: who leads --------------------------------------------------------


def test_f8_dealers_left_leads_and_the_deal_moves_clockwise() -> None:
    state = new_game(["Ana", "Ben", "Cy", "Di"])
    leaders = []
    rng = random.Random(5)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
            if isinstance(action, Deal):
                state.apply(action)
                leaders.append(state.rounds[-1].next_leader())
                continue
            state.apply(action)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert [r.dealer for r in state.rounds] == [3, 0, 1]
    assert leaders == [0, 1, 2]


def test_f8_first_dealer_option() -> None:
    state = new_game(["Ana", "Ben", "Cy"], first_dealer=0)
    state.apply(Deal())
    reveal(state)
    assert state.current_player() == 1
    with pytest.raises(SetupError, match="F8"):
        new_game(["Ana", "Ben", "Cy"], first_dealer=3)


def test_f4_the_winner_of_a_trick_leads_the_next() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state, "S3")
    play(state, "R4", "R9", "G16")  # no two fibonachos: R9, Ben
    assert state.rounds[-1].tricks[0].winner == 1
    reveal(state)
    assert state.current_player() == 1


# -- F1: copies ------------------------------------------------------------------


def test_f1_a_card_played_more_often_than_the_deck_holds() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state)
    play(state, "R13")
    with pytest.raises(IllegalActionError, match=r"trick 1, play 2: R13 played more often") as err:
        play(state, "R13")
    assert err.value.rule == "F1"
    play(state, "R1#2", "R1")  # two red 1s exist
    reveal(state)
    with pytest.raises(IllegalActionError, match="R1 played more often"):
        play(state, "R1")


def test_f1_a_serial_names_one_physical_card() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state, "S2#1")
    play(state, "G1#1")
    with pytest.raises(IllegalActionError, match=r"G1#1 played twice") as err:
        play(state, "G1#1")
    assert err.value.rule == "F1"
    play(state, "G1#2")
    record: Any = state.to_record()
    assert record["rounds"][0]["tricks"][0] == {
        "spicy": "S2#1",
        "plays": ["G1#1", "G1#2"],
    }


# -- F8: the match ---------------------------------------------------------------


def test_f8_three_rounds_then_the_game_is_over() -> None:
    state = new_game(["Ana", "Ben", "Cy", "Di", "Eve"])
    rng = random.Random(8)
    while not state.is_terminal():
        assert len(state.report().rounds) < 3 and not state.report().complete
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    report = state.report()
    assert report.complete and len(report.rounds) == 3
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == report.winners
    with pytest.raises(IllegalActionError, match="three rounds") as err:
        state.apply(Deal())
    assert err.value.rule == "F8"
    with pytest.raises(IllegalActionError):
        state.sample_chance(rng)


# -- undo ------------------------------------------------------------------------


def test_undo_restores_the_exact_state() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state)
    play(state, "R5", "G7", "R9")
    reveal(state)
    play(state, "Y3", "Y4")
    before = snapshot(state)
    play(state, "R2")  # the revoke flag comes and goes with the play
    assert len(state.flags()) == 1
    assert state.undo() == Play(nacho("R2"))
    assert snapshot(state) == before and state.flags() == []


def test_undo_across_a_deal_with_known_hands() -> None:
    state = new_game(["Ana", "Ben"])
    rng = random.Random(4)
    for _ in range(30):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    before = snapshot(state)
    hands = json.dumps([[str(c) for c in h] for h in state.rounds[-1].hands or []])
    action = state.legal_actions()[-1] if state.legal_actions() else state.sample_chance(rng)
    state.apply(action)
    state.undo()
    assert snapshot(state) == before
    assert json.dumps([[str(c) for c in h] for h in state.rounds[-1].hands or []]) == hands
