"""What keeping the recordings folder within its budget costs (``[record] keep_gb``,
companion.daemon.recording_budget), and whether the recording waits for it.

    PYTHONPATH=$PWD .venv/bin/python bench/recording_budget.py [--frames 18000] [--folder DIR]

Three earlier recordings of ``--frames`` frames each (18000: an hour at 5 a second) are
made in a temporary folder under ``--folder`` (the system's temporary folder by default:
give a folder on the disk you mean, not a tmpfs); their frames are small files, since
what a look or a removal costs is the count of files, not their bytes. Printed:

1. the keeper's look at the folder when a recording starts (every frame's size read),
   and the removal of one recording, each timed on the keeper's thread;
2. a writer at 5 frames a second of a grainy 1920x1080 board (about 700 KB a frame, as
   bench/recording.py) for ``--seconds``, with no removal, then again while the keeper
   removes the two other recordings: the frames written and dropped each time.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from companion.daemon.recording_budget import RecordingsKeeper
from companion.games.hex import START
from companion.synthetic.hex_scene import HexScene, Hold
from hardware.camera import Frame
from hardware.camera_record import FrameWriter, frame_name

FPS = 5.0
STARTS = ("20261125-100000", "20261126-100000", "20261127-100000")


def _recordings(parent: Path, frames: int) -> int:
    for name in STARTS:
        folder = parent / name
        folder.mkdir(parents=True)
        for number in range(1, frames + 1):
            (folder / frame_name(number, number / FPS)).write_bytes(b"x" * 100)
    return frames * 100


def _timed_pass(keeper: RecordingsKeeper) -> float:
    began = time.perf_counter()
    keeper.grown(0)
    keeper.wait()
    return time.perf_counter() - began


def _record(folder: Path, seconds: float, keeper: RecordingsKeeper | None) -> FrameWriter:
    """A writer fed at ``FPS`` in real time; the keeper told to remove everything after
    one second (when given)."""
    scene = HexScene((1920, 1080), 3.3, seed=1, frames_per_step=1, noise=3.0)
    *_, image = scene.frames(START, [Hold(1)])
    writer = FrameWriter(folder, fps=FPS, keep_free=0)
    began = time.monotonic()
    for index in range(int(seconds * FPS)):
        due = began + index / FPS
        time.sleep(max(0.0, due - time.monotonic()))  # the camera's pace, not a test's wait
        writer.offer(Frame(image, due, index))
        if keeper is not None and index == int(FPS):
            keeper.keep_bytes = 1
            keeper.grown(writer.bytes)
    writer.close()
    return writer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=18000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    parent = Path(tempfile.mkdtemp(prefix="recording-budget-", dir=args.folder))
    try:
        each = _recordings(parent, args.frames)
        current = parent / "20261128-100000"
        keeper = RecordingsKeeper(parent, current, keep_bytes=3 * each)
        began = time.perf_counter()
        keeper.wait()
        look = time.perf_counter() - began
        keeper.keep_bytes = 2 * each
        removal = _timed_pass(keeper)
        print(
            f"{len(STARTS)} recordings of {args.frames} frames: the look at the start "
            f"{look:.2f} s; removing one {removal:.2f} s ({len(keeper.removed)} removed)"
        )
        quiet = _record(parent / "quiet", args.seconds, None)
        shutil.rmtree(parent / "quiet")
        busy = _record(current, args.seconds, keeper)
        keeper.close()
        for name, writer in (("no removal", quiet), ("while removing", busy)):
            print(
                f"{name}: {writer.written} frames written ({writer.bytes / 1e6:.0f} MB), "
                f"{writer.dropped} dropped in {args.seconds:g} s"
            )
        print(f"removed while recording: {len(keeper.removed) - 1} recordings")
    finally:
        shutil.rmtree(parent, ignore_errors=True)


if __name__ == "__main__":
    main()
