"""Peak resident memory of the table reader alone, replaying recorded frames.

What the daemon holds for reading the table: the camera (here the replay backend
over a folder of frames or a video), the reader and its decoder; nothing else is
imported. ``bench/pipeline.py`` records a synthetic game and runs this on it; any
recording works:

    .venv/bin/python bench/replay_memory.py FOLDER_OR_VIDEO [--fps 30]

Prints one JSON object: peak RSS after the imports and after the replay (MB), the
frames and events, and the reader's stats.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from collections.abc import Sequence
from pathlib import Path

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_name] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.table.layout import default_layout  # noqa: E402
from companion.table.reader import TableReader  # noqa: E402
from hardware.camera import open_camera  # noqa: E402


def peak_rss_mb() -> float:
    """The peak RSS of this process's memory: VmHWM where Linux has it (getrusage's
    ru_maxrss keeps the parent's peak across fork and exec, which is the renderer's
    when bench/pipeline.py starts this), else ru_maxrss."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="a folder of frames or a video file")
    parser.add_argument("--fps", type=float, default=30.0)
    args = parser.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    reader = TableReader(default_layout())
    after_imports = peak_rss_mb()
    events = 0
    with open_camera("replay", path=args.source, fps=args.fps) as camera:
        for frame in camera:
            events += len(reader.feed(frame))
    figures = {
        "rss_after_imports_mb": after_imports,
        "peak_rss_mb": peak_rss_mb(),
        "frames": reader.stats.frames,
        "events": events,
        "reader": reader.stats.summary(),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
