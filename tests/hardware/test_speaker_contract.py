"""One contract over every speaker backend that runs here (issue 25 section 1).

Each backend says a sentence in a language with its kind as a tag, refuses an empty
or overlong sentence and a malformed language, stops without harm when nothing is
said, refuses to speak once closed, closes twice and works as a context manager; a
bad setting names ``speaker.<key>``. The espeak backend plays to ALSA's ``null``
device (this machine has no sound card); the files backend writes both ways.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hardware.errors import ConfigurationError, DeviceError
from hardware.speaker import MAX_CHARS, Speaker, open_speaker

ESPEAK = shutil.which("espeak-ng") is not None and shutil.which("aplay") is not None
KINDS = ("espeak", "files", "files-text", "fake")


def _open(kind: str, tmp_path: Path, **more: Any) -> Speaker:
    if kind in ("espeak", "files") and not ESPEAK:
        pytest.skip("espeak-ng and aplay are not installed")
    settings: dict[str, dict[str, Any]] = {
        "espeak": {"device": "null"},
        "files": {"dir": str(tmp_path / "speech")},
        "files-text": {"dir": str(tmp_path / "speech"), "audio": False},
        "fake": {},
    }
    return open_speaker(kind.removesuffix("-text"), **settings[kind], **more)


@pytest.fixture(params=KINDS)
def speaker(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Speaker]:
    with _open(request.param, tmp_path) as opened:
        yield opened


def test_it_is_a_speaker_that_says_a_sentence(speaker: Speaker) -> None:
    """Issue 25 §1: every backend speaks a sentence in English and in French."""
    assert isinstance(speaker, Speaker)
    speaker.say("Ana to play.", "en", "turn")
    speaker.say("Ben gagne le pli 3 avec le Rouge 13.", "fr", "trick")
    speaker.say("Round 2 is over.", "en")


@pytest.mark.parametrize("text", ["", "   \n "])
def test_it_refuses_an_empty_sentence(speaker: Speaker, text: str) -> None:
    """Issue 25 §1: nothing to say is a mistake of the caller, not a silent file."""
    with pytest.raises(ValueError, match="nothing to say"):
        speaker.say(text, "en")


def test_it_refuses_a_sentence_too_long_to_hear(speaker: Speaker) -> None:
    """Issue 25 §3: nothing queues for minutes, so no sentence runs for minutes."""
    with pytest.raises(ValueError, match=f"at most {MAX_CHARS}"):
        speaker.say("word " * MAX_CHARS, "en")


@pytest.mark.parametrize("language", ["", "e n", "../fr"])
def test_it_refuses_a_malformed_language(speaker: Speaker, language: str) -> None:
    with pytest.raises(ValueError, match="language"):
        speaker.say("Ana to play.", language)


def test_stop_with_nothing_said_is_harmless(speaker: Speaker) -> None:
    speaker.stop()
    speaker.say("Ana to play.", "en")


def test_close_is_idempotent_and_final(speaker: Speaker) -> None:
    speaker.close()
    speaker.close()
    with pytest.raises(DeviceError, match="after close"):
        speaker.say("Ana to play.", "en")


@pytest.mark.parametrize("kind", KINDS)
def test_an_unknown_setting_is_named(kind: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match=r"speaker\.pitch"):
        _open(kind, tmp_path, pitch=50)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"volume": 101}, "speaker.volume"),
        ({"volume": "loud"}, "speaker.volume"),
        ({"rate": 20}, "speaker.rate"),
        ({"voice": 3}, "speaker.voice"),
    ],
)
def test_bad_voice_settings_name_the_key(
    kind: str, settings: dict[str, Any], key: str, tmp_path: Path
) -> None:
    """Issue 25 §2: volume, voice and rate are settings, checked at start."""
    with pytest.raises(ConfigurationError, match=key.replace(".", r"\.")):
        _open(kind, tmp_path, **settings)


def test_an_unknown_kind_names_speaker_kind() -> None:
    with pytest.raises(ConfigurationError, match=r"speaker\.kind = 'bell'"):
        open_speaker("bell")


def test_a_files_speaker_whose_espeak_ng_hangs_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 §1: an espeak-ng that never ends is a DeviceError naming the WAV (the
    voice logs it and goes on); before, subprocess's TimeoutExpired escaped, which no
    caller expects of a speaker, and ended the table's speech thread."""
    import hardware.speaker_files as files
    from hardware.speaker import Voice

    hangs = tmp_path / "espeak-ng"
    hangs.write_text("#!/bin/sh\nexec sleep 60\n")
    hangs.chmod(0o755)
    monkeypatch.setattr(files, "LIMIT_SECONDS", 0.2)
    with (
        files.FilesSpeaker(tmp_path / "speech", Voice(), espeak=str(hangs)) as speaker,
        pytest.raises(DeviceError, match=r"0001-turn\.wav in 0\.2 s; cut short"),
    ):
        speaker.say("Ana to play.", "en", "turn")
