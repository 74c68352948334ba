"""Issue 6 s6: SIGKILL the daemon at random moments, restart it, finish the game.

The table waits for the companion (players look at the screen, as they would at a
real table): after each restart the daemon sees the cards lying on the table, then
the game goes on from there. The final record and scores must equal those of a run
that was never interrupted.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest
from kill_child import main as run_child

from companion.games.json_types import JSONObject
from companion.journal import Journal

#: Kills the daemon at random moments, in subprocesses: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

CHILD = Path(__file__).with_name("kill_child.py")
KILLS = 12


def final_result(journal: Path) -> JSONObject:
    games = Journal.open(journal).games()
    assert len(games) == 1, "a restart must resume the game, never start another"
    assert games[0].result is not None, "the game did not end"
    return games[0].result.to_json()


def go(stdin: IO[str]) -> None:
    """Let the child read the step it has shown (it waits for this line)."""
    with contextlib.suppress(BrokenPipeError):
        stdin.write("go\n")
        stdin.flush()


def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert run_child(tmp_path / "calm.db", -1) == 0
    capsys.readouterr()
    calm = final_result(tmp_path / "calm.db")

    rng = random.Random(20261123)
    journal = tmp_path / "killed.db"
    position, kills, over = -1, 0, False
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    while not over:
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(journal), str(position)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdin is not None and child.stdout is not None
        budget = rng.randint(1, 60) if kills < KILLS else None  # 498 lines in all
        said: list[str] = []
        for line in child.stdout:
            said.append(line.strip())
            if line.startswith("shown "):
                go(child.stdin)  # the child reads that step now
            if budget is not None:
                budget -= 1
                if budget == 0:
                    child.send_signal(signal.SIGKILL)  # mid-step: the child runs on meanwhile
                    kills += 1
                    break
        # The pipe still holds what the child said before the kill took it: the table
        # it was shown then is where the players are.
        said += [line.strip() for line in child.stdout]
        child.stdout.close()
        with contextlib.suppress(BrokenPipeError):
            child.stdin.close()
        code = child.wait(timeout=60)
        assert code in (0, -signal.SIGKILL), (
            f"the daemon failed on its own (exit {code}): {said[-3:]}"
        )
        position = max(
            [position, *(int(line.split()[1]) for line in said if line.startswith("shown "))]
        )
        over = "over" in said
    assert kills >= KILLS
    killed = final_result(journal)
    assert killed["record"] == calm["record"]
    assert killed["score"] == calm["score"]
