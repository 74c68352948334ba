"""Following the lead suit and proven revokes (F5)."""

from __future__ import annotations

import pytest
from fibonachos_scripts import nacho, play, reveal, suited_deal

from companion.games import IllegalActionError
from companion.games.fibonachos import Deal, FibonachosState, Play, new_game

# -- F5: following and revokes ---------------------------------------------------


def test_f5_known_hands_must_follow_and_legal_actions_are_exact() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(suited_deal())
    reveal(state)
    play(state, "R5")
    assert state.legal_actions() == [Play(nacho("R16"))]
    with pytest.raises(IllegalActionError) as err:
        play(state, "G3")
    assert err.value.rule == "F5" and "does not follow the lead suit Red" in str(err.value)
    play(state, "R16")
    # Cy holds no red: any of his 17 yellows (the two Y1s are one action).
    assert len(state.legal_actions()) == 16


def test_f5_proven_revoke_is_a_flag_not_an_error() -> None:
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state)
    play(state, "R5", "G7", "R9")  # Ben does not follow Red; Cy wins with R9
    reveal(state)
    play(state, "Y3", "Y4", "R2")  # Ben plays Red: a proven revoke
    flags = state.flags()
    assert [(f.round, f.trick, f.seat, f.rule) for f in flags] == [(1, 2, 1, "F5")]
    assert "Ben played R2" in flags[0].message and "trick 1" in flags[0].message
    assert state.report().flags[0].rule == "F5"
    reveal(state)
    play(state, "R3", "R10", "R11")  # Red again: flagged once
    assert len(state.flags()) == 1


def test_f5_no_revoke_flag_with_two_players_who_draw() -> None:
    state = new_game(["Ana", "Ben"])
    state.apply(Deal())
    reveal(state)
    play(state, "R5", "G7", "R9", "R10")
    reveal(state)
    play(state, "Y3", "R2", "Y4", "Y6")
    assert state.flags() == []


def test_f5_revokes_are_per_round() -> None:
    state = FibonachosState.from_record(
        {
            "game": "fibonachos",
            "players": ["Ana", "Ben", "Cy"],
            "rounds": [{"tricks": [{"spicy": "S1", "plays": ["R5", "G7", "R9"]}]}],
        }
    )
    assert state.flags() == []
