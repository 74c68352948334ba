"""What a whole game costs the cafe: the ``events`` messages a table sends for it, and
their bytes, the unit of a table's share of storage (``[database] table_mb_per_day``,
docs/cafe.md "A table's share of storage").

Each full Fibonachos example record (examples/fibonachos/full-*.json) is played into a
real table journal through the session, card by card as the camera gives them, and the
table's own outbox (companion/bus/outbox.py) reads it as it would send it.

    PYTHONPATH=$PWD .venv/bin/python bench/game_bytes.py [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "daemon"))

from daemon_harness import fibonachos_steps, load_record  # noqa: E402

from companion.bus.contract import Topics  # noqa: E402
from companion.bus.outbox import Outbox  # noqa: E402
from companion.flows.registry import check_options  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.session import Session  # noqa: E402

SHARE_MB = 250


def game_bytes(name: str, folder: Path) -> tuple[int, int, int, int]:
    """The players, rounds, messages and bytes of the example ``name``."""
    record = load_record("fibonachos", name)
    path = folder / f"{name}.db"
    clock = [1_700_000_000.0]

    def tick() -> float:
        clock[0] += 2.0
        return clock[0]

    players = record["players"]
    with Journal.open(path) as journal:
        session = Session(journal, clock=tick)
        dealer = record["rounds"][0]["dealer"]
        options = check_options("fibonachos", {"dealer": dealer}, len(players))
        session.start_game("fibonachos", players, record["variants"], options)
        for step in fibonachos_steps(record):
            for change in step:
                session.table(change)
        session.end_game()
    box = Outbox(path, Topics("cafe", "t1"))
    messages = size = 0
    while True:
        batch, _ = box.next_batch()
        if not batch:
            break
        messages += len(batch)
        size += sum(len(out.payload) for out in batch)
    return len(players), len(record["rounds"]), messages, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    names = sorted(p.name for p in (ROOT / "examples" / "fibonachos").glob("full-*.json"))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            players, rounds, messages, size = game_bytes(name, Path(folder))
            rows.append(
                {
                    "record": name,
                    "players": players,
                    "rounds": rounds,
                    "messages": messages,
                    "bytes": size,
                    "games_a_share": int(SHARE_MB * 1024 * 1024 // size),
                }
            )
    if args.json:
        print(json.dumps(rows))
        return
    for row in rows:
        print(
            f"{row['record']}: {row['players']} players, {row['rounds']} rounds: "
            f"{row['messages']:,} messages, {row['bytes'] / 1024 / 1024:.2f} MB "
            f"({row['games_a_share']} such games in a {SHARE_MB} MB share)"
        )


if __name__ == "__main__":
    main()
