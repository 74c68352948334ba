"""The cafe server's systemd units and settings file (issue 14: a unit beside the
table's, a backup service and its timer), verified by systemd-analyze."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cafe.settings import load_settings

SYSTEMD = Path(__file__).resolve().parents[2] / "systemd"
UNITS = ("companion-cafe.service", "companion-cafe-backup.service", "companion-cafe-backup.timer")


def _unit(name: str) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((SYSTEMD / name).read_text(encoding="utf-8"))
    return parser


def test_the_server_runs_as_the_companion_user_and_restarts_on_failure() -> None:
    service = _unit("companion-cafe.service")["Service"]
    assert service["User"] == "companion" and service["Restart"] == "on-failure"
    assert "companion cafe --config /etc/companion/cafe.toml" in service["ExecStart"]
    assert service["StateDirectory"] == "companion-cafe"


def test_the_backup_runs_nightly_with_the_online_backup_command() -> None:
    assert "companion cafe backup" in _unit("companion-cafe-backup.service")["Service"]["ExecStart"]
    timer = _unit("companion-cafe-backup.timer")["Timer"]
    assert timer["Persistent"] == "true" and timer["OnCalendar"]


def test_the_shipped_settings_file_reads() -> None:
    settings = load_settings(SYSTEMD / "cafe.toml")
    assert settings.broker.username == "cafe-server" and settings.web.port == 8080


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_verify_passes(tmp_path: Path) -> None:
    companion = Path(sys.executable).with_name("companion")
    for name in UNITS:
        text = (SYSTEMD / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(
            text.replace("/opt/companion/.venv/bin/companion", str(companion)), encoding="utf-8"
        )
    done = subprocess.run(
        ["systemd-analyze", "verify", *(str(tmp_path / n) for n in UNITS)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "companion-cafe" not in done.stderr, done.stderr
