"""The files speaker: one WAV per sentence with its text beside it (tests, replays, the demo).

``dir/0001-turn.wav`` and ``dir/0001-turn.txt``, ``0002-trick.wav``... numbered in
the order said, named after their tag (the announcement's kind). The WAV is
espeak-ng's (``-w``), so a demo's folder plays back what the table would have heard;
``audio = false`` writes the texts only (no espeak-ng needed: the tests of what is
said, a machine without it).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with FilesSpeaker(folder, Voice(), espeak=None) as files:
    ...     files.say("Ana to play.", "en", "turn")
    >>> sorted(p.name for p in folder.iterdir())
    ['0001-turn.txt']
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from hardware.errors import DeviceError
from hardware.settings import Settings
from hardware.settings_decoder import PathText
from hardware.speaker import SpeakerBase, Spoken, Voice, voice_of
from hardware.speaker_espeak import LIMIT_SECONDS, check_voice, espeak_command, last_line, program


class FilesSpeaker(SpeakerBase):
    """Writes each sentence as ``NNNN-tag.txt`` (and ``.wav`` unless ``espeak`` is None)."""

    def __init__(self, folder: Path, voice: Voice, *, espeak: str | None) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DeviceError(f"files speaker: cannot create {folder}: {exc.strerror}") from None
        self.folder = folder
        self.voice = voice
        self._espeak = espeak
        self.count = 0

    def _say(self, spoken: Spoken) -> None:
        self.count += 1
        stem = f"{self.count:04d}-{spoken.tag}" if spoken.tag else f"{self.count:04d}"
        text = self.folder / f"{stem}.txt"
        try:
            text.write_text(f"{spoken.language}: {spoken.text}\n", encoding="utf-8")
        except OSError as exc:
            raise DeviceError(f"files speaker: cannot write {text}: {exc.strerror}") from None
        if self._espeak is None:
            return
        wav = self.folder / f"{stem}.wav"
        command = espeak_command(self._espeak, self.voice, spoken.language, wav=wav)
        try:
            made = subprocess.run(
                command,
                input=spoken.text.encode(),
                capture_output=True,
                timeout=LIMIT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise DeviceError(
                f"files speaker: espeak-ng wrote no {wav} in {LIMIT_SECONDS:g} s; cut short"
            ) from None
        if made.returncode != 0 or not wav.exists():
            raise DeviceError(
                f"files speaker: espeak-ng cannot write {wav}: {last_line(made.stderr)}"
            )


@dataclass(frozen=True)
class FilesSettings:
    """The keys of ``kind = "files"`` beside the voice: a WAV per sentence in ``dir``
    (``audio = false``: the texts only, no espeak-ng needed)."""

    dir: PathText = "speech"
    audio: bool = True


def open_files(settings: Settings) -> FilesSpeaker:
    given = settings.decode(FilesSettings)
    voice = voice_of(settings)
    settings.done()
    espeak = program("espeak-ng") if given.audio else None
    if espeak is not None:
        check_voice(espeak, voice, settings.section)
    return FilesSpeaker(Path(given.dir).expanduser(), voice, espeak=espeak)
