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


def test_f5_each_proven_revoke_is_its_own_flag() -> None:
    """F5, issue 10 item 6: Ben fails to follow Red in tricks 1 and 2, then plays Red:
    two revokes, each flagged and naming the trick it was made in; after the proof he
    fails to follow Red again (trick 4) and plays Red (trick 5): a third, its own offence."""
    state = new_game(["Ana", "Ben", "Cy"])
    state.apply(Deal())
    reveal(state, "S1")
    play(state, "R4", "G7", "R9")  # Ben does not follow Red; Cy wins
    reveal(state, "S1")
    play(state, "R10", "R6", "G9")  # Cy leads Red, Ben does not follow again; Cy wins
    reveal(state, "S1")
    play(state, "R7", "R15", "R11")  # Ben follows Red: two revokes proven; Ana wins
    flags = state.flags()
    assert [(f.round, f.trick, f.seat, f.rule) for f in flags] == [(1, 3, 1, "F5")] * 2
    assert "in trick 1 (played G7)" in flags[0].message
    assert "in trick 2 (played G9)" in flags[1].message
    reveal(state, "S2")
    play(state, "R12", "Y7", "R14")  # Ben does not follow Red once more; Cy wins
    reveal(state, "S2")
    play(state, "Y9", "Y10", "R16")  # Ben plays Red: the third revoke
    assert len(state.flags()) == 3
    assert "in trick 4 (played Y7)" in state.flags()[2].message
