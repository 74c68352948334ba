"""What an undo costs in every rules engine: engine steps and time, against apply's.

Each registered game is played to its end by random legal actions (seeded, as the
conformance test plays them), then undone action by action back to the start. An
engine step is one call of the engine's ``_do`` (carrying out one action): an undo
that replays the game makes many, an undo that takes the action back makes none.

    .venv/bin/python bench/undo.py [--seeds 3] [--players max]

Prints one row per game: actions played, the steps the undos made in all and per
undo, and the mean time of an apply and of an undo in microseconds. The times are
CPU time (``time.process_time``), so other work on the machine matters less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "games"))
sys.path.insert(0, str(ROOT))

from engine_probe import count_steps  # noqa: E402

from companion.games import CHANCE, TERMINAL, GameSpec, all_games  # noqa: E402

MAX_ACTIONS = 20_000


@dataclass
class Cost:
    """What one game cost: actions, engine steps during the undos, CPU seconds."""

    actions: int = 0
    undo_steps: int = 0
    apply_seconds: float = 0.0
    undo_seconds: float = 0.0

    def add(self, other: Cost) -> None:
        self.actions += other.actions
        self.undo_steps += other.undo_steps
        self.apply_seconds += other.apply_seconds
        self.undo_seconds += other.undo_seconds


def play_and_undo(spec: GameSpec, players: int, variants: Sequence[str], seed: int) -> Cost:
    rng = random.Random(seed)
    state = spec.new([f"P{i}" for i in range(players)], list(variants))
    cost = Cost()
    for _ in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            break
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        start = time.process_time()
        state.apply(action)
        cost.apply_seconds += time.process_time() - start
        cost.actions += 1
    steps = count_steps(state)
    start = time.process_time()
    while state.history:
        state.undo()
    cost.undo_seconds = time.process_time() - start
    cost.undo_steps = steps[0]
    return cost


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="games per row (seeds 0 ...)")
    parser.add_argument("--players", choices=("min", "max"), default="max")
    args = parser.parse_args(argv)
    print(
        f"{'game':<22} {'actions':>8} {'undo steps':>11} {'steps/undo':>10} "
        f"{'apply us':>9} {'undo us':>9}"
    )
    for spec in all_games():
        players = spec.max_players if args.players == "max" else spec.min_players
        for variants in [(), *((v,) for v in sorted(spec.variants) if v == "cards")]:
            total = Cost()
            for seed in range(args.seeds):
                total.add(play_and_undo(spec, players, variants, seed))
            label = f"{spec.name} {players}p {'+'.join(variants) or 'base'}"
            per = max(total.actions, 1)
            print(
                f"{label:<22} {total.actions:>8} {total.undo_steps:>11} "
                f"{total.undo_steps / per:>10.1f} {total.apply_seconds / per * 1e6:>9.1f} "
                f"{total.undo_seconds / per * 1e6:>9.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
