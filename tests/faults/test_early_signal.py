"""Issue 13: ``companion run`` handles SIGTERM from its first instruction that matters.

systemd may stop the service while it is still starting (a restart right after a
start, a shutdown at boot). The signal is sent the moment the process can first
tell it: as soon as it handles SIGTERM, or has loaded numpy (the daemon's heavy
imports begin), whichever comes first; seen in /proc, no sleeping. Before the fix
the handler came after the daemon was built, so the signal killed it (status -15,
no last screen); now the daemon starts, shows its last screen and exits 0.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageChops

from companion.ui.screens import render
from companion.views import MessageView
from hardware.display_files import enlarge

PROC = Path("/proc")


def _handles_sigterm(pid: int) -> bool:
    for line in (PROC / str(pid) / "status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return False


def _numpy_loaded(pid: int) -> bool:
    return "numpy" in (PROC / str(pid) / "maps").read_text()


def _until_it_can_tell(child: subprocess.Popen[str], deadline: float = 60.0) -> None:
    """Return as soon as the child handles SIGTERM or has begun its heavy imports."""
    end = time.monotonic() + deadline
    while child.poll() is None and time.monotonic() < end:
        if _handles_sigterm(child.pid) or _numpy_loaded(child.pid):
            return
        os.sched_yield()
    raise AssertionError(f"the daemon ended or hung before it started (status {child.poll()})")


@pytest.mark.skipif(not (PROC / "self" / "status").exists(), reason="needs Linux /proc")
def test_sigterm_while_starting_exits_0_with_the_last_screen(tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    Image.fromarray(np.full((72, 128, 3), 40, np.uint8)).save(frames / "f0.png")
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "INFO"\n')
    oled = tmp_path / "oled"
    command = [
        sys.executable, "-m", "companion", "run",
        "--config", str(config),
        "--camera", "replay", "--source", str(frames),
        "--display", "frames", "--out", str(oled),
        "--buttons", "fake",
        "--journal", str(tmp_path / "j.db"),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("NOTIFY_SOCKET", None)
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        _until_it_can_tell(child)
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 0, f"status {child.returncode}\n{err}"
    assert "Traceback" not in err
    assert "SIGTERM came while starting" in out and "stopped by SIGTERM" in out
    last = Image.open(sorted(oled.glob("frame-*.png"))[-1])
    farewell = MessageView("Table Companion", ("Restarting...", "back in a moment"))
    want = enlarge(render(farewell, (128, 64)), 2)
    assert ImageChops.difference(last.convert("L"), want).getbbox() is None


def test_main_catches_the_stop_signals_before_building_the_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parser's imports are the first heavy work of ``companion run``; only a ``run``
    takes the signals over (``companion score`` keeps Python's own handling)."""
    import companion.cli
    import companion.cli.signals

    class BuiltError(Exception):
        pass

    handlers: list[object] = []

    def build_parser(only: str | None = None) -> None:
        handlers.append(signal.getsignal(signal.SIGTERM))
        raise BuiltError

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(companion.cli, "build_parser", build_parser)
    try:
        for command in ("score", "run"):
            with pytest.raises(BuiltError):
                companion.cli.main([command])
    finally:
        signal.signal(signal.SIGTERM, before[0])
        signal.signal(signal.SIGINT, before[1])
    assert handlers[0] is before[0]
    assert isinstance(getattr(handlers[1], "__self__", None), companion.cli.signals.StopSignals)
