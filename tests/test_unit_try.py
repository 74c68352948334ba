"""scripts/unit_try.py ``--stopped-for-good``: the check the arm64 roots run (pi-check's
``settings-typo-stays-down``) that a mistake in the settings stops the service's start
with a status systemd does not restart (systemd/companion.service's
``RestartPreventExitStatus=2``) and says why as an error to journald."""

from __future__ import annotations

import json
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT_TRY = ROOT / "scripts" / "unit_try.py"


def _check(unit: Path) -> tuple[int, str]:
    """unit_try.py run as pi-check runs it (its own process); its status and its line."""
    done = subprocess.run(
        [sys.executable, str(UNIT_TRY), str(unit), "--stopped-for-good", "--timeout", "120"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    return done.returncode, done.stdout


def _unit(tmp_path: Path, command: list[str]) -> Path:
    unit = tmp_path / "try.service"
    user = pwd.getpwuid(os.getuid()).pw_name
    unit.write_text(
        "[Service]\n"
        f"ExecStart={shlex.join(command)}\n"
        f"User={user}\n"
        "WatchdogSec=30\n"
        "RestartPreventExitStatus=2\n",
        encoding="utf-8",
    )
    return unit


def test_a_typo_in_the_settings_stops_the_start_for_good(tmp_path: Path) -> None:
    """A misspelt section: `companion run` exits 2 before it is ready, its one line an
    error to journald (``<3>``): the check passes."""
    config = tmp_path / "config.toml"
    config.write_text('[buttons]\nkind = "fake"\n\n[kisok]\nenabled = true\n', encoding="utf-8")
    command = [sys.executable, "-m", "companion", "run", "--config", str(config)]
    command += ["--journal", str(tmp_path / "j.db"), "--display", "fake"]
    status, out = _check(_unit(tmp_path, command))
    assert status == 0, out
    result = json.loads(out)
    assert result["exit"] == 2 and result["ready_s"] is None
    (line,) = result["errors"]
    assert line.startswith("<3>companion run: ") and "unknown section [kisok]" in line


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("import sys; print('<3>boom', file=sys.stderr); sys.exit(1)", "a crash is restarted"),
        ("import sys; sys.exit(2)", "nothing said to journald"),
    ],
)
def test_the_check_fails_when_the_stop_is_not_one_for_good(
    tmp_path: Path, code: str, why: str
) -> None:
    """The check can fail: exit 1 (systemd restarts it), or exit 2 with no error line."""
    status, out = _check(_unit(tmp_path, [sys.executable, "-c", code]))
    assert status == 1, (why, out)
