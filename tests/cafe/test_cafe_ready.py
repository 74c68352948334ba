"""``companion cafe`` under systemd's notify protocol: its unit is ``Type=notify`` with a
watchdog, so systemd knows when the dashboard listens and restarts a server whose
threads stopped (companion/cafe/watch.py). Run here with scripts/unit_try.py, the tool
the arm64 install checks start every unit with: the real unit file, its command
pointed at this checkout and this user (no root)."""

from __future__ import annotations

import getpass
import json
import subprocess
import sys
from pathlib import Path

from broker_harness import Broker
from cafe_fixtures import KEY
from cafe_sim import CAFE
from cafe_tables import CafeProcess

ROOT = Path(__file__).resolve().parents[2]


def test_the_cafe_server_says_ready_pings_its_watchdog_and_stops_cleanly(
    broker: Broker, tmp_path: Path
) -> None:
    """Issue 22, docs/cafe.md step 4: READY=1 once the dashboard listens, WATCHDOG=1
    while its threads live (twice here), and exit 0 on SIGTERM: uvicorn raised the
    signal again after its graceful stop, and the process died by it (-15) before the
    writer stored what it held and the database closed."""
    config = CafeProcess(tmp_path, broker, CAFE, KEY).config
    lines = []
    unit = (ROOT / "systemd" / "companion-cafe.service").read_text(encoding="utf-8")
    for given in unit.splitlines():
        key = given.split("=", 1)[0]
        if key in ("User", "Group", "StateDirectory", "ConfigurationDirectory"):
            continue  # this user, no root: the test's own folders
        line = given
        if key == "ExecStart":
            line = f"ExecStart={sys.executable} -m companion cafe --config {config}"
        lines.append(line)
        if line == "[Service]":
            lines += [f"User={getpass.getuser()}", f"Environment=PYTHONPATH={ROOT}"]
    (tmp_path / "cafe.service").write_text("\n".join(lines) + "\n", encoding="utf-8")
    try_unit = [sys.executable, str(ROOT / "scripts" / "unit_try.py")]
    done = subprocess.run(
        [*try_unit, str(tmp_path / "cafe.service"), "--timeout", "60"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    result = json.loads(done.stdout.splitlines()[-1])
    assert done.returncode == 0, (result, done.stderr[-2000:])
    assert result["ready_s"] is not None and result["watchdog_s"] is not None
    assert result["exit"] == 0
