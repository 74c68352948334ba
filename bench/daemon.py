"""The whole daemon as a user runs it: time to the first screen, peak memory.

Renders a recorded Fibonachos game (examples/fibonachos/short.json, one round at
1280x720) into a temporary folder, then runs ``companion run`` over it in a child
process with the replay camera, the OLED as PNG files and fake buttons:

- **first screen**: seconds from starting the process to the OLED's first PNG
  (imports, configuration, journal, reader and the first draw), over a one-frame
  source, the median of ``--starts`` runs;
- **peak RSS**: the child's peak resident memory (its own VmHWM, written as it
  exits; ``ru_maxrss`` would carry this parent's peak, the renderer's, across fork
  and exec) over the whole recorded round, and its frames per second, which include
  decoding each PNG frame from disk.

    .venv/bin/python bench/daemon.py [--starts 5] [--phone on|off] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.synthetic.scene import Scene  # noqa: E402
from companion.synthetic.scripts import table_script  # noqa: E402
from companion.synthetic.video import write_video  # noqa: E402

RECORD = ROOT / "examples" / "fibonachos" / "short.json"


#: ``python -m companion`` that writes its peak RSS (kB) to the file named first.
CHILD = (
    "import sys; from companion.cli import main; status = main(sys.argv[2:]); "
    "peak = open('/proc/self/status').read().split('VmHWM:')[1].split()[0]; "
    "open(sys.argv[1], 'w').write(peak); sys.exit(status)"
)


def companion_run(source: Path, work: Path, *, phone: bool = True) -> list[str]:
    config = work / "config.toml"
    # the players' page on, as a table runs it, but on loopback only; or off
    page = 'bind = "127.0.0.1"' if phone else "enabled = false"
    config.write_text(f'[log]\nlevel = "WARNING"\n\n[phone]\n{page}\n', encoding="utf-8")
    return [
        sys.executable, "-c", CHILD, str(work / "peak-kb"), "run",
        "--config", str(config),
        "--journal", str(work / "journal.db"),
        "--camera", "replay", "--source", str(source),
        "--display", "frames", "--out", str(work / "oled"),
        "--buttons", "fake",
        "--game", "fibonachos", "--option", "dealer=3",
    ]  # fmt: skip


def first_screen(one_frame: Path, scratch: Path, runs: int, *, phone: bool) -> float:
    """Median seconds from the process start to the OLED's first image on disk."""
    times = []
    for run in range(runs):
        work = scratch / f"start-{run}"
        work.mkdir()
        started = time.time()
        subprocess.run(companion_run(one_frame, work, phone=phone), check=True)
        first = min(p.stat().st_mtime for p in (work / "oled").glob("*.png"))
        times.append(first - started)
    return statistics.median(times)


def whole_round(frames: Path, scratch: Path, *, phone: bool) -> dict[str, float]:
    work = scratch / "round"
    work.mkdir()
    started = time.perf_counter()
    subprocess.run(companion_run(frames, work, phone=phone), check=True)
    seconds = time.perf_counter() - started
    peak_kb = int((work / "peak-kb").read_text(encoding="ascii"))
    count = len(list(frames.glob("*.png")))
    return {"frames": count, "seconds": round(seconds, 2), "fps": round(count / seconds, 1),
            "peak_rss_mb": round(peak_kb / 1024, 1)}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="runs for the start-up median")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument(
        "--phone",
        choices=("on", "off"),
        default="on",
        help="the players' page served (on) or [phone] enabled = false (off)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-daemon-") as tmp:
        scratch = Path(tmp)
        frames = scratch / "frames"
        print("rendering the recorded round...", file=sys.stderr)
        script = table_script(json.loads(RECORD.read_text(encoding="utf-8")))
        write_video(script, frames, scene=Scene((1280, 720), seed=1))
        one = scratch / "one"
        one.mkdir()
        first = sorted(frames.glob("*.png"))[0]
        os.link(first, one / first.name)
        phone = args.phone == "on"
        start = first_screen(one, scratch, args.starts, phone=phone)
        result = {"first_screen_s": round(start, 3), **whole_round(frames, scratch, phone=phone)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"first screen {result['first_screen_s']:.2f} s after start (median of "
              f"{args.starts}); a recorded round: {result['frames']:.0f} frames of 1280x720 "
              f"in {result['seconds']} s ({result['fps']} fps, PNG decoding included), "
              f"peak RSS {result['peak_rss_mb']} MB")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
