"""Seeded players that drive the hex engine in tests and write the example records.

A random player never resigns (so a game goes on until someone wins); the greedy
player takes, move by move, the move whose position scores best for it
(:func:`companion.synthetic.hex_play.position_value`: strike pieces close to and around
the enemy centre, the enemy centre dragged off the edge, its own centre kept free).
Greedy against random or greedy wins in a dozen turns or so.

    .venv/bin/python tests/games/hex/hex_players.py   # rewrites examples/hex/ full games
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.games import CHANCE
from companion.games.hex import EndTurn, HexAction, HexState, Move, Resign, new_game
from companion.synthetic.hex_play import position_value

Player = Callable[[HexState, random.Random], HexAction]


def random_player(state: HexState, rng: random.Random) -> HexAction:
    """Any legal move or the end of the turn, never a resignation."""
    return rng.choice([a for a in state.legal_actions() if not isinstance(a, Resign)])


def greedy_player(state: HexState, rng: random.Random) -> HexAction:
    """The best-scoring move (ties broken by ``rng``); the end of the turn when none is left."""
    turn = state.turn
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    if turn is None or not moves:
        return EndTurn()

    def value(move: Move) -> float:
        after = state.position.after(move.src, move.dst)
        return position_value(after, turn.side, state.variants) + rng.random()

    return max(moves, key=value)


def play(
    players: Sequence[Player], variants: Sequence[str] = (), seed: int = 0, max_turns: int = 400
) -> HexState:
    """A game between ``players`` (Black first) until someone wins or ``max_turns`` pass."""
    rng = random.Random(seed)
    state = new_game(["Black", "White"], variants)
    while not state.is_terminal() and len(state.turns) <= max_turns:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(players[state.current_player()](state, rng))
    return state


def first_win(players: Sequence[Player], variants: Sequence[str] = ()) -> HexState:
    """The game of the first seed from 1 that ends in a win within 100 turns.

    Two greedy players can lock each other (each with one move left, swapping the same
    two pieces back and forth), so a seed is not always a win.
    """
    for seed in range(1, 100):
        state = play(players, variants, seed=seed, max_turns=100)
        if state.is_terminal():
            return state
    raise AssertionError(f"no win in 99 seeds with {variants}")


def write_examples(folder: Path) -> None:
    """The full games of examples/hex: two greedy players."""
    games = [
        ("full.json", ()),
        ("cards.json", ("cards",)),
        ("friendly-groups.json", ("friendly-groups",)),
    ]
    for name, variants in games:
        state = first_win([greedy_player, greedy_player], variants)
        text = json.dumps(state.to_record())
        (folder / name).write_text(text + "\n", encoding="utf-8")
        print(name, state.ending, len(state.turns), "turns")


if __name__ == "__main__":
    write_examples(Path(__file__).resolve().parents[3] / "examples" / "hex")
