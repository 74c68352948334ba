"""What reading the players' page's view whole costs the cafe (issue 15): the time of
:meth:`companion.views.live_types.TableView.from_json` on the views a table sends in
its ``state`` (``game.live``), and of a whole ``state`` read with and without it.

The views are built from the example records, played as the tests play them: a
Fibonachos trick in play at three seats with a round done, a Trump trick at four, a
Rummy 89 round at four seats with every seat's sets, a hex board turn, and a
Fibonachos game over (three rounds and their spicy cards). Each is timed with
``timeit`` (the best of 5 runs).

    PYTHONPATH=$PWD .venv/bin/python bench/live_view.py [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "flows"))

from flow_tables import load, play_fibonachos, play_rummy, play_trump  # noqa: E402

from companion.bus.contract import TableState, Topics  # noqa: E402
from companion.bus.messages import game_state  # noqa: E402
from companion.flows.base import GameFlow  # noqa: E402
from companion.flows.commands import Move  # noqa: E402
from companion.flows.registry import make_flow  # noqa: E402
from companion.views.live import link_digest, table_view  # noqa: E402
from companion.views.live_types import TableView  # noqa: E402

RUNS = 5


def _fibonachos(rounds: int, tricks: int) -> GameFlow:
    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})
    played = load("fibonachos", "full-3p.json")["rounds"]
    last = {**played[rounds], "tricks": played[rounds]["tricks"][:tricks]}
    play_fibonachos(flow, {"rounds": [*played[:rounds], last]})
    return flow


def flows() -> dict[str, tuple[GameFlow, list[str]]]:
    """A flow of each kind of game, as a cafe's tables show them, and its players."""
    trump = make_flow("trump", ["Ana", "Ben", "Cy", "Dee"], [], options={})
    first = load("trump", "short.json")["rounds"][0]
    play_trump(trump, {"rounds": [{**first, "tricks": first["tricks"][:3]}]})
    record = load("rummy", "rummy89-full.json")
    rummy = make_flow("rummy89", record["players"], record["variants"], options={})
    play_rummy(rummy, {**record, "rounds": record["rounds"][:1]})
    hexed = make_flow("hex", ["Ana", "Ben"], [], options={"mode": "board"})
    turn = load("hex", "short.json")["turns"][0]
    for move in turn["moves"] if isinstance(turn, dict) else turn:
        hexed.command(Move(move))
    over = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})
    play_fibonachos(over, load("fibonachos", "full-3p.json"))
    three, four = ["Ana", "Ben", "Cy"], ["Ana", "Ben", "Cy", "Dee"]
    return {
        "fibonachos in play": (_fibonachos(1, 5), three),
        "trump in play": (trump, four),
        "rummy89 in play": (rummy, list(record["players"])),
        "hex in play": (hexed, ["Ana", "Ben"]),
        "fibonachos over": (over, three),
    }


def _best(statement: Callable[[], object], number: int) -> float:
    """Microseconds a call, the best of :data:`RUNS`, to a tenth."""
    return round(min(timeit.repeat(statement, number=number, repeat=RUNS)) / number * 1e6, 1)


def measure(number: int) -> list[dict[str, Any]]:
    rows = []
    for name, (flow, players) in flows().items():
        view = table_view(flow, players, game_id=12)
        raw = json.loads(json.dumps(view.to_json()))
        game = replace(game_state(12, flow, players), live=view, link=link_digest("k"))
        state = TableState("t1", 1_700_000_000.0, game, {"camera": "ok"}, 3.0)
        payload = state.payload(Topics("corner", "t1"))
        without = TableState("t1", 1_700_000_000.0, replace(game, live=None), {}, 3.0)
        bare = without.payload(Topics("corner", "t1"))
        assert TableView.from_json(raw, "live") == view
        parse = TableState.parse
        rows.append(
            {
                "view": name,
                "view_bytes": len(json.dumps(raw)),
                "from_json_us": _best(partial(TableView.from_json, raw, "live"), number),
                "state_us": _best(partial(parse, "corner", "t1", payload), number),
                "state_without_live_us": _best(partial(parse, "corner", "t1", bare), number),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object, no table")
    parser.add_argument("--number", type=int, default=2000, help="calls a run")
    args = parser.parse_args()
    rows = measure(args.number)
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'view':20} {'bytes':>6} {'from_json':>10} {'state':>9} {'state, no live':>15}")
    for row in rows:
        print(
            f"{row['view']:20} {row['view_bytes']:6} {row['from_json_us']:8.1f}us "
            f"{row['state_us']:7.1f}us {row['state_without_live_us']:13.1f}us"
        )


if __name__ == "__main__":
    main()
