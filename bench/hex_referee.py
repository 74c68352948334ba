"""The camera referee's search: moves seen at once, and what a verdict costs.

The camera takes the board when it has been still for half a second; a player whose
hand stays over the board between moves shows the referee several moves at once.
Part 1 plays seeded games through :class:`~companion.table.hex_referee.BoardReferee`,
each turn's moves (1 to the turn's allowance, H2) made by random legal moves and
shown in one board: how many of each count are explained (played), and how many are
refused though legal (the search gave up after its budget of moves tried, or found
no legal explanation). Part 2 shows it boards as a careless table does (a few legal
moves, then a piece or two put anywhere) and times each verdict, played and refused.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_referee.py [--games 300] [--tables 40] [--boards 40]

Times are CPU time (``time.process_time``) on this machine, one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from companion.games.hex import Cell, new_game
from companion.games.hex.board import CELLS
from companion.synthetic.hex_play import random_moves
from companion.table.hex_referee import BoardReferee, Played, Refused

#: Turns played at most in a game of part 1.
MOST_TURNS = 40


def moves_at_once(games: int) -> dict[int, Counter[str]]:
    """Part 1: by moves shown at once, how many boards were played or refused."""
    seen: dict[int, Counter[str]] = {}
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game()
        referee = BoardReferee(game)
        while game.winner is None and game.turn is not None and len(game.turns) < MOST_TURNS:
            number = game.turn.number
            board, made = random_moves(game, rng, rng.randint(1, game.turn.moves_left))
            changed = board != game.position  # not two pieces of a kind swapped, say
            verdict = referee.see(board)
            if changed:
                seen.setdefault(made, Counter())[type(verdict).__name__] += 1
            if isinstance(verdict, Refused):  # the players put the pieces back, go on slowly
                referee.see(game.position)
                for _ in range(made):
                    referee.see(random_moves(game, rng, 1)[0])
            if game.turn is not None and game.turn.number == number:
                referee.end_turn()
                referee.skip_empty_turns()
    return seen


def verdict_times(games: int, boards: int) -> dict[str, list[float]]:
    """Part 2: CPU seconds of each verdict on a careless table's boards, by verdict."""
    times: dict[str, list[float]] = {"Played": [], "Refused": []}
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game()
        referee = BoardReferee(game)
        for _ in range(boards):
            if game.winner is not None or game.turn is None:
                break
            board, _made = random_moves(game, rng, rng.randint(0, 3))
            if rng.random() < 0.5:  # a piece or two put anywhere
                for _ in range(rng.randint(1, 2)):
                    a, b = rng.sample(range(len(CELLS)), 2)
                    board = board.after(Cell(a), Cell(b))
            start = time.process_time()
            verdict = referee.see(board)
            elapsed = time.process_time() - start
            if isinstance(verdict, Played | Refused):
                times[type(verdict).__name__].append(elapsed)
            if referee.refused is not None:
                referee.see(game.position)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games of part 1 (seeds 0 ...)")
    parser.add_argument("--tables", type=int, default=40, help="games of part 2 (seeds 0 ...)")
    parser.add_argument("--boards", type=int, default=40, help="boards a game in part 2")
    args = parser.parse_args(argv)
    print("1. legal moves shown in one board")
    print(f"{'moves':>5} {'boards':>7} {'played':>7} {'refused':>8}")
    for made, counts in sorted(moves_at_once(args.games).items()):
        total = sum(counts.values())
        print(f"{made:>5} {total:>7} {counts['Played']:>7} {counts['Refused']:>8}")
    print("2. a verdict's CPU time, a careless table's boards (ms)")
    print(f"{'verdict':<8} {'boards':>7} {'median':>7} {'p90':>7} {'max':>7}")
    for name, values in verdict_times(args.tables, args.boards).items():
        if not values:
            continue
        values.sort()
        median = 1000 * statistics.median(values)
        p90, most = 1000 * values[int(0.9 * (len(values) - 1))], 1000 * values[-1]
        print(f"{name:<8} {len(values):>7} {median:>7.1f} {p90:>7.1f} {most:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
