"""The README's test command fails when a part is left untested (the guide: "pytest's
exit code 5 must not pass silently"; a fresh machine skipped the table's voice tests).

A real pytest run in a folder of its own, with the project's hook
(:mod:`pytest_parts`): a test skipped because a program is not installed fails the run
under ``COMPANION_EVERY_PART=1``, as ``scripts/bootstrap.sh test`` sets it, and only
then; other skips pass.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

CONFTEST = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
import pytest_parts

def pytest_sessionfinish(session, exitstatus):
    pytest_parts.fail_on_missing_parts(session)
"""

TESTS = """
import pytest

def test_runs():
    assert True

@pytest.mark.skipif(True, reason="{reason}")
def test_skipped():
    assert True
"""


def _run(folder: Path, reason: str, *, every_part: bool, workers: int = 0) -> tuple[int, str]:
    (folder / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (folder / "test_inner.py").write_text(TESTS.format(reason=reason), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_EVERY_PART"}
    if every_part:
        env["COMPANION_EVERY_PART"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout


@pytest.mark.parametrize("workers", [0, 2])
def test_a_program_not_installed_fails_the_run(tmp_path: Path, workers: int) -> None:
    """Skipped for espeak-ng missing: exit 1, the reason and the remedy printed (also
    through xdist's workers, whose skips the controller counts)."""
    status, out = _run(tmp_path, "espeak-ng is not installed", every_part=True, workers=workers)
    assert status == 1, out
    assert "skipped: espeak-ng is not installed" in out
    assert "bash scripts/bootstrap.sh test" in out


def test_outside_the_test_command_a_skip_passes(tmp_path: Path) -> None:
    """A developer's own run (no ``COMPANION_EVERY_PART``) skips as pytest does."""
    status, out = _run(tmp_path, "espeak-ng is not installed", every_part=False)
    assert status == 0, out


def test_other_skips_pass(tmp_path: Path) -> None:
    """A skip for another reason (root only, a machine without the roots' tools) is not
    a part missing from the README's setup."""
    status, out = _run(tmp_path, "needs root and debootstrap", every_part=True)
    assert status == 0, out
