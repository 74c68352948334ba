"""One conformance test over every registered engine (the OpenSpiel games_sim_test idea).

Random games, seeded, through `GameSpec.new` for every player count and every
single variant: only legal actions are offered, an action offered is accepted,
undo restores the exact state, a record written and read back replays to the
same scores, a clone is independent, and every game ends.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.games import CHANCE, TERMINAL, GameSpec, GameState, all_games

MAX_ACTIONS = 20_000


def _configs() -> list[tuple[GameSpec, int, tuple[str, ...]]]:
    configs = []
    for spec in all_games():
        for players in range(spec.min_players, spec.max_players + 1):
            for variants in [(), *((v,) for v in sorted(spec.variants))]:
                configs.append((spec, players, variants))
    return configs


CONFIGS = _configs()


def _snapshot(state: GameState[Any]) -> tuple[Any, ...]:
    return (
        json.dumps(state.to_record(), sort_keys=True),
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        repr(list(state.legal_actions())),
        state.outcome(),
        len(state.history),
    )


def play_random_game(
    spec: GameSpec, players: int, variants: tuple[str, ...], seed: int
) -> GameState[Any]:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state = spec.new(names, variants)
    for step in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            assert state.is_terminal()
            assert state.outcome() is not None
            assert state.legal_actions() == [] or len(state.legal_actions()) == 0
            return state
        assert state.outcome() is None
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            assert 0 <= player < players
            legal = list(state.legal_actions())
            assert legal, f"{spec.name}: player {player} to act with no legal action"
            action = rng.choice(legal)
            assert state.is_legal(action)
        if step % 17 == 5:
            # Undo restores the exact state, then the game goes on as before.
            before = _snapshot(state)
            state.apply(action)
            assert state.undo() == action
            assert _snapshot(state) == before
        state.apply(action)
    raise AssertionError(f"{spec.name} with {players} players did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize(
    ("spec", "players", "variants"),
    CONFIGS,
    ids=[f"{s.name}-{n}p-{'+'.join(v) or 'base'}" for s, n, v in CONFIGS],
)
def test_random_games_follow_the_engine_contract(
    spec: GameSpec, players: int, variants: tuple[str, ...]
) -> None:
    for seed in range(3):
        state = play_random_game(spec, players, variants, seed)
        record = state.to_record()
        # A record is plain JSON and replays to the same scores.
        assert json.loads(json.dumps(record)) == record
        assert record["game"] == spec.name
        replayed = spec.from_record(record)
        assert replayed.report() == state.report()
        # A clone is a copy, not a view.
        clone = state.clone()
        while clone.history:
            clone.undo()
        assert len(state.history) > 0
        assert state.report() == replayed.report()


def test_every_game_is_registered_once() -> None:
    names = [spec.name for spec in all_games()]
    assert len(names) == len(set(names))
    assert set(names) == {"fibonachos", "trump", "rummy21", "rummy13", "rummy8", "rummy89", "hex"}
