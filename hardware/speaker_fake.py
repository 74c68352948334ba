"""The fake speaker: keeps every sentence it is given, for tests.

``fail=True`` makes every ``say`` raise DeviceError, so the daemon's handling of a
speaker gone (a USB speaker unplugged) is tested without one.

    >>> fake = FakeSpeaker()
    >>> fake.say("Ben wins the trick.", "en", "trick")
    >>> fake.said[-1].tag
    'trick'
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import DeviceError
from hardware.settings import Settings
from hardware.speaker import SpeakerBase, Spoken, Voice, voice_of


class FakeSpeaker(SpeakerBase):
    """Every sentence said, in order, and how many times it was stopped."""

    def __init__(self, voice: Voice | None = None, *, fail: bool = False) -> None:
        self.voice = voice or Voice()
        self.fail = fail
        self.said: list[Spoken] = []
        self.stops = 0

    def _say(self, spoken: Spoken) -> None:
        if self.fail:
            raise DeviceError("fake speaker: told to fail (fail=True)")
        self.said.append(spoken)

    def _stop(self) -> None:
        self.stops += 1


def open_fake(settings: Settings) -> FakeSpeaker:
    voice = voice_of(settings)
    fail = settings.decode(FakeSettings).fail
    settings.done()
    return FakeSpeaker(voice, fail=fail)


@dataclass(frozen=True)
class FakeSettings:
    """The key of ``kind = "fake"`` beside the voice: ``fail`` makes every sentence fail."""

    fail: bool = False
