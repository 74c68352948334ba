"""What the cafe's server loads to start: no numpy nor OpenCV (a cafe's server may be a
small Pi serving many tables; its memory is in the README, "The cafe server"). The hex
board its pages draw takes the printed board's cell layout, which needs neither."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHILD = (
    "import json, sys; import companion.cafe.server, companion.web.app, companion.web.phone; "
    "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'cv2'))))"
)


def test_the_cafe_server_starts_without_numpy_or_opencv() -> None:
    """Before, drawing the hex board imported the printed board's module, and numpy with
    it: 12 MB more for every cafe server, at its start."""
    child = [sys.executable, "-c", CHILD]
    done = subprocess.run(child, check=False, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
