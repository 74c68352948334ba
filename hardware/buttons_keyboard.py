"""The desktop's buttons: the keyboard, in a terminal or in the emulator window.

| button | keys | long press |
| --- | --- | --- |
| UP | Up arrow, ``w`` | ``W``, Shift+Up |
| DOWN | Down arrow, ``s`` | ``S``, Shift+Down |
| SELECT | Enter, Space, Right arrow, ``d`` | ``D``, Shift+Right |
| BACK | Backspace, Esc, Left arrow, ``a`` | ``A``, Shift+Left |

``source = "terminal"`` (the default) reads ``stream`` (standard input unless
one is handed in) in cbreak mode: keys arrive at once, without echo, and
Ctrl-C still interrupts. A terminal sends no key-up, so a long press is the
capital letter or Shift+arrow. ``source = "pygame"`` reads the key events of
the luma.emulator window (open the ``emulator`` display first, in the same
thread): there holding a key for ``hold_time`` is a long press too, as on the
Pi, and closing the window raises KeyboardInterrupt.

    >>> import io
    >>> keys = KeyboardButtons(io.StringIO("w\\x1b[BD"), clock=lambda: 0.0)
    >>> [str(keys.get(0)) for _ in range(3)]
    ['0 up press', '0 down press', '0 select long']
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TextIO, get_args

from hardware.buttons import Button, ButtonEvent, HoldTime, PressKind, QueuedButtons
from hardware.errors import BackendUnavailableError
from hardware.presses import TrackedButtons
from hardware.settings import Settings

Source = Literal["terminal", "pygame"]
SOURCES: tuple[str, ...] = get_args(Source)
_PRESS, _LONG = PressKind.PRESS, PressKind.LONG_PRESS

#: Terminal input -> (button, kind); escape sequences of xterm and its kin.
TERMINAL_KEYS: dict[str, tuple[Button, PressKind]] = {
    "w": (Button.UP, _PRESS),
    "W": (Button.UP, _LONG),
    "s": (Button.DOWN, _PRESS),
    "S": (Button.DOWN, _LONG),
    "d": (Button.SELECT, _PRESS),
    "D": (Button.SELECT, _LONG),
    "\n": (Button.SELECT, _PRESS),
    "\r": (Button.SELECT, _PRESS),
    "\r\n": (Button.SELECT, _PRESS),
    " ": (Button.SELECT, _PRESS),
    "a": (Button.BACK, _PRESS),
    "A": (Button.BACK, _LONG),
    "\x7f": (Button.BACK, _PRESS),
    "\x08": (Button.BACK, _PRESS),
    "\x1b": (Button.BACK, _PRESS),
}
for _final, _button in (("A", Button.UP), ("B", Button.DOWN), ("C", Button.SELECT)):
    TERMINAL_KEYS[f"\x1b[{_final}"] = TERMINAL_KEYS[f"\x1bO{_final}"] = (_button, _PRESS)
    TERMINAL_KEYS[f"\x1b[1;2{_final}"] = (_button, _LONG)
TERMINAL_KEYS["\x1b[D"] = TERMINAL_KEYS["\x1bOD"] = (Button.BACK, _PRESS)
TERMINAL_KEYS["\x1b[1;2D"] = (Button.BACK, _LONG)
_LONGEST = max(map(len, TERMINAL_KEYS))


def split_keys(text: str) -> list[str]:
    """Terminal input cut into keys: a known key or sequence (the longest that
    matches), an unknown escape sequence whole, else one character.

    >>> split_keys("w\\x1bOA\\r\\nX\\x1b[5~")
    ['w', '\\x1bOA', '\\r\\n', 'X', '\\x1b[5~']
    """
    keys: list[str] = []
    at = 0
    while at < len(text):
        for length in range(min(_LONGEST, len(text) - at), 0, -1):
            if text[at : at + length] in TERMINAL_KEYS and not (
                length == 1 and _starts_sequence(text, at)
            ):
                end = at + length
                break
        else:
            end = _skip_unknown(text, at)
        keys.append(text[at:end])
        at = end
    return keys


def parse_keys(text: str) -> list[tuple[Button, PressKind]]:
    """What a chunk of terminal input means; unknown keys and sequences are skipped.

    >>> [(b.value, k.value) for b, k in parse_keys("\\x1b[1;2Aq\\x1b[5~\\x1b")]
    [('up', 'long'), ('back', 'press')]
    """
    return [TERMINAL_KEYS[key] for key in split_keys(text) if key in TERMINAL_KEYS]


def _starts_sequence(text: str, at: int) -> bool:
    return text[at] == "\x1b" and text[at + 1 : at + 2] in ("[", "O")


def _skip_unknown(text: str, at: int) -> int:
    """Past one unknown key: a whole escape sequence (up to its final byte), or one char."""
    if not _starts_sequence(text, at):
        return at + 1
    end = at + 2
    while end < len(text) and not (text[end].isalpha() or text[end] == "~"):
        end += 1
    return end + 1


class KeyboardButtons(QueuedButtons):
    """Reads a terminal (cbreak mode when it is a tty) or any text stream."""

    def __init__(
        self, stream: TextIO | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(clock)
        self._stream = stream if stream is not None else sys.stdin
        self.eof = False
        self._fd: int | None = None
        self._saved: Any = None
        with contextlib.suppress(AttributeError, OSError, ValueError):
            self._fd = self._stream.fileno()
        if self._fd is not None and os.isatty(self._fd):
            import termios
            import tty

            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)

    def _wait(self, seconds: float) -> ButtonEvent | None:
        if self.eof:
            return super()._wait(seconds)
        if self._fd is None:  # a text stream handed in: '' is "nothing yet"
            text = self._stream.read()
            if not text:
                return super()._wait(seconds)
        else:
            ready, _, _ = select.select([self._fd], [], [], seconds)
            if not ready:
                return None
            text = os.read(self._fd, 256).decode("utf-8", "replace")
            self.eof = not text
        for button, kind in parse_keys(text):
            self.put(button, kind)
        return None

    def _close(self) -> None:
        if self._saved is not None and self._fd is not None:
            import termios

            with contextlib.suppress(termios.error):  # the terminal hung up (SSH gone)
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None


class PygameKeyboardButtons(TrackedButtons):
    """Key events of the pygame window: key down and up, so holding a key is a long press."""

    def __init__(
        self, *, hold_time: float = 0.8, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(list(Button), hold_time=hold_time, clock=clock)
        try:
            import pygame
        except ImportError:
            raise BackendUnavailableError(
                "buttons keyboard: pygame is missing (pip install 'table-companion[desktop]')"
            ) from None
        if not pygame.display.get_init():
            raise BackendUnavailableError(
                'buttons.source = "pygame" reads the emulator window: open the display '
                'with kind = "emulator" first (or use source = "terminal")'
            )
        self._pygame: Any = pygame
        self.keys = {
            pygame.K_UP: Button.UP,
            pygame.K_w: Button.UP,
            pygame.K_DOWN: Button.DOWN,
            pygame.K_s: Button.DOWN,
            pygame.K_RETURN: Button.SELECT,
            pygame.K_KP_ENTER: Button.SELECT,
            pygame.K_SPACE: Button.SELECT,
            pygame.K_RIGHT: Button.SELECT,
            pygame.K_d: Button.SELECT,
            pygame.K_BACKSPACE: Button.BACK,
            pygame.K_ESCAPE: Button.BACK,
            pygame.K_LEFT: Button.BACK,
            pygame.K_a: Button.BACK,
        }

    def _wait(self, seconds: float) -> ButtonEvent | None:
        pygame = self._pygame
        first = pygame.event.wait(max(1, round(seconds * 1000)))
        for event in [first, *pygame.event.get()]:
            if event.type == pygame.QUIT:
                raise KeyboardInterrupt("the emulator window was closed")
            if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
                continue
            button = self.keys.get(event.key)
            if button is None:
                continue
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            self.edge(button, event.type == pygame.KEYDOWN, long=shift)
        return None


@dataclass(frozen=True)
class KeyboardSettings:
    """The keys of ``kind = "keyboard"`` a file may give (a test hands in ``stream``)."""

    source: Source = "terminal"
    hold_time: HoldTime = 0.8


def open_keyboard(settings: Settings) -> QueuedButtons:
    given = settings.decode(KeyboardSettings)
    stream = settings.stream("stream", "read")
    clock = settings.clock()
    settings.done()
    if given.source == "pygame":
        return PygameKeyboardButtons(hold_time=given.hold_time, clock=clock)
    return KeyboardButtons(stream, clock=clock)
