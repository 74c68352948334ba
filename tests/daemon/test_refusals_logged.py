"""Issue 11 item 1: what the rules refuse is written to the log, not only shown on the OLED."""

from __future__ import annotations

import logging

import pytest

from companion.daemon.runner import TableRunner
from companion.flows.commands import EndRound
from companion.journal import Journal
from companion.session import Session
from companion.ui.app import UiApp
from companion.ui.commands import Flow


def _refused(caplog: pytest.LogCaptureFixture) -> str:
    session = Session(Journal.open(":memory:"), clock=lambda: 0.0)
    session.start_game("rummy8", ["Ana", "Ben"], [])
    app = UiApp()
    app.game_started("rummy8", ["Ana", "Ben"])
    runner = TableRunner(app, session)
    with caplog.at_level(logging.WARNING, logger="companion"):
        runner.carry_out(Flow(EndRound(0)), 48213.5)
    [line] = [r.getMessage() for r in caplog.records if r.name == "companion.daemon.runner"]
    return line


def test_a_refused_end_of_round_is_logged_with_its_rule(caplog: pytest.LogCaptureFixture) -> None:
    """R6: "Ana out" with no set closed is refused; the log names why and the rule.
    At a live table ``now`` is the monotonic clock, seconds since the machine booted
    (the docs walk, item 2: "refused at 48213.5 s"): the line names no such time, its
    own stamp (the console's, journald's, the dashboard's) is the wall clock's; a
    replay's, the recording's (tests/cli/test_replay_where.py)."""
    line = _refused(caplog)
    assert line.startswith("refused: end-round: ")
    assert "48213" not in line
    assert "impossible going out" in line and line.endswith("(R6)")
