"""The daemon speaks through ALSA for real: what a sound card would be given (issue 25 §1,
§4; done means "on a desktop with a sound card, the daemon speaks them").

No sound card here, so the test defines one: an ALSA configuration (``ALSA_CONFIG_PATH``:
the system's ``alsa.conf``, then a PCM ``tablecard``) whose device is ALSA's ``file``
plugin over the ``null`` PCM. ``companion run`` (the real command, the replay camera
pacing a recorded Fibonachos round like a live camera) speaks with the real ``espeak``
speaker: espeak-ng piped into ``aplay -D tablecard``; the file plugin writes one WAV per
sentence of exactly the samples a card would have played (``truncate false``: the second
``aplay`` writes ``said.wav.0001``, and so on).

Each WAV must be speech (non-silent, as long as its words take to say) and be espeak-ng's
rendering of the announcement in the table's language, sample for sample, followed only
by the silence aplay pads its last period with.

The end of a recording (issue 25's remainder): a card takes its samples in real time,
which ALSA's ``null`` does not, so there the file plugin writes into a FIFO that the
test empties at a card's pace (:class:`PacedCard`): aplay blocks as it would on a
sound card, and a sentence cut short is a WAV shorter than espeak-ng's rendering.
"""

from __future__ import annotations

import array
import contextlib
import io
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import pytest
from daemon_harness import load_record

from companion.cli import main
from companion.synthetic.scene import Scene
from companion.synthetic.scripts import CALM, table_script
from companion.synthetic.video import write_video
from hardware.speaker import Voice
from hardware.speaker_espeak import espeak_command

ALSA_CONF = Path("/usr/share/alsa/alsa.conf")
pytestmark = [
    pytest.mark.slow,  # the round is paced like a live camera: about 11 s a language
    pytest.mark.skipif(
        shutil.which("espeak-ng") is None
        or shutil.which("aplay") is None
        or not ALSA_CONF.exists(),
        reason="espeak-ng, aplay (alsa-utils) and ALSA's configuration are not installed",
    ),
]
FPS = 10
#: A still table after the last trick: the last sentence is said before the source ends.
TAIL_FRAMES = 20
#: The tricks of examples/fibonachos/short.json's first round the table plays here.
TRICKS = 2
#: What the table hears at key moments: who took each trick (F4: the first 16 played wins).
HEARD = {
    "en": [
        "Ana takes trick 1 with Red 16 and wins Spicy 0.",
        "Ana takes trick 2 with Red 15 and wins Spicy 1.",
    ],
    "fr": [
        "Ana remporte le pli 1 avec le Rouge 16 et gagne le Piment 0.",
        "Ana remporte le pli 2 avec le Rouge 15 et gagne le Piment 1.",
    ],
}


def film(folder: Path, tricks: int) -> list[Path]:
    """The first ``tricks`` tricks of short.json filmed at a synthetic table; the frames."""
    record = load_record("fibonachos", "short.json")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:tricks]
    script = table_script(record, CALM)
    write_video(script, folder, scene=Scene((1280, 720), seed=1), fps=FPS, image_suffix=".jpg")
    return sorted(folder.iterdir())


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The round filmed at a synthetic table: a folder of frames, the last one held."""
    folder = tmp_path_factory.mktemp("recording") / "frames"
    frames = film(folder, TRICKS)
    for i in range(TAIL_FRAMES):
        shutil.copyfile(frames[-1], folder / f"{frames[-1].stem}-still-{i:03d}.jpg")
    return folder


def sound_card(tmp_path: Path) -> Path:
    """An ALSA configuration with the device ``tablecard``, writing into ``tmp/card``."""
    written = tmp_path / "card" / "said.wav"
    written.parent.mkdir()
    conf = tmp_path / "alsa.conf"
    conf.write_text(
        f"<{ALSA_CONF}>\n"
        "pcm.tablecard {\n"
        "    type file\n"
        '    slave.pcm "null"\n'
        f'    file "{written}"\n'
        '    format "wav"\n'
        "    truncate false\n"
        "}\n",
        encoding="utf-8",
    )
    return conf


def samples(path: Path) -> tuple[int, bytes]:
    """A 16-bit mono WAV's rate and samples."""
    with wave.open(str(path)) as wav:
        assert (wav.getsampwidth(), wav.getnchannels()) == (2, 1), path
        return wav.getframerate(), wav.readframes(wav.getnframes())


def loudness(pcm: bytes) -> float:
    """RMS of 16-bit samples, 0-1."""
    values = array.array("h", pcm)
    return math.sqrt(sum(v * v for v in values) / max(len(values), 1)) / 32768


def espeak_says(text: str, language: str) -> bytes:
    """espeak-ng's own samples of ``text`` with the speaker's default voice."""
    command = espeak_command(shutil.which("espeak-ng") or "espeak-ng", Voice(50, "", 150), language)
    made = subprocess.run(command, input=text.encode(), capture_output=True, check=True)
    with wave.open(io.BytesIO(made.stdout)) as wav:
        pcm: bytes = wav.readframes(wav.getnframes())
    return pcm


def run_config(tmp_path: Path, language: str, speech: str = "") -> Path:
    """A table whose camera replays a recording in real time and whose voice is the
    espeak speaker on ``tablecard``."""
    config = tmp_path / "config.toml"
    config.write_text(
        f'[camera]\nkind = "replay"\nrealtime = true\nfps = {FPS}\n'
        '[speaker]\nkind = "espeak"\ndevice = "tablecard"\n'
        f'[speech]\nsay = "key"\n{speech}\n'
        f'[ui]\nlanguage = "{language}"\n'
        "[phone]\nenabled = false\n"
        f'[journal]\npath = "{tmp_path / "journal.db"}"\n'
        '[log]\nlevel = "WARNING"\n',
        encoding="utf-8",
    )
    return config


def run_args(config: Path, recording: Path, *more: str) -> list[str]:
    """``companion run``'s arguments: the recorded round of three, Cy dealing."""
    return [
        "run", "--config", str(config), "--source", str(recording),
        "--display", "fake", "--buttons", "fake",
        "--game", "fibonachos", "--players", "Ana,Ben,Cy", "--option", "dealer=3", *more,
    ]  # fmt: skip


def daemon_run(
    recording: Path, tmp_path: Path, language: str, *more: str, speech: str = ""
) -> list[Path]:
    """``companion run`` over the recording with the espeak speaker on ``tablecard``;
    the WAVs the card was given, in order."""
    config = run_config(tmp_path, language, speech)
    assert main(run_args(config, recording, *more)) == 0
    return sorted((tmp_path / "card").iterdir())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_daemon_speaks_each_announcement_to_the_alsa_device(
    language: str, recording: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 §1 and §4: a real daemon run (the replay camera on a recorded round)
    plays every key announcement through ``aplay -D tablecard``: speech of a plausible
    length, in the table's language, each one whole."""
    monkeypatch.setenv("ALSA_CONFIG_PATH", str(sound_card(tmp_path)))
    played = daemon_run(recording, tmp_path, language)
    assert [p.name for p in played] == ["said.wav", "said.wav.0001"]
    for path, text in zip(played, HEARD[language], strict=True):
        rate, pcm = samples(path)
        seconds = len(pcm) / 2 / rate
        words = len(text.split())
        assert words * 0.4 * 0.5 <= seconds <= words * 0.4 * 1.5, (path.name, seconds)
        assert loudness(pcm) > 0.02, path.name
        spoken = espeak_says(text, language)
        assert rate == 22050
        assert pcm[: len(spoken)] == spoken, f"{path.name} is not {text!r} in {language}"
        padding = pcm[len(spoken) :]
        assert set(padding) <= {0} and len(padding) < rate, path.name


@pytest.mark.parametrize(("speech", "heard"), [("", 0), ("kiosk = true", 2)])
def test_a_kiosk_table_speaks_only_when_the_cafe_turns_speech_on(
    speech: str, heard: int, recording: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, done means: ``companion run --kiosk`` with ``[speech] say = "key"``
    gives the sound card nothing; with ``[speech] kiosk = true`` it speaks."""
    monkeypatch.setenv("ALSA_CONFIG_PATH", str(sound_card(tmp_path)))
    played = daemon_run(recording, tmp_path, "en", "--kiosk", speech=speech)
    assert len(played) == heard


#: Frames kept after the one where the trick's last card is read: the recording ends
#: a few tenths of a second into "Ana takes trick 1 ...", which lasts about 3.5 s.
AFTER_LAST = 3
#: A card's pace: 16-bit mono samples at espeak-ng's rate, taken 0.1 s at a time.
CARD_BYTES_PER_SECOND = 22050 * 2
#: The WAV header ALSA's file plugin writes first (its lengths stay 0 on a FIFO).
WAV_HEADER = 44


@pytest.fixture(scope="module")
def ends_mid_sentence(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One trick filmed and cut ``AFTER_LAST`` frames after its last card is read
    (``companion replay`` says at which frame): the source ends while the table is told
    who took the trick."""
    folder = tmp_path_factory.mktemp("ends") / "frames"
    frames = film(folder, 1)
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        replay = ["replay", str(folder), "--game", "fibonachos", "--players", "Ana,Ben,Cy"]
        assert main([*replay, "--dealer", "3", "--fps", str(FPS), "--json"]) == 0
    events = json.loads(shown.getvalue())["events"]
    read = max(event["t"] for event in events if event["zone"] == "play")
    for frame in frames[round(read * FPS) + AFTER_LAST :]:
        frame.unlink()
    return folder


class PacedCard(threading.Thread):
    """The sound card's side of ``tablecard``: a FIFO the file plugin writes into,
    emptied at a card's pace, so that aplay blocks as on a real card (ALSA's ``null``
    takes any number of samples at once). ``played`` is set once ``after`` seconds of
    the sentence have been taken."""

    def __init__(self, tmp_path: Path, after: float = 0.0) -> None:
        super().__init__(name="paced-card", daemon=True)
        self.fifo = tmp_path / "card" / "said.wav"
        self.fifo.parent.mkdir()
        os.mkfifo(self.fifo)
        self.conf = tmp_path / "alsa.conf"
        self.conf.write_text(
            f'<{ALSA_CONF}>\npcm.tablecard {{\n    type file\n    slave.pcm "null"\n'
            f'    file "{self.fifo}"\n    format "wav"\n}}\n',
            encoding="utf-8",
        )
        self.taken = bytearray()
        self.after = WAV_HEADER + after * CARD_BYTES_PER_SECOND
        self.played = threading.Event()

    def run(self) -> None:
        tick = CARD_BYTES_PER_SECOND // 10
        with self.fifo.open("rb") as fifo:
            while chunk := fifo.read(tick):
                self.taken += chunk
                if len(self.taken) >= self.after:
                    self.played.set()
                time.sleep(0.1)  # the card plays 0.1 s of samples (a device's pace)

    def samples(self) -> bytes:
        """What the card was given (after the file plugin's header), once aplay ended;
        a FIFO nobody opened is opened here, so that the card stops waiting."""
        with contextlib.suppress(OSError):
            os.close(os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK))
        self.join(timeout=30)
        assert not self.is_alive()
        head = bytes(self.taken[:WAV_HEADER])
        assert not head or (head[:4], head[36:40]) == (b"RIFF", b"data"), head
        return bytes(self.taken[WAV_HEADER:])


def test_the_last_announcement_of_a_recording_is_said_whole(
    ends_mid_sentence: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: the recorded frames end while the last announcement is being said; the
    card is given all of it, espeak-ng's rendering sample for sample (before, the
    daemon closed its voice with the frames and the sentence was cut mid-word)."""
    card = PacedCard(tmp_path)
    monkeypatch.setenv("ALSA_CONFIG_PATH", str(card.conf))
    card.start()
    started = time.monotonic()
    assert main(run_args(run_config(tmp_path, "en"), ends_mid_sentence)) == 0
    took = time.monotonic() - started
    pcm = card.samples()
    spoken = espeak_says(HEARD["en"][0], "en")
    assert len(pcm) >= len(spoken), f"{len(pcm)} of {len(spoken)} bytes: cut short"
    assert pcm[: len(spoken)] == spoken
    assert set(pcm[len(spoken) :]) <= {0}
    assert took < 30.0, took  # the sentence is said whole, no longer


def test_a_stop_signal_while_the_last_sentence_is_said_stops_at_once(
    ends_mid_sentence: Path, tmp_path: Path
) -> None:
    """Issue 13, issue 25: SIGTERM (systemd) while the voice finishes after the frames
    ended still stops the real daemon at once: the sentence is cut short and the
    process exits 0 within a second or so, not when the sentence would have ended."""
    card = PacedCard(tmp_path, after=1.0)  # past the recording's end, before the words'
    config = run_config(tmp_path, "en")
    root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "ALSA_CONFIG_PATH": str(card.conf), "PYTHONPATH": path}
    card.start()
    daemon = subprocess.Popen(
        [sys.executable, "-m", "companion", *run_args(config, ends_mid_sentence)], env=env
    )
    try:
        assert card.played.wait(timeout=120), "the card was given no sentence"
        signalled = time.monotonic()
        daemon.send_signal(signal.SIGTERM)
        assert daemon.wait(timeout=30) == 0
        took = time.monotonic() - signalled
    finally:
        if daemon.poll() is None:
            daemon.kill()
    pcm = card.samples()
    spoken = espeak_says(HEARD["en"][0], "en")
    assert len(pcm) < len(spoken) and pcm == spoken[: len(pcm)]
    assert took < 2.0, took
