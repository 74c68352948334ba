"""What ``companion run`` imports at a table without the players' page or a cafe: none
of the page's web stack, the cafe's bus, nor the other commands' modules (the docs
walk, item 5: the daemon's memory with ``[phone] enabled = false`` grew from 83 MB to
97 MB, much of it modules such a table never uses; README, bench/daemon.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]

#: ``companion run`` in a fresh interpreter; prints the modules it ended with.
CHILD = (
    "import json, sys; from companion.cli import main; status = main(sys.argv[1:]); "
    "print(json.dumps(sorted(sys.modules))); sys.exit(status)"
)
#: Modules such a table must not load: the page's server and templates, the event
#: loop, MQTT and TLS, the cafe's server, the other commands.
UNUSED = (
    "starlette",
    "uvicorn",
    "jinja2",
    "babel",
    "asyncio",
    "paho",
    "ssl",
    "companion.web.phone",
    "companion.bus.client",
    "companion.cafe.settings",
    "companion.cli.ui_demo",
    "companion.cli.cafe",
    "companion.cli.scripted_table",
)


def test_a_table_without_page_or_cafe_loads_neither(tmp_path: Path) -> None:
    """The docs walk, item 5: a table with ``[phone] enabled = false`` and no ``[cafe]
    broker`` plays a recorded frame without importing the players' page (Starlette,
    uvicorn, Jinja, Babel, asyncio), the cafe's bus (paho-mqtt, ssl) or another
    command's modules; it still reads the frame and draws the OLED."""
    frames = tmp_path / "frames"
    frames.mkdir()
    Image.fromarray(np.full((72, 128, 3), 40, np.uint8)).save(frames / "f000.png")
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "WARNING"\n[phone]\nenabled = false\n', encoding="utf-8")
    argv = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    argv += ["--camera", "replay", "--source", str(frames), "--buttons", "fake"]
    argv += ["--display", "frames", "--out", str(tmp_path / "oled"), "--game", "fibonachos"]
    child = [sys.executable, "-c", CHILD, *argv]
    done = subprocess.run(child, check=False, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "companion.daemon.phone" in loaded and "cv2" in loaded  # the daemon ran
    assert list((tmp_path / "oled").glob("*.png"))
    found = sorted(m for m in loaded if m.split(".")[0] in UNUSED or m in UNUSED)
    assert found == []
