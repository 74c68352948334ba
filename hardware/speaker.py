"""The speaker port: something that says a sentence aloud, in a language.

What to say is worded by ``companion.views.spoken``; a speaker only speaks it. On
the Pi (and a desktop with a sound card) that is espeak-ng played through ALSA; for
tests, replays and the demo, one WAV file per sentence with its text beside it; in
tests a fake that keeps every sentence. Backends are chosen by name from
``[speaker] kind``.

``say`` blocks until the sentence is spoken (the daemon calls it from a thread of
its own, never from the camera loop); ``stop`` cuts the sentence being spoken short,
from any thread.

    >>> with open_speaker("fake") as speaker:
    ...     speaker.say("Ana to play.", "en", "turn")
    ...     [spoken.text for spoken in speaker.said]
    ['Ana to play.']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Protocol, runtime_checkable

from msgspec import Meta

from hardware.backends import open_backend
from hardware.errors import DeviceError
from hardware.lifecycle import Closeable, Closing
from hardware.settings import Settings

#: Every backend: each reads its keys, calls ``settings.done()``, then opens.
BACKENDS = {
    "espeak": "hardware.speaker_espeak:open_espeak",
    "files": "hardware.speaker_files:open_files",
    "fake": "hardware.speaker_fake:open_fake",
}
KINDS = tuple(BACKENDS)
#: The longest sentence a speaker takes (a few seconds of speech; nothing reads a page).
MAX_CHARS = 400


@dataclass(frozen=True)
class Voice:
    """How a sentence sounds: ``volume`` 0-100 (percent of espeak-ng's loudest),
    ``voice`` an espeak-ng variant ("" for the language's own voice; "f3", "klatt"...),
    ``rate`` in words a minute."""

    volume: Annotated[int, Meta(ge=0, le=100)] = 50
    voice: str = ""
    rate: Annotated[int, Meta(ge=80, le=450)] = 150


def voice_of(settings: Settings) -> Voice:
    """``volume``, ``voice`` and ``rate`` of a speaker's section, checked."""
    return settings.decode(Voice)


@dataclass(frozen=True)
class Spoken:
    """One sentence a speaker was given: its text, language and ``tag`` (its kind)."""

    text: str
    language: str
    tag: str = ""


@runtime_checkable
class Speaker(Closing, Protocol):
    """What the daemon speaks with."""

    def say(self, text: str, language: str, tag: str = "") -> None: ...

    def stop(self) -> None: ...


class SpeakerBase(Closeable):
    """Shared checks of every backend: the text, the language, a closed speaker.

    Subclasses implement ``_say`` and may override ``_stop`` and ``_close``.
    """

    def say(self, text: str, language: str, tag: str = "") -> None:
        if self.closed:
            raise DeviceError(f"{type(self).__name__}: say() after close()")
        sentence = " ".join(text.split())
        if not sentence:
            raise ValueError("speaker: nothing to say (the text is empty)")
        if len(sentence) > MAX_CHARS:
            raise ValueError(f"speaker: {len(sentence)} characters, at most {MAX_CHARS}")
        if not language or not language.replace("-", "").isalpha():
            raise ValueError(f"speaker language {language!r}: must be a code such as 'en'")
        if tag and not tag.replace("-", "").isalnum():
            raise ValueError(f"speaker tag {tag!r}: letters, digits and hyphens only")
        self._say(Spoken(sentence, language, tag))

    def stop(self) -> None:
        """Cut the sentence being spoken short (nothing, when none is)."""
        self._stop()

    def _say(self, spoken: Spoken) -> None:
        raise NotImplementedError

    def _stop(self) -> None:
        """Most outputs finish at once: nothing to cut short."""


def open_speaker(kind: str, **settings: Any) -> Speaker:
    """Open the speaker backend ``kind`` with the settings of ``[speaker]``.

    An unknown kind or a bad setting raises ConfigurationError naming
    ``speaker.<key>``; a missing program (espeak-ng, aplay) raises
    BackendUnavailableError saying which Debian package brings it.
    """
    speaker: Speaker = open_backend("speaker", BACKENDS, kind, settings)
    return speaker
