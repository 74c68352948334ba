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


def test_a_refused_end_of_round_is_logged_with_its_rule(caplog: pytest.LogCaptureFixture) -> None:
    """R6: "Ana out" with no set closed is refused; the log names the time, why and the rule."""
    session = Session(Journal.open(":memory:"), clock=lambda: 0.0)
    session.start_game("rummy8", ["Ana", "Ben"], [])
    app = UiApp()
    app.game_started("rummy8", ["Ana", "Ben"])
    runner = TableRunner(app, session)
    with caplog.at_level(logging.WARNING, logger="companion"):
        runner.carry_out(Flow(EndRound(0)), 12.5)
    [line] = [r.getMessage() for r in caplog.records if r.name == "companion.daemon.runner"]
    assert line.startswith("refused at 12.5 s: end-round: ")
    assert "impossible going out" in line and line.endswith("(R6)")
