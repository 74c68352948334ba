"""The run fails when a test was skipped for a program not installed (conftest.py)."""

from __future__ import annotations

import os
from typing import Any

#: The words of every skip for a missing program (the harnesses' and the tests' reasons).
MISSING = "not installed"


def missing_parts(reports: list[Any]) -> list[str]:
    """The reasons of the skip reports that name a program not installed, each once."""
    reasons = []
    for report in reports:
        longrepr = getattr(report, "longrepr", None)
        reason = str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        if MISSING in reason and reason not in reasons:
            reasons.append(reason.removeprefix("Skipped: "))
    return reasons


def fail_on_missing_parts(session: Any) -> None:
    config = session.config
    if os.environ.get("COMPANION_EVERY_PART") != "1" or hasattr(config, "workerinput"):
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    reasons = missing_parts(list(reporter.stats.get("skipped", [])))
    if not reasons:
        return
    reporter.write_sep("=", "parts not tested", red=True)
    for reason in reasons:
        reporter.write_line(f"skipped: {reason}")
    reporter.write_line("install them (bash scripts/bootstrap.sh test does) and run again")
    session.exitstatus = 1
