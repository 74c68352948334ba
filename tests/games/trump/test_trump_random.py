"""Seeded random games through SPEC.new: only legal actions, always an end (T7)."""

from __future__ import annotations

import random

import pytest

from companion.games import CHANCE, TERMINAL
from companion.games.trump import SPEC, Play, TrumpState

#: A game to 144 is about 27-33 rounds with two players, 50-60 with three and 70-100
#: with four (49 actions a round); measured over 200 seeds the longest is 5,096.
MAX_ACTIONS = 8_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_t7_random_games_end_with_only_legal_actions(players: int) -> None:
    """T2-T7: every offered action is legal, every round is whole, and the game ends."""
    for seed in range(3):
        rng = random.Random(seed)
        state = SPEC.new([f"P{i}" for i in range(players)], [])
        assert isinstance(state, TrumpState)
        while state.current_player() != TERMINAL:
            assert len(state.history) < MAX_ACTIONS
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            assert legal and all(isinstance(a, Play) for a in legal)
            assert len({a.card for a in legal if isinstance(a, Play)}) == len(legal)
            state.apply(rng.choice(legal))
        report = state.report()
        assert report.complete is True and len(report.winners) == 1
        totals = report.totals
        assert max(totals) >= 144 and totals.count(max(totals)) == 1
        assert all(sum(r.symbols) == 10 for r in report.rounds)  # T1, T5
        assert len(report.rounds) * (1 + 48 // players * players) == len(state.history)
        assert state.flags() == []  # open hands: follow suit is enforced, no revoke
