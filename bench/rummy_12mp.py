"""A whole rummy table at 12 MP (4608x2592) on one core: frames per second and memory.

Issue 11 item 4. A synthetic 2-player rummy round on a table 1 m across, as the
Camera Module 3 sees it at full resolution (cards 290 px wide, 3.1 px per corner-code
module): six sets of overlapping cards laid card by card, a hand bringing each, at
5 frames per second of table time. The frames are recorded as JPEG (quality 92),
then read back by a child process that holds only what the daemon holds for the
table (the replay camera, the reader, its decoder), pinned to one CPU with one
thread, in four runs:

- ``colour`` / ``grey``: BGR frames (``format = "RGB888"``) or the Y plane
  (``format = "YUV420"``, the replay's ``grey``);
- change detection on (the daemon's reader: only the changed places decoded, the
  whole frame every ``[table] full_decode_seconds``, 1.5 s by default, and 5 s) or
  off (every frame decoded whole).

For each it prints frames per second of the reader's CPU time (``process_time``: the
machine's other work does not count; reading the JPEG does not either, the Pi camera
hands over decoded frames), the share of frames decoded whole, the cards placed
right / wrong / missed against the scene's truth, and the child's peak resident
memory (VmHWM), after its imports and in all.

    .venv/bin/python bench/rummy_12mp.py            # about a minute; --json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# one thread for every numeric library, set before numpy and OpenCV load
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_name] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline import one_core  # noqa: E402 - bench/pipeline.py's: one CPU, one thread

FPS = 5.0
#: Each seat's sets, as faces (companion.synthetic.scripts.rummy_steps).
TABLES = [
    [["B2", "3", "3", "13"], ["B5", "8", "8"], ["B13", "2", "21"]],
    [["B3", "5", "13"], ["21"], ["B8", "5", "2", "3"]],
]
#: (frames, seconds between full decodes; None: change detection off).
RUNS: tuple[tuple[str, float | None], ...] = (
    ("colour", 1.5),
    ("colour", None),
    ("grey", 1.5),
    ("grey", 5.0),
    ("grey", None),
)


def record(folder: Path) -> tuple[Path, list[list[str]], int]:
    """Render the round into ``folder`` (JPEG frames) and its layout file; the truth
    (key and zone of every card put down) and the number of frames."""
    import cv2

    from card_codes import catalogue
    from companion.synthetic.scene import Place, Scene, Wait
    from companion.synthetic.scripts import meld_layout, rummy_steps
    from companion.synthetic.sprites import FULL_FRAME_12MP, table_card_width

    scene = Scene(
        FULL_FRAME_12MP, seed=12, card_width=table_card_width(FULL_FRAME_12MP[0]), settle=4
    )
    width, height = scene.card_fraction()
    steps = [Wait(3), *rummy_steps("rummy21", TABLES, card_height=height, card_width=width)]
    steps.append(Wait(10))
    truth = [
        [catalogue.card(step.card.deck, step.card.notation).key, step.zone]
        for step in steps
        if isinstance(step, Place)
    ]
    frames = folder / "frames"
    frames.mkdir()
    count = 0
    for frame in scene.frames(steps, fps=FPS):
        path = frames / f"{frame.index:06d}.jpg"
        cv2.imwrite(str(path), frame.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        count += 1
    layout = folder / "melds.toml"
    layout.write_text(meld_layout(len(TABLES)), encoding="utf-8")
    return layout, truth, count


def peak_rss_mb() -> float:
    """VmHWM: this process's own peak (ru_maxrss would keep the parent's across exec)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def child(folder: str, layout_file: str, grey: bool, full_every: float) -> dict[str, Any]:
    """One run: the replay camera, the reader; reader time and memory. ``full_every``
    0: change detection off (every frame is decoded whole)."""
    pinned = one_core()
    from companion.table.changes import ChangeDetector
    from companion.table.layout import load_layout
    from companion.table.reader import TableReader
    from companion.table.tracker import CardPlaced
    from hardware.camera import open_camera

    detector = ChangeDetector(full_every=full_every)
    reader = TableReader(load_layout(Path(layout_file)), detector=detector)
    after_imports = peak_rss_mb()
    seconds = wall = 0.0
    placed: list[list[str]] = []
    with open_camera("replay", path=folder, fps=FPS, grey=grey) as camera:
        for frame in camera:
            start, started = time.process_time(), time.perf_counter()
            events = reader.feed(frame)
            seconds += time.process_time() - start
            wall += time.perf_counter() - started
            placed += [[e.card.key, e.card.zone] for e in events if isinstance(e, CardPlaced)]
    frames = reader.stats.frames
    return {
        "cpu": pinned,
        "frames": frames,
        "fps": round(frames / seconds, 1) if seconds else None,
        "ms_per_frame": round(1000 * seconds / max(frames, 1), 2),
        "wall_ms_per_frame": round(1000 * wall / max(frames, 1), 2),
        "placed": placed,
        "rss_after_imports_mb": after_imports,
        "peak_rss_mb": peak_rss_mb(),
        "reader": reader.stats.summary(),
    }


def run_child(folder: Path, layout: Path, grey: bool, full_every: float) -> dict[str, Any]:
    command = [sys.executable, __file__, "--child", str(folder / "frames"), str(layout)]
    command += ["--grey"] if grey else []
    command += ["--full-every", str(full_every)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def score(placed: list[list[str]], truth: list[list[str]]) -> dict[str, int]:
    right = [p for p in placed if p in truth]
    return {
        "right": len(right),
        "wrong": len(placed) - len(right),
        "missed": len([t for t in truth if t not in placed]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--child", nargs=2, metavar=("FRAMES", "LAYOUT"), help=argparse.SUPPRESS)
    parser.add_argument("--grey", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--full-every", type=float, default=1.5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child, grey=args.grey, full_every=args.full_every)))
        return 0
    with tempfile.TemporaryDirectory(prefix="tc-rummy12-") as scratch:
        folder = Path(scratch)
        layout, truth, count = record(folder)
        runs = {}
        for pixels, full_every in RUNS:
            figures = run_child(folder, layout, pixels == "grey", full_every or 0.0)
            figures.update(score(figures.pop("placed"), truth))
            how = f"full every {full_every:g} s" if full_every else "changes off"
            runs[f"{pixels}, {how}"] = figures
    results = {"size": "4608x2592", "fps_of_table_time": FPS, "frames": count, "runs": runs}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    cpu = next(iter(runs.values()))["cpu"]
    print(f"rummy at 4608x2592, {count} frames at {FPS:g} fps of table time, one core ({cpu})")
    print(
        f"{'frames, decoding':26} {'fps':>6} {'ms/frame':>9} {'whole':>6} "
        f"{'right/wrong/missed':>19} {'RSS peak':>9} {'imports':>8}"
    )
    for name, f in runs.items():
        whole = f["reader"]["full_decodes"] / max(f["frames"], 1)
        print(
            f"{name:26} {f['fps']!s:>6} {f['ms_per_frame']:>9} {whole:>6.0%} "
            f"{f['right']:>11}/{f['wrong']}/{f['missed']:<5} "
            f"{f['peak_rss_mb']:>6} MB {f['rss_after_imports_mb']:>5} MB"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
