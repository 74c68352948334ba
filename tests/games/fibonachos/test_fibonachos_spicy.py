"""The spicy deck (F6): one card before each lead, running out, reshuffled each round."""

from __future__ import annotations

import random

import pytest
from fibonachos_scripts import play, reveal

from companion.games import CHANCE, IllegalActionError
from companion.games.fibonachos import Deal, FibonachosState, new_game

# -- F6: spicy cards -------------------------------------------------------------


def test_f6_spicy_deck_runs_out_three_players_tricks_16_and_17_carry_none() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    rng = random.Random(11)
    state.apply(state.sample_chance(rng))
    for trick in range(1, 18):
        if trick <= 15:
            assert state.current_player() == CHANCE
            state.apply(state.sample_chance(rng))
        else:
            assert state.current_player() != CHANCE and state.spicy_left() == 0
            with pytest.raises(IllegalActionError, match="spicy deck is empty") as err:
                reveal(state)
            assert err.value.rule == "F6"
        for _ in range(3):
            state.apply(rng.choice(state.legal_actions()))
    tricks = state.rounds[-1].tricks
    assert [t.spicy is None for t in tricks] == [False] * 15 + [True, True]
    assert sum(state.report().rounds[0].spicy) == 33  # every spicy card taken


def test_f6_each_round_starts_from_the_full_spicy_deck() -> None:
    state = FibonachosState.from_record(
        {
            "game": "fibonachos",
            "players": ["A", "B", "C", "D", "E"],
            "rounds": [{"tricks": [{"spicy": "S5", "plays": ["R1", "R2", "R3", "R4", "R5"]}] * 1}],
        }
    )
    assert state.spicy_left() == 14
    rng = random.Random(2)
    while len(state.rounds) < 2 or state.current_player() != CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert len(state.rounds) == 2 and state.spicy_left() == 15


def test_f6_a_spicy_card_revealed_beyond_its_3_copies() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    for trick in range(3):
        reveal(state, "S5")
        play(state, *[f"{s}{trick + 10}" for s in "RGY"])
    with pytest.raises(IllegalActionError, match="S5 revealed more often") as err:
        reveal(state, "S5")
    assert err.value.rule == "F6"


def test_f6_the_lead_waits_for_the_spicy_card() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    with pytest.raises(IllegalActionError, match="before the spicy card") as err:
        play(state, "R4")
    assert err.value.rule == "F6" and state.legal_actions() == []
