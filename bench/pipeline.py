"""The whole table pipeline on one core: frames per second, cards read, latency, memory.

The reader the daemon runs (change detection, card_codes' decoder on the changed
regions, the tracker) over synthetic table videos from ``companion.synthetic.scene``, at
1280x720 and 1920x1080, 30 frames per second of table time:

- ``static``: five cards lie on the table and nothing happens (the full-frame safety
  decode every 1.5 s included);
- ``play``: tricks played card by card, each card brought by a hand from a player's
  edge, a hand passing over the cards, the trick cleared.

For each it prints frames per second of pipeline time (rendering the video is not
counted), what was decoded, the cards placed right and wrong (key and zone against
the scene's truth), cards missed, the latency from a card shown (the hand that put
it down has left) to its event in table time, and the process's peak resident
memory (``resource.getrusage``; it includes the scene renderer, so it is an upper
bound for the daemon). Threads are limited to one (OpenCV, OpenMP, BLAS) and the
process is pinned to one CPU.

    .venv/bin/python bench/pipeline.py            # both sizes, 5 tricks, 10 s static
    .venv/bin/python bench/pipeline.py --quick    # 720p only, 2 tricks, 3 s static
    .venv/bin/python bench/pipeline.py --json

Targets (issue 4 section 5): >= 30 fps at 1280x720 in play, several times that on a
static table, every card's event within 0.5 s, no wrong card, < 150 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# one thread for every numeric library, set before numpy and OpenCV load
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_name] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from card_codes import catalogue  # noqa: E402
from companion.synthetic.optics import Flicker  # noqa: E402
from companion.synthetic.scene import Hand, Place, Remove, Scene, Step, Wait  # noqa: E402
from companion.synthetic.sprites import CardRef  # noqa: E402
from companion.table.layout import default_layout  # noqa: E402
from companion.table.reader import ReaderStats, TableReader  # noqa: E402
from companion.table.tracker import CardPlaced, CardRemoved, DuplicateCard  # noqa: E402

FPS = 30.0
SIZES = {"720p": (1280, 720), "1080p": (1920, 1080)}
SPICY_SPOT = (0.12, 0.22)
PLAY_SPOTS = ((0.4, 0.45), (0.55, 0.55), (0.7, 0.45), (0.55, 0.3))
EDGES = ("bottom", "right", "top", "left")


def one_core() -> str:
    import cv2

    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def trick_steps(tricks: int, players: int = 3) -> list[Step]:
    """Tricks of Fibonachos cards: a spicy card, one card per player, a hand, a clear."""
    steps: list[Step] = [Wait(10)]
    names = [c.notation for c in catalogue.deck_cards("fibonachos")]
    spicies = [n for n in names if n.startswith("S")]
    colours = [[n for n in names if n.startswith(colour)] for colour in "RGY"]
    for trick in range(tricks):
        spicy = CardRef("fibonachos", spicies[trick % len(spicies)])
        steps.append(Place(spicy, *SPICY_SPOT, zone="spicy", edge="left"))
        plays = []
        for seat in range(players):
            suit = colours[seat % 3]
            card = CardRef("fibonachos", suit[(trick * 5 + seat) % len(suit)])
            plays.append(card)
            x, y = PLAY_SPOTS[seat]
            steps.append(Place(card, x, y, angle=8.0 * (seat - 1), zone="play", edge=EDGES[seat]))
        steps += [Hand(0.5, 0.5, frames=6, edge="bottom"), Wait(15)]
        steps += [Remove((spicy, *plays), edge=EDGES[trick % players]), Wait(45)]
    return steps


def static_steps(frames: int) -> tuple[list[Step], int]:
    """Five cards put down without hands, then ``frames`` frames of nothing."""
    names = [c.notation for c in catalogue.deck_cards("fibonachos")]
    cards = [CardRef("fibonachos", n) for n in names[::9][:4]]
    spicy = CardRef("fibonachos", next(n for n in names if n.startswith("S")))
    steps: list[Step] = [Place(spicy, *SPICY_SPOT, hand=False)]
    steps += [Place(c, *PLAY_SPOTS[i], hand=False) for i, c in enumerate(cards)]
    steps.append(Wait(frames))
    return steps, frames


@dataclass
class Outcome:
    frames: int = 0
    seconds: float = 0.0
    right: int = 0
    wrong: list[str] = field(default_factory=list)
    expected: int = 0
    latencies: list[float] = field(default_factory=list)
    removed: int = 0
    expected_removed: int = 0
    duplicates: int = 0
    stats: dict[str, Any] = field(default_factory=dict)

    def figures(self) -> dict[str, Any]:
        late = self.latencies
        return {
            "frames": self.frames,
            "fps": round(self.frames / self.seconds, 1) if self.seconds else None,
            "placed_right": self.right,
            "placed_wrong": len(self.wrong),
            "wrong": self.wrong,
            "missed": self.expected - self.right,
            "removed": f"{self.removed}/{self.expected_removed}",
            "duplicates": self.duplicates,
            "latency_max_s": round(max(late), 3) if late else None,
            "latency_mean_s": round(statistics.fmean(late), 3) if late else None,
            "reader": self.stats,
        }


def key_of(ref: CardRef) -> str:
    return catalogue.card(ref.deck, ref.notation).key


def make_scene(size: tuple[int, int], flicker: Flicker | None = None) -> Scene:
    """Hands take 8 frames (0.27 s) to reach in, cards then lie 15 frames untouched;
    ``flicker``: a lamp's bands over every frame (bench/flicker.py)."""
    return Scene(size=size, seed=5, hand_frames=8, settle=15, flicker=flicker)


def run(
    size: tuple[int, int],
    steps: Sequence[Step],
    timed_from: int = 0,
    flicker: Flicker | None = None,
) -> Outcome:
    """Feed the scene's frames to a fresh reader; time the frames from ``timed_from``."""
    scene = make_scene(size, flicker)
    reader = TableReader(default_layout())
    out = Outcome()
    shown: dict[str, tuple[float, str]] = {}
    zones = {str(step.card): step.zone for step in steps if isinstance(step, Place)}
    for frame in scene.frames(steps, fps=FPS):
        for ref in frame.shown:
            shown[key_of(ref)] = (frame.timestamp, zones.get(str(ref), ""))
        out.expected_removed += len(frame.gone)
        if frame.index == timed_from:
            reader.stats = ReaderStats()  # the figures of the timed frames only
        start = time.perf_counter()
        events = reader.feed(frame)
        took = time.perf_counter() - start
        if frame.index >= timed_from:
            out.frames += 1
            out.seconds += took
        for event in events:
            if isinstance(event, CardPlaced):
                truth = shown.get(event.card.key)
                if truth is None or truth[1] not in ("", event.card.zone):
                    out.wrong.append(f"{event.card.key}@{event.card.zone}")
                else:
                    out.right += 1
                    out.latencies.append(event.at - truth[0])
            elif isinstance(event, CardRemoved):
                out.removed += 1
            elif isinstance(event, DuplicateCard):
                out.duplicates += 1
    out.expected = len(shown)
    out.stats = reader.stats.summary()
    return out


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def daemon_memory(size: tuple[int, int], tricks: int) -> dict[str, Any]:
    """Peak RSS of a process that only replays a recorded game (JPEG frames) through a
    reader, as the daemon would read its camera: the renderer is not in it."""
    import subprocess
    import tempfile

    import cv2

    with tempfile.TemporaryDirectory(prefix="tc-bench-") as folder:
        for frame in make_scene(size).frames(trick_steps(tricks), fps=FPS):
            cv2.imwrite(
                f"{folder}/{frame.index:06d}.jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, 92]
            )
        child = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("replay_memory.py")), folder],
            capture_output=True,
            text=True,
            check=True,
        )
    figures: dict[str, Any] = json.loads(child.stdout.strip().splitlines()[-1])
    figures["size"] = f"{size[0]}x{size[1]}"
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="720p only, short videos")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    pinned = one_core()
    sizes = ["720p"] if args.quick else ["720p", "1080p"]
    tricks = 2 if args.quick else 5
    static_frames = 90 if args.quick else 300
    results: dict[str, Any] = {"cpu": pinned, "fps_of_table_time": FPS, "runs": {}}
    for name in sizes:
        size = SIZES[name]
        steps, frames = static_steps(static_frames)
        scene_frames = make_scene(size).count_frames(steps)
        static = run(size, steps, timed_from=scene_frames - frames)
        play = run(size, trick_steps(tricks))
        results["runs"][name] = {"static": static.figures(), "play": play.figures()}
    results["peak_rss_mb"] = peak_rss_mb()
    results["daemon_memory"] = daemon_memory(SIZES[sizes[-1]], 1 if args.quick else 2)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"table pipeline, one core ({pinned}), table time at {FPS:g} fps")
    for name, runs in results["runs"].items():
        for kind, f in runs.items():
            ms = f["reader"]["ms_per_frame"]
            print(
                f"{name:6} {kind:6} {f['fps']!s:>7} fps  frames {f['frames']:4}  "
                f"right {f['placed_right']:2} wrong {f['placed_wrong']} missed {f['missed']}  "
                f"removed {f['removed']}  latency max {f['latency_max_s']} s "
                f"mean {f['latency_mean_s']} s  decodes {f['reader']['decodes']} "
                f"({f['reader']['megapixels_decoded']} Mpx)  ms/frame "
                + " ".join(f"{k} {v}" for k, v in ms.items())
            )
    print(f"peak RSS of this process {results['peak_rss_mb']} MB (includes the scene renderer)")
    mem = results["daemon_memory"]
    print(
        f"peak RSS replaying a recorded {mem['size']} game through the reader alone: "
        f"{mem['peak_rss_mb']} MB ({mem['rss_after_imports_mb']} MB after imports; "
        f"{mem['events']} events)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
