"""A daemon process for the SIGKILL test: the real loop, session and journal on a scripted table.

    python kill_child.py JOURNAL POSITION

The table is a Fibonachos game (examples/fibonachos/full-3p.json) as table steps.
``POSITION`` is the last step the table reached before this start: on start the
daemon sees every card lying on the table then (as the tracker would report them),
then reads the steps after it. Before it reads step N it prints ``shown N`` (the table
has reached it, whether or not the daemon lives to read it), after it ``step N``; when
the game is over it prints ``over`` and exits. Run as a script it waits after each
``shown N`` for a line on its stdin (the test's go-ahead): it never runs ahead of what
the test has read by more than the step it was let go on.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))

from daemon_harness import (
    ManualClock,
    fibonachos_steps,
    load_record,
    make_daemon,
)

from companion.table.tracker import CardPlaced, CardRemoved, TableEvent

RECORD = ("fibonachos", "full-3p.json")


def table_steps() -> list[list[TableEvent]]:
    return fibonachos_steps(load_record(*RECORD))


def lying(steps: list[list[TableEvent]], position: int) -> list[TableEvent]:
    """The cards on the table once steps 0..position happened, as fresh sightings."""
    cards: dict[str, CardPlaced] = {}
    for step in steps[: position + 1]:
        for event in step:
            if isinstance(event, CardPlaced):
                cards[event.card.key] = event
            elif isinstance(event, CardRemoved):
                cards.pop(event.card.key, None)
    return list(cards.values())


def main(journal: Path, position: int, *, paced: bool = False) -> int:
    steps = table_steps()
    # What the camera shows first after a start: the table as it lies now.
    script = [lying(steps, position), *steps[position + 1 :]]
    clock = ManualClock()
    daemon = make_daemon(journal, script, clock=clock)
    if daemon.session.flow is None:
        if daemon.session.journal.games():
            print("over", flush=True)
            return 0
        daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    for done in range(position, len(steps)):
        print(f"shown {done}", flush=True)
        if paced and not sys.stdin.readline():
            return 1  # the test is gone
        daemon.step()
        clock.advance(0.2)
        print(f"step {done}", flush=True)
        if daemon.session.flow is None:
            print("over", flush=True)
            return 0
    print("table finished but the game is not over", flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2]), paced=True))
