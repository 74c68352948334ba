"""The service unit and the Raspberry Pi install script (issue 6 part 3)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"


def _unit() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def test_unit_is_a_watched_notify_service_with_its_own_user() -> None:
    service = _unit()["Service"]
    assert service["Type"] == "notify"
    assert int(service["WatchdogSec"]) > 0
    assert service["Restart"] == "on-failure"
    assert service["User"] == "companion"
    assert set(service["SupplementaryGroups"].split()) >= {"gpio", "i2c", "video"}
    assert service["StateDirectory"] == "companion"
    assert service["ProtectSystem"] == "strict"
    assert "PrivateDevices" not in service  # it would hide the camera, I2C and GPIO
    assert _unit()["Install"]["WantedBy"] == "multi-user.target"


def test_unit_lets_the_table_reach_the_cafes_broker() -> None:
    """Issue 14: a table with ``[cafe] broker`` opens a TCP connection to it."""
    families = set(_unit()["Service"]["RestrictAddressFamilies"].split())
    assert {"AF_INET", "AF_INET6", "AF_UNIX"} <= families


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_verify_passes(tmp_path: Path) -> None:
    # The unit names /opt/companion; point it at this checkout's command to verify it here.
    companion = Path(sys.executable).with_name("companion")
    assert companion.exists()
    text = UNIT.read_text(encoding="utf-8").replace(
        "/opt/companion/.venv/bin/companion", str(companion)
    )
    unit = tmp_path / "companion.service"
    unit.write_text(text, encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "companion.service" not in done.stderr, done.stderr


def _dry(*args: str) -> str:
    done = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_install_script_dry_run_installs_packages_user_venv_key_and_service() -> None:
    out = _dry()
    assert "python3-picamera2" in out and "libzbar0" in out
    assert "--no-install-recommends" in out
    assert "python3 -m venv --system-site-packages /opt/companion/.venv" in out
    assert "/etc/companion/staff.key" in out
    assert "systemctl enable companion.service" in out
    assert "install -m 0644" in out and "/etc/systemd/system/companion.service" in out


def test_uninstall_keeps_the_journal_unless_purged() -> None:
    kept = _dry("--uninstall")
    assert "systemctl disable --now companion.service" in kept
    assert "rm -rf /var/lib/companion" not in kept
    purged = _dry("--uninstall", "--purge")
    assert "rm -rf /var/lib/companion /etc/companion" in purged


def test_install_script_rejects_unknown_options() -> None:
    done = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--bogus"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "unknown option --bogus" in done.stderr
