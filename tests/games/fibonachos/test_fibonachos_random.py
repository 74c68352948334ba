"""Random games, seeded: they end, offer only legal actions, and undo exactly.

The lead's conformance test does the same over every engine; this one also plays
with hands unseen (as at a real table) and checks that with hands known the legal
actions are exactly the legal cards (F3, F5).
"""

from __future__ import annotations

import json
import random

import pytest
from fibonachos_scripts import PLAYERS, snapshot

from companion.games import CHANCE, TERMINAL
from companion.games.fibonachos import SPEC, VARIANTS, Deal, FibonachosState, Play, nacho_deck

MAX_ACTIONS = 5000
CONFIGS = [(n, v) for n in range(2, 6) for v in [(), *((name,) for name in sorted(VARIANTS))]]


def play_out(state: FibonachosState, rng: random.Random, *, unseen: bool) -> int:
    for step in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            assert state.legal_actions() == [] and state.outcome() is not None
            return step
        if player == CHANCE:
            assert state.legal_actions() == []
            action = state.sample_chance(rng)
            if unseen and isinstance(action, Deal):
                action = Deal()
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            action = rng.choice(legal)
        assert state.is_legal(action)
        if step % 13 == 3:
            before = snapshot(state)
            state.apply(action)
            assert state.undo() == action
            assert snapshot(state) == before
        state.apply(action)
    raise AssertionError(f"no end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
def test_random_games_with_hands_known_end_quickly(players: int, variants: tuple[str, ...]) -> None:
    """F3, F8: every game ends after three rounds, in a bounded number of actions
    (speed is bench/'s to measure, not a test's)."""
    for seed in range(3):
        state = SPEC.new(list(PLAYERS[:players]), variants)
        assert isinstance(state, FibonachosState)
        steps = play_out(state, random.Random(seed), unseen=False)
        assert steps < MAX_ACTIONS and state.report().complete
        assert state.flags() == []  # hands known: revokes are impossible, not flagged
        replayed = SPEC.from_record(json.loads(json.dumps(state.to_record())))
        assert replayed.report() == state.report()


@pytest.mark.parametrize("players", range(2, 6))
def test_random_games_with_hands_unseen_end_and_replay(players: int) -> None:
    """Hands unseen: any unseen card is legal; revokes become flags (F5), never errors."""
    for seed in range(3):
        state = FibonachosState(PLAYERS[:players])
        play_out(state, random.Random(seed), unseen=True)
        record = state.to_record()
        replayed = FibonachosState.from_record(record)
        assert replayed.to_record() == record
        assert replayed.report() == state.report() and replayed.flags() == state.flags()
        if players == 2:
            assert state.flags() == []


def test_f5_unseen_random_play_is_flagged_as_revokes() -> None:
    state = FibonachosState(PLAYERS[:4])
    play_out(state, random.Random(1), unseen=True)
    assert state.flags() and {flag.rule for flag in state.flags()} == {"F5"}


@pytest.mark.parametrize("players", range(2, 6))
def test_f3_f5_legal_actions_are_exactly_the_legal_cards(players: int) -> None:
    """With hands known, a card is offered if and only if it may be played."""
    rng = random.Random(players)
    state = FibonachosState(PLAYERS[:players])
    faces = [Play(card) for card in dict.fromkeys(nacho_deck())]
    for step in range(120):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if step % 3 == 0:
            offered = set(state.legal_actions())
            assert {a for a in faces if state.is_legal(a)} == offered
        state.apply(rng.choice(state.legal_actions()))
