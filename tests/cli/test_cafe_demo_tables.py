"""Issue 26 item 5: the tables of ``companion demo --cafe`` play a game each, as the cafe
would see it: Fibonachos, a rummy match (its OLED presses included) and Trump, each
read by the daemon's loop into the very record its synthetic game plays."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from typing import Any

import pytest

from companion.cli.cafe_demo import PLANS
from companion.cli.cafe_demo_tables import LastScreen, PacedCamera, ScriptedTable, TablePlan
from companion.daemon.build import Devices, assemble
from companion.daemon.links import ClockedCamera, TableClock
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.table_events import scripted_game
from hardware.buttons_fake import FakeButtons

#: Frames at the most a test plays (Trump's whole game is some 30,000: its first rounds do).
FRAMES = 3000


def _faces(rounds: Any) -> str:
    """Rounds without serials: the record names a card's copy, the engine's does not."""
    return re.sub(r"#[0-9]+", "", json.dumps(rounds, sort_keys=True))


def _rounds(record: Mapping[str, Any]) -> list[Any]:
    return list(record["rounds"])


def test_the_three_tables_play_three_different_games() -> None:
    """A cafe plays more than one game: each demo table plays its own (issue 26 item 5)."""
    assert len({plan.game for plan in PLANS}) == len(PLANS) == 3


@pytest.mark.slow
@pytest.mark.parametrize("plan", PLANS, ids=[plan.game for plan in PLANS])
def test_a_demo_table_reads_its_game_exactly(plan: TablePlan) -> None:
    """The demo table's loop (camera, scripted reader, buttons, session, flow) reads the
    synthetic game's record round for round: the rummy match's presses close sets,
    declare wild cards (R5), count hands and end rounds (R6, R7), and the match ends
    (R9); Fibonachos and Trump start with the dealer (F8) or leader (T3) they were
    dealt. Played on the table's clock, as fast as the loop goes."""
    game = scripted_game(plan.game, plan.players, seed=plan.seed, fps=plan.fps)
    clock = TableClock()
    buttons = FakeButtons(clock)
    reader = ScriptedTable(buttons)
    paced = PacedCamera(1e6, threading.Event())  # no pace: a frame as soon as asked
    clock.now = paced.start
    camera = ClockedCamera(paced, clock)
    session = Session(Journal.open(":memory:"), clock=clock)
    devices = Devices(camera=lambda: camera, display=LastScreen, buttons=lambda: buttons)
    daemon = assemble(session, reader, devices, clock=clock)
    reader.load(game)
    daemon.start_game(plan.game, plan.players, [], dict(game.options))
    flow = session.flow
    assert flow is not None
    daemon.start()
    for _ in range(FRAMES):
        if session.flow is None or (reader.left == 0 and flow.is_over()):
            break
        daemon.step()
    played = _rounds(flow.record())
    done = played if session.flow is None or flow.is_over() else played[:-1]
    assert done, f"no round played in {FRAMES} frames"
    assert _faces(done) == _faces(_rounds(game.record)[: len(done)])
    if reader.left == 0:  # the whole game played: it ended, with every round
        assert len(done) == len(_rounds(game.record))
