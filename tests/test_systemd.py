"""The service unit and the Raspberry Pi install script (issue 6 part 3)."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import signal
import socket
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


def test_a_start_stopped_for_good_is_not_restarted() -> None:
    """Exit status 2 (a setting's mistake, a missing library: companion.cli) is left
    down, so the start limit never refuses the ``systemctl restart`` after the fix;
    a crash (1) and the staff menu's restart (75) are still restarted."""
    service = _unit()["Service"]
    assert service["RestartPreventExitStatus"].split() == ["2"]
    assert service["Restart"] == "on-failure"


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


UNITS = ("companion.service", "companion-cafe.service", "companion-cafe-backup.service")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
@pytest.mark.parametrize("name", UNITS)
def test_every_unit_is_exposed_at_most_2_0(tmp_path: Path, name: str) -> None:
    """Issue 21: ``systemd-analyze security`` rates each unit 2.0 or lower (it was 3.5 and
    7.4): a system call filter, and a device allow-list where devices are needed."""
    text = (ROOT / "systemd" / name).read_text(encoding="utf-8")
    unit = tmp_path / name
    unit.write_text(text.replace("/opt/companion/.venv/bin/companion", "/bin/true"), "utf-8")
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(unit)],
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= 2.0, done.stdout


def test_the_service_reaches_only_the_tables_devices() -> None:
    """Issue 21: DevicePolicy=closed with I2C, SPI, GPIO and the camera's devices (video,
    media, dma_heap) allowed, read-write, and nothing else."""
    lines = UNIT.read_text(encoding="utf-8").splitlines()
    allowed = {line.split("=", 1)[1] for line in lines if line.startswith("DeviceAllow=")}
    assert "DevicePolicy=closed" in lines
    for device in ("i2c", "spi", "gpiochip", "video4linux", "media", "dma_heap"):
        assert f"char-{device} rw" in allowed, device
    assert all(entry.startswith("char-") and entry.endswith(" rw") for entry in allowed)
    assert "SystemCallFilter=@system-service" in lines


def test_lgpio_works_in_a_directory_of_its_own() -> None:
    """Issue 21: lgpio makes its .lgd-nfy files in the working directory; run in / it fails
    on a Pi 5 (FileNotFoundError), so the unit gives it a runtime directory to work in."""
    service = _unit()["Service"]
    assert service["RuntimeDirectory"] == "companion"
    assert service["WorkingDirectory"] == "/run/companion"


def test_the_script_calls_the_install_command_not_itself() -> None:
    """Issue 21: a shell function named ``install`` made ``run install -d ...`` start the
    whole install again, forever; no function may shadow a command the script runs."""
    text = INSTALL.read_text(encoding="utf-8")
    functions = set(re.findall(r"^([a-z_]+)\(\) \{", text, flags=re.MULTILINE))
    assert functions, "no functions found"
    for command in ("install", "cp", "rm", "mkdir", "systemctl", "apt-get", "useradd", "pip"):
        assert command not in functions, command


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


def test_companion_run_tells_systemd_it_is_ready_and_pings_the_watchdog(tmp_path: Path) -> None:
    """Issue 21: the unit is Type=notify with WatchdogSec; ``companion run`` must send
    READY=1 and then WATCHDOG=1 to $NOTIFY_SOCKET (it sent nothing: systemd would have
    killed it after TimeoutStartSec), and exit 0 on SIGTERM."""
    frames = tmp_path / "frames"
    frames.mkdir()
    for image in sorted((ROOT / "examples" / "table" / "trick").glob("*.jpg"))[:3]:
        shutil.copy(image, frames)
    config = tmp_path / "config.toml"
    config.write_text(
        f'[camera]\nkind = "replay"\npath = "{frames}"\nloop = true\nrealtime = true\nfps = 5\n'
        '[display]\nkind = "fake"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
        f'[journal]\npath = "{tmp_path / "journal.db"}"\n'
        f'[staff]\nkey_file = "{tmp_path / "absent.key"}"\n',
        encoding="utf-8",
    )
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(60)
        env = {**os.environ, "NOTIFY_SOCKET": address, "WATCHDOG_USEC": "2000000"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--config", str(config)],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            notices: list[str] = []
            while "WATCHDOG=1" not in notices:
                notices += sock.recv(4096).decode().splitlines()
                if "READY=1" not in notices:
                    assert "WATCHDOG=1" not in notices, notices
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=60)
    assert "READY=1" in notices, notices
    assert proc.returncode == 0, err.decode(errors="replace")[-2000:]


def test_the_cafe_install_puts_the_cafe_units_and_not_the_tables() -> None:
    """docs/cafe.md step 1: ``install.sh --cafe`` installs the program from the same lock,
    the cafe's units (enabled), its settings file, and not the table's service; its
    uninstall removes only the cafe's units (the program stays for a table)."""
    out = _dry("--cafe")
    assert "requirements/service.txt" in out
    for unit in ("companion-cafe.service", "companion-cafe-backup.timer"):
        assert f"/etc/systemd/system/{unit}" in out
    assert "systemctl enable companion-cafe.service companion-cafe-backup.timer" in out
    assert "/etc/companion/cafe.toml" in out and "import companion.cli.cafe" in out
    assert "companion.service" not in out.replace("companion-cafe", "")
    gone = _dry("--cafe", "--uninstall")
    assert "rm -rf /opt/companion" not in gone
    assert "/opt/companion" in _dry("--uninstall")


def test_the_cafe_servers_lock_holds_what_it_imports() -> None:
    """docs/cafe.md step 1: the service's lock holds the cafe server's packages, so a Pi
    installs them from the lock (it held neither before)."""
    lock = (ROOT / "requirements" / "service.txt").read_text(encoding="utf-8")
    assert "\nitsdangerous==" in lock and "\npython-multipart==" in lock
