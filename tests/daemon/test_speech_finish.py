"""The voice at the end of a recorded source: what was given is said whole, a stop
signal still stops at once (issue 25's remainder: "when a recorded source ends, speech
stops mid-sentence").

The speaker here holds each sentence until it is let go (it was said whole) or
stopped (it was cut short). The table's ``should_stop`` is asked by the loop every
turn and, once the source ended, by the daemon while the voice finishes: the sentences
are let go only then, so a daemon that closes its voice as soon as the frames end cuts
the one being said and never says the next.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
import wave
from pathlib import Path

import pytest
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon, part_of

from companion.daemon.runtime import Daemon
from companion.daemon.speech import FINISH_SECONDS, LASTING_SECONDS, Speech, speech_part
from companion.views.spoken import Announcement, Kind, Level
from hardware.speaker import Spoken
from hardware.speaker_fake import FakeSpeaker

#: What the table hears of the first two tricks of short.json (F4: the 16s win).
LAST_TWO = [
    "Ana takes trick 1 with Red 16 and wins Spicy 0.",
    "Ana takes trick 2 with Red 15 and wins Spicy 1.",
]


class Held(FakeSpeaker):
    """Each sentence lasts until :meth:`let_go` (said whole) or ``stop`` (cut short)."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._current: threading.Event | None = None
        self._cut = False
        self.whole: list[str] = []
        self.cut: list[str] = []

    def _say(self, spoken: Spoken) -> None:
        ended = threading.Event()
        with self._lock:
            self._current, self._cut = ended, False
        assert ended.wait(timeout=30), f"{spoken.text!r} was never let go nor stopped"
        with self._lock:
            self._current = None
            (self.cut if self._cut else self.whole).append(spoken.text)

    def let_go(self) -> None:
        """The sentence being said comes to its end."""
        with self._lock:
            if self._current is not None:
                self._current.set()

    def _stop(self) -> None:
        super()._stop()
        with self._lock:
            if self._current is not None:
                self._cut = True
                self._current.set()


def taken(speech: Speech, timeout: float = 10.0) -> None:
    """Wait (real time, bounded) until the voice took what was posted, or is saying
    something: the table's next frame must not come before it, or a trick's
    announcement would replace the one before it still waiting in its slot."""
    deadline = time.monotonic() + timeout
    while speech.mailbox.waiting() and speech.voice.speaking is None:
        assert time.monotonic() < deadline, "the voice never took its announcement"
        threading.Event().wait(0.001)


def _daemon(tmp_path: Path, speaker: Held) -> tuple[Daemon, ManualClock]:
    """Two tricks of a Fibonachos round on a recording that ends right after them;
    the voice says the key announcements (who takes each trick) through ``speaker``."""
    record = load_record("fibonachos", "short.json")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:2]
    clock = ManualClock()
    voice = speech_part(speaker, Level.KEY)
    daemon = make_daemon(
        tmp_path / "journal.db",
        fibonachos_steps(record),
        clock=clock,
        parts=lambda table: [voice(table)],
    )
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    return daemon, clock


def test_the_last_announcements_of_a_recording_are_said_whole(tmp_path: Path) -> None:
    """Issue 25: the frames end while "Ana takes trick 1" is being said and "Ana takes
    trick 2" waits: both are said to their end before the voice closes (before, the
    first was cut and the second never said)."""
    held = Held()
    daemon, clock = _daemon(tmp_path, held)

    def should_stop() -> bool:  # no signal; once the frames ended, the sentences end
        taken(part_of(daemon, Speech))
        clock.advance(0.2)
        if daemon.ended:
            held.let_go()
        return False

    daemon.run(should_stop)
    assert daemon.ended
    assert held.whole == LAST_TWO and held.cut == []
    assert not part_of(daemon, Speech).voice.is_alive() and held.closed


def test_a_stop_signal_while_the_voice_finishes_stops_it_at_once(tmp_path: Path) -> None:
    """Issue 25, issue 13: SIGINT or SIGTERM while the voice finishes after the frames
    ended cuts the sentence short and ends the run at once (the sentence here would
    never end by itself); what waits is not said."""
    held = Held()
    daemon, clock = _daemon(tmp_path, held)
    asked_after_end = 0

    def should_stop() -> bool:  # the signal comes while the daemon waits for the voice
        nonlocal asked_after_end
        taken(part_of(daemon, Speech))
        clock.advance(0.2)
        asked_after_end += daemon.ended
        return asked_after_end >= 3

    started = time.monotonic()
    daemon.run(should_stop)
    took = time.monotonic() - started
    assert held.whole == [] and held.cut == LAST_TWO[:1]
    assert took < 5.0, took  # a held sentence lasts 30 s, the voice's bound 60 s
    assert not part_of(daemon, Speech).voice.is_alive()


def test_finishing_is_bounded(tmp_path: Path) -> None:
    """Issue 25: a voice that does not come to an end is waited for ``limit`` seconds
    at most, then the daemon closes it as before."""
    held = Held()
    daemon, _ = _daemon(tmp_path, held)
    speech = part_of(daemon, Speech)
    speech.start()
    speech.mailbox.put(Announcement(Kind.SCORE, "Round 1 is over.", "en"))
    started = time.monotonic()
    speech.finish(lambda: False, limit=0.2)
    took = time.monotonic() - started
    speech.close()
    assert 0.2 <= took < 5.0, took
    assert held.cut == ["Round 1 is over."]


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_wait_outlasts_a_games_last_scores_and_its_result(tmp_path: Path) -> None:
    """Issue 25, F8: a whole game's recording ends on the last round's scores and the
    result; espeak-ng at the default rate takes longer than 10 s to say them (the old
    bound, which cut the result off), and the scores and result may wait as long as
    the voice waits (LASTING_SECONDS)."""
    spoken = (Path(__file__).parent / "spoken" / "fibonachos-en.txt").read_text("utf-8")
    last = [line.split(": ", 1)[1] for line in spoken.splitlines()[-2:]]
    seconds = 0.0
    for number, text in enumerate(last):
        wav = tmp_path / f"{number}.wav"
        subprocess.run(
            ["espeak-ng", "-v", "en", "-s", "150", "-w", str(wav), text], check=True, timeout=60
        )
        with wave.open(str(wav)) as sound:
            seconds += sound.getnframes() / sound.getframerate()
    assert 10.0 < seconds < FINISH_SECONDS
    assert FINISH_SECONDS >= LASTING_SECONDS
