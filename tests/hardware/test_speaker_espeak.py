"""The real speaker: espeak-ng's audio is speech of a plausible length, an ALSA device
that cannot play is named, a missing program names its package (issue 25 §1, §4).

Skipped only where espeak-ng (or aplay) is not installed.
"""

from __future__ import annotations

import array
import math
import shutil
import wave
from pathlib import Path
from typing import Any

import pytest

from hardware.errors import BackendUnavailableError, ConfigurationError, DeviceError
from hardware.speaker import open_speaker
from hardware.speaker_espeak import variants

needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or shutil.which("aplay") is None,
    reason="espeak-ng and aplay are not installed",
)
SENTENCES = {
    "en": "Ben wins trick 3 with Red 13 and takes Spicy 5.",
    "fr": "Ben remporte le pli 3 avec le Rouge 13 et prend le Piment 5.",
}


def _audio(path: Path) -> tuple[float, float]:
    """Seconds of a 16-bit mono WAV and its loudness (RMS, 0-1)."""
    with wave.open(str(path)) as wav:
        assert (wav.getsampwidth(), wav.getnchannels()) == (2, 1)
        samples = array.array("h", wav.readframes(wav.getnframes()))
        seconds = wav.getnframes() / wav.getframerate()
    rms = math.sqrt(sum(s * s for s in samples) / max(len(samples), 1)) / 32768
    return seconds, rms


@needs_espeak
@pytest.mark.parametrize("language", ["en", "fr"])
def test_espeak_audio_is_speech_of_a_plausible_length(language: str, tmp_path: Path) -> None:
    """Issue 25 §4: non-silent audio, as long as ten words at 150 words a minute
    (4 s) give or take half: neither a click nor a stuck stream."""
    with open_speaker("files", dir=str(tmp_path), rate=150) as speaker:
        speaker.say(SENTENCES[language], language, "trick")
    seconds, rms = _audio(tmp_path / "0001-trick.wav")
    assert 2.0 <= seconds <= 6.0
    assert rms > 0.02
    text = (tmp_path / "0001-trick.txt").read_text(encoding="utf-8")
    assert text == f"{language}: {SENTENCES[language]}\n"


@needs_espeak
def test_rate_and_volume_change_the_audio(tmp_path: Path) -> None:
    """Issue 25 §2: the rate setting shortens speech, the volume makes it louder."""
    found = {}
    for name, rate, volume in (("slow", 100, 50), ("fast", 300, 50), ("loud", 100, 100)):
        with open_speaker("files", dir=str(tmp_path / name), rate=rate, volume=volume) as s:
            s.say(SENTENCES["en"], "en")
        found[name] = _audio(tmp_path / name / "0001.wav")
    assert found["fast"][0] < found["slow"][0] / 2
    assert found["loud"][1] > found["slow"][1] * 1.5


@needs_espeak
def test_a_voice_variant_is_checked_against_espeak(tmp_path: Path) -> None:
    """Issue 25 §2: a voice espeak-ng lacks is refused at start (it would speak
    silently with its default)."""
    assert "f3" in variants(shutil.which("espeak-ng") or "")
    with open_speaker("espeak", device="null", voice="f3") as speaker:
        speaker.say("Ana to play.", "en")
    with pytest.raises(ConfigurationError, match=r"speaker\.voice .*'robot9'"):
        open_speaker("espeak", device="null", voice="robot9")


@needs_espeak
@pytest.mark.parametrize("device", ["nosuchdevice", "default"])
def test_a_device_that_cannot_play_is_named(device: str) -> None:
    """Issue 25 §1: no sound card here: ALSA's refusal names the device, and the
    speaker goes on to the next sentence (the daemon logs and carries on)."""
    if device == "default" and Path("/proc/asound/cards").exists():
        cards = Path("/proc/asound/cards").read_text()
        if "no soundcards" not in cards and cards.strip():
            pytest.skip("this machine has a sound card")
    with open_speaker("espeak", device=device) as speaker:
        with pytest.raises(DeviceError, match=f"ALSA device '{device}' cannot play: .*"):
            speaker.say("Ana to play.", "en")
        with pytest.raises(DeviceError, match=device):
            speaker.say("Ben to play.", "en")


@pytest.mark.parametrize(
    ("program", "package"), [("espeak-ng", "espeak-ng"), ("aplay", "alsa-utils")]
)
def test_a_missing_program_names_its_package(
    program: str, package: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = shutil.which

    def which(name: str) -> str | None:
        return None if name == program else (real(name) or f"/usr/bin/{name}")

    monkeypatch.setattr(shutil, "which", which)
    with pytest.raises(BackendUnavailableError, match=f"apt install {package}"):
        open_speaker("espeak", voice="")


def test_files_without_audio_need_no_espeak(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 25 §1: the texts alone (tests, a machine without espeak-ng)."""
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with open_speaker("files", dir=str(tmp_path), audio=False) as speaker:
        speaker.say("Ana to play.", "en", "turn")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0001-turn.txt"]


@needs_espeak
def test_a_stop_while_the_sentence_is_starting_cuts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 §3 (docs/ui.md "Spoken announcements"): a newer "Ben to play" or an
    undo stops the sentence being said. A stop that came while espeak-ng and aplay were
    being started (the voice had begun the sentence, no process ran yet) was forgotten
    once they ran, and the stale sentence was said whole."""
    import subprocess

    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def starting(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        if not started:
            speaker.stop()  # the newer announcement comes now
        started.append(real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(subprocess, "Popen", starting)  # as the backend calls it
    with open_speaker("espeak", device="null") as speaker:
        speaker.say("Ana takes trick 3 with Red 13 and wins Spicy 5. " * 4, "en", "trick")
    assert len(started) == 2
    assert all(process.returncode not in (0, None) for process in started)  # killed
