"""Speech beside the camera loop: the reader's frame rate with speech off and on, and
the latency from an event to the start of its speech (issue 25 §3, §4).

Renders a recorded Fibonachos round (examples/fibonachos/short.json, 1280x720, PNG
frames) once, then runs the daemon's own loop (``assemble``: the replay camera, the
table reader, the session and its journal, the UI, a fake OLED) over it in this
process, alternating speech off and speech on (every announcement, ``say = "all"``:
the most speech there is) with the real espeak-ng backend playing to ALSA's ``null``
device (this machine has no sound card: synthesis is real, playback is not paced by a
card). Figures:

- **frames per second** of the whole loop, speech off and on (median of ``--runs``
  each; PNG decoding included, the same in both);
- **dispatch**: seconds from an announcement posted by the loop to the worker calling
  the speaker (median, 95th percentile, max);
- **first audio**: seconds from espeak-ng's start to its first bytes of audio on the
  pipe that feeds aplay, for the sentences of the round (median, max);
- event to the start of speech, an idle speaker: dispatch + first audio;
- **the part's cost**: microseconds a frame the loop spends in the speech part
  (wording announcements and posting them), the figure the load of a shared machine
  does not blur as it blurs frames per second.

    .venv/bin/python bench/speech.py [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.daemon.build import Devices, assemble  # noqa: E402
from companion.daemon.parts import Part, TableFacade  # noqa: E402
from companion.daemon.speech import Speech  # noqa: E402
from companion.flows.base import Notice  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.synthetic.scene import Scene  # noqa: E402
from companion.synthetic.scripts import table_script  # noqa: E402
from companion.synthetic.video import write_video  # noqa: E402
from companion.table.layout import default_layout  # noqa: E402
from companion.table.reader import TableReader  # noqa: E402
from companion.views.spoken import Level  # noqa: E402
from hardware.camera import open_camera  # noqa: E402
from hardware.display import open_display  # noqa: E402
from hardware.speaker import Voice, open_speaker  # noqa: E402
from hardware.speaker_espeak import espeak_command  # noqa: E402

RECORD = ROOT / "examples" / "fibonachos" / "short.json"


def loop(frames: Path, work: Path, speech: bool) -> dict[str, Any]:
    """One run of the loop over the frames; its fps and, speech on, what was said."""
    session = Session(Journal.open(work / "journal.db"), clock=time.time)
    daemon = assemble(
        session,
        TableReader(default_layout()),
        Devices(
            camera=lambda: open_camera("replay", path=str(frames)),
            display=lambda: open_display("fake"),
        ),
        clock=time.monotonic,
        camera_retry=False,
        parts=_timed_voice if speech else None,
    )
    daemon.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], {"dealer": 2})
    for part in daemon.parts:
        part.start()
    daemon.start()
    started = time.perf_counter()
    while not daemon.ended:
        daemon.step()
    seconds = time.perf_counter() - started
    result: dict[str, Any] = {"frames": daemon.reader.stats.frames, "seconds": seconds}
    daemon.links.close()
    for voice in daemon.parts:
        assert isinstance(voice, TimedSpeech)
        voice.voice.settle(timeout=60)
        result["said"] = voice.voice.said
        result["dropped"] = voice.mailbox.dropped
        result["dispatch"] = list(voice.voice.latencies)
        result["part_s"] = voice.spent
        voice.close()
    return result


class TimedSpeech(Speech):
    """The speech part counting the seconds the loop spends in it (its turns and its
    listener: wording the announcements and posting them)."""

    spent = 0.0

    def turn(self, now: float, changed: bool) -> None:
        started = time.perf_counter()
        super().turn(now, changed)
        self.spent += time.perf_counter() - started

    def heard(self, notices: list[Notice], now: float) -> None:
        started = time.perf_counter()
        super().heard(notices, now)
        self.spent += time.perf_counter() - started


def _timed_voice(table: TableFacade) -> list[Part]:
    return [TimedSpeech(open_speaker("espeak", device="null"), Level.ALL, table)]


def first_audio(sentences: list[str]) -> list[float]:
    """Seconds from espeak-ng's start to its first bytes of audio, a sentence each."""
    espeak = shutil.which("espeak-ng") or "espeak-ng"
    times = []
    for text in sentences:
        started = time.perf_counter()
        synth = subprocess.Popen(
            espeak_command(espeak, Voice(), "en"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert synth.stdin is not None and synth.stdout is not None
        synth.stdin.write(text.encode())
        synth.stdin.close()
        synth.stdout.read(4096)
        times.append(time.perf_counter() - started)
        synth.stdout.read()
        synth.wait()
    return times


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each mode (alternating)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    if shutil.which("espeak-ng") is None or shutil.which("aplay") is None:
        print("bench/speech.py needs espeak-ng and aplay (sudo apt install espeak-ng alsa-utils)")
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-speech-") as tmp:
        scratch = Path(tmp)
        frames = scratch / "frames"
        print("rendering the recorded round...", file=sys.stderr)
        script = table_script(json.loads(RECORD.read_text(encoding="utf-8")))
        write_video(script, frames, scene=Scene((1280, 720), seed=1))
        fps: dict[str, list[float]] = {"off": [], "on": []}
        dispatch: list[float] = []
        said = dropped = 0
        part_us: list[float] = []
        for run in range(args.runs):
            for mode in ("off", "on"):
                work = scratch / f"{mode}-{run}"
                work.mkdir()
                result = loop(frames, work, mode == "on")
                fps[mode].append(result["frames"] / result["seconds"])
                print(f"  run {run + 1} speech {mode}: {fps[mode][-1]:.1f} fps", file=sys.stderr)
                if mode == "on":
                    dispatch += result["dispatch"]
                    said, dropped = result["said"], result["dropped"]
                    part_us.append(result["part_s"] / result["frames"] * 1e6)
        sentences = [
            "Ana takes trick 3 with Red 13 and wins Spicy 5.",
            "Ben to play.",
            "Round 1 is over. Ana, 21 points, 21 in all. Ben, 7 points, 7 in all.",
        ] * 7
        audio = first_audio(sentences)
    out = {
        "fps_off": round(statistics.median(fps["off"]), 1),
        "fps_on": round(statistics.median(fps["on"]), 1),
        "part_us_per_frame": round(statistics.median(part_us), 1),
        "said_per_run": said,
        "dropped_per_run": dropped,
        "dispatch_ms": {
            "median": round(statistics.median(dispatch) * 1000, 2),
            "p95": round(_pct(dispatch, 0.95) * 1000, 2),
            "max": round(max(dispatch) * 1000, 2),
        },
        "first_audio_ms": {
            "median": round(statistics.median(audio) * 1000, 1),
            "max": round(max(audio) * 1000, 1),
        },
    }
    if args.json:
        print(json.dumps(out))
    else:
        d, a = out["dispatch_ms"], out["first_audio_ms"]
        print(
            f"loop at 1280x720: {out['fps_off']} fps speech off, {out['fps_on']} fps speech on "
            f"(median of {args.runs}; {said} announcements said a run, {dropped} replaced "
            f"or stale; the speech part costs the loop {out['part_us_per_frame']} us a frame); "
            f"dispatch {d['median']} ms median, {d['p95']} ms p95, {d['max']} ms "
            f"max; espeak-ng's first audio {a['median']} ms median, {a['max']} ms max"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
