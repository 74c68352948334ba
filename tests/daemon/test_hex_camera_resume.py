"""A table whose hex game the camera referees, restarted (issue 24 item 1): the game
comes back from the journal's board rows, with the camera referee's keys."""

from __future__ import annotations

from pathlib import Path

from daemon_harness import ManualClock, make_daemon

from companion.flows.commands import EndTurn, Move
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import check_options
from companion.games.hex import START, Cell
from companion.journal import Journal
from companion.session import Session
from companion.table.hex_events import BoardSeen
from companion.ui.commands import Flow
from hardware.buttons import Button, ButtonEvent, PressKind


def test_a_restarted_table_resumes_the_camera_referee(tmp_path: Path) -> None:
    """The positions journaled before the cut are played again (H3, H2); the OLED's
    keys are the camera referee's: SELECT counts no move, long SELECT ends the turn."""
    path = tmp_path / "j.db"
    session = Session(Journal.open(path), clock=lambda: 1.0)
    session.start_game("hex", ["Black", "White"], [], check_options("hex", {"mode": "camera"}, 2))
    session.table(BoardSeen(START.after(Cell.parse("b2"), Cell.parse("c2"))))
    session.journal.close()

    clock = ManualClock()
    daemon = make_daemon(path, [], clock=clock)
    daemon.start()
    flow = daemon.session.flow
    assert isinstance(flow, HexCameraFlow)
    assert flow.record()["turns"] == [["b2-c2"], []]
    assert daemon.app.options is not None and daemon.app.options["mode"] == "camera"
    press = ButtonEvent(Button.SELECT, PressKind.PRESS, clock())
    assert Flow(Move()) not in daemon.runner.press(press)
    held = ButtonEvent(Button.SELECT, PressKind.LONG_PRESS, clock())
    assert daemon.runner.press(held) == [Flow(EndTurn())]
    assert flow.status().turn == 3  # White ended turn 2 early (H2)
