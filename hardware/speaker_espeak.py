"""The real speaker: Debian's espeak-ng speaks, ALSA's aplay plays it on a chosen device.

espeak-ng writes the sentence as WAV to its standard output and ``aplay -D DEVICE``
plays it: aplay takes any ALSA device by name (the Pi's jack or HDMI, a USB speaker,
an I2S amplifier board: docs/hardware.md, "Audio out"), where espeak-ng's own output
goes through its audio library to the system's default only. Both are subprocesses:
a sentence that hangs is cut short (:meth:`EspeakSpeaker.stop`, or its time limit)
and nothing of espeak-ng is loaded into the daemon.

A device that cannot play (no sound card, a USB speaker unplugged) makes ``say``
raise DeviceError naming the device and ALSA's own words; the daemon logs it and
tries again with the next sentence.

    speaker = open_speaker("espeak", device="plughw:CARD=Device", volume=70)
    speaker.say("Ana gagne le pli.", "fr")
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hardware.errors import BackendUnavailableError, ConfigurationError, DeviceError
from hardware.settings import Settings
from hardware.speaker import SpeakerBase, Spoken, Voice, voice_of

#: The Debian package each program comes from.
PACKAGES = {"espeak-ng": "espeak-ng", "aplay": "alsa-utils"}
#: The longest a sentence may take to speak (MAX_CHARS at the slowest rate is ~50 s).
LIMIT_SECONDS = 60.0


def program(name: str) -> str:
    """The path of ``name``, or BackendUnavailableError naming its package."""
    found = shutil.which(name)
    if found is None:
        package = PACKAGES[name]
        raise BackendUnavailableError(
            f"speaker: {name} is not installed (sudo apt install {package})"
        )
    return found


@cache
def variants(espeak: str) -> frozenset[str]:
    """The voice variants this espeak-ng knows ("f3", "klatt", "adam"...), lower case."""
    listed = subprocess.run(
        [espeak, "--voices=variant"], capture_output=True, text=True, timeout=10, check=False
    )
    names = (line.split()[-1] for line in listed.stdout.splitlines()[1:] if line.split())
    return frozenset(name.removeprefix("!v/").lower() for name in names)


def check_voice(espeak: str, voice: Voice, section: str) -> None:
    """A voice variant espeak-ng does not know is a setting's mistake (espeak-ng would
    silently speak with its default)."""
    if voice.voice and voice.voice.lower() not in variants(espeak):
        raise ConfigurationError(
            f"{section}.voice must be an espeak-ng variant (espeak-ng --voices=variant), "
            f"not {voice.voice!r}"
        )


def espeak_command(
    espeak: str, voice: Voice, language: str, *, wav: Path | None = None
) -> list[str]:
    """espeak-ng's arguments for a sentence read from its standard input.

    >>> espeak_command("espeak-ng", Voice(50, "f3", 150), "fr")
    ['espeak-ng', '--stdin', '-v', 'fr+f3', '-s', '150', '-a', '100', '--stdout']
    """
    name = f"{language}+{voice.voice}" if voice.voice else language
    command = [espeak, "--stdin", "-v", name, "-s", str(voice.rate), "-a", str(voice.volume * 2)]
    return [*command, "-w", str(wav)] if wav is not None else [*command, "--stdout"]


def last_line(error: bytes) -> str:
    """A program's last line of complaint, for a one-line message."""
    lines = error.decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else "no message"


class EspeakSpeaker(SpeakerBase):
    """espeak-ng piped into aplay, one pair of processes a sentence."""

    def __init__(self, device: str, voice: Voice, *, espeak: str, aplay: str) -> None:
        self.device = device
        self.voice = voice
        self._espeak = espeak
        self._aplay = aplay
        self._lock = threading.Lock()
        self._running: tuple[subprocess.Popen[bytes], ...] = ()
        self._stopped = False

    def _say(self, spoken: Spoken) -> None:
        with self._lock:
            self._stopped = False  # a stop from here on cuts this sentence
        synth = subprocess.Popen(
            espeak_command(self._espeak, self.voice, spoken.language),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        play = subprocess.Popen(
            [self._aplay, "-q", "-D", self.device, "-"],
            stdin=synth.stdout,
            stderr=subprocess.PIPE,
        )
        assert synth.stdout is not None and synth.stdin is not None
        synth.stdout.close()  # aplay holds it now: espeak-ng sees a broken pipe if aplay dies
        with self._lock:
            # A stop while the two were being started (a newer announcement) cuts them.
            self._running = (synth, play)
            if self._stopped:
                synth.kill()
                play.kill()
        try:
            synth.stdin.write(spoken.text.encode())
            synth.stdin.close()
        except BrokenPipeError:
            pass
        try:
            _, played = play.communicate(timeout=LIMIT_SECONDS)
            synth.wait(timeout=LIMIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.stop()
            raise DeviceError(
                f"speaker {self.device}: no end after {LIMIT_SECONDS:g} s; cut short"
            ) from None
        finally:
            with self._lock:
                self._running = ()
        assert synth.stderr is not None
        with synth.stderr:
            made = synth.stderr.read() if synth.returncode else b""
        if self._stopped:
            return
        if play.returncode != 0:
            raise DeviceError(
                f"speaker: ALSA device {self.device!r} cannot play: {last_line(played)}"
            )
        if synth.returncode != 0:
            raise DeviceError(f"speaker: espeak-ng failed ({spoken.language}): {last_line(made)}")

    def _stop(self) -> None:
        with self._lock:
            self._stopped = True
            for process in self._running:
                if process.poll() is None:
                    process.kill()

    def _close(self) -> None:
        self._stop()


@dataclass(frozen=True)
class EspeakSettings:
    """The key of ``kind = "espeak"`` beside the voice: the ALSA ``device``."""

    device: str = "default"


def open_espeak(settings: Settings) -> EspeakSpeaker:
    device = settings.decode(EspeakSettings).device
    voice = voice_of(settings)
    settings.done()
    if not device.strip():
        raise ConfigurationError(f"{settings.section}.device must name an ALSA device, not ''")
    espeak, aplay = program("espeak-ng"), program("aplay")
    check_voice(espeak, voice, settings.section)
    return EspeakSpeaker(device, voice, espeak=espeak, aplay=aplay)
