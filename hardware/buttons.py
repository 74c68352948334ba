"""The buttons port: four buttons (up, down, select, back), each pressed or held.

Everything a player does on the OLED is reachable with these four and a long
press. An optional rotary encoder turns into UP (counter-clockwise) and DOWN
(clockwise) presses, one per detent, so a menu scrolls the same with either.
Backends are chosen by name from ``[buttons] kind``: ``gpio`` (gpiozero on the
Pi), ``keyboard`` (a terminal or the emulator window), ``replay`` (a script)
and ``fake`` (tests push presses).

    >>> with open_buttons("fake") as buttons:
    ...     _ = buttons.press(Button.SELECT)
    ...     buttons.get(timeout=0).button, buttons.get(timeout=0)
    (<Button.SELECT: 'select'>, None)
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Protocol, runtime_checkable

from msgspec import Meta

from hardware.backends import open_backend
from hardware.errors import DeviceError
from hardware.lifecycle import Closeable, Closing

#: Every backend: each reads its keys, calls ``settings.done()``, then opens.
BACKENDS = {
    "gpio": "hardware.buttons_gpio:open_gpio",
    "keyboard": "hardware.buttons_keyboard:open_keyboard",
    "replay": "hardware.buttons_replay:open_replay",
    "fake": "hardware.buttons_fake:open_fake",
}
KINDS = tuple(BACKENDS)
#: ``hold_time``: how long a press is held to be a long press, in seconds.
HoldTime = Annotated[float, Meta(ge=0.1, le=10.0)]
#: The longest a get() without timeout sleeps before looking at ``closed`` again.
_SLICE = 0.25


class Button(Enum):
    UP = "up"
    DOWN = "down"
    SELECT = "select"
    BACK = "back"

    @classmethod
    def parse(cls, name: str) -> Button:
        """``"select"``, ``"SELECT"`` -> Button.SELECT; ValueError names the choices."""
        try:
            return cls(name.strip().lower())
        except ValueError:
            known = ", ".join(b.value for b in cls)
            raise ValueError(f"button {name!r}: must be one of {known}") from None


class PressKind(Enum):
    PRESS = "press"
    LONG_PRESS = "long"

    @classmethod
    def parse(cls, name: str) -> PressKind:
        """``"press"``; ``"long"``, ``"long_press"`` or ``"hold"`` -> LONG_PRESS."""
        word = name.strip().lower().replace("-", "_")
        if word in ("press", "short"):
            return cls.PRESS
        if word in ("long", "long_press", "hold", "held"):
            return cls.LONG_PRESS
        raise ValueError(f"press kind {name!r}: must be press or long")


@dataclass(frozen=True)
class ButtonEvent:
    """One press: which button, short or long, and when (the backend's clock, seconds)."""

    button: Button
    kind: PressKind
    time: float

    def __str__(self) -> str:
        return f"{self.time:g} {self.button.value} {self.kind.value}"


@runtime_checkable
class Buttons(Closing, Protocol):
    """``get`` returns the next event, or None once ``timeout`` seconds have passed."""

    def get(self, timeout: float | None = None) -> ButtonEvent | None: ...


class QueuedButtons(Closeable):
    """A thread-safe queue of events with ``get(timeout)``; the base of every backend.

    Subclasses put events with ``put`` from any thread, and may override
    ``_poll`` (called before each look at the queue: hold times, due replay
    lines), ``_pause`` (how long to wait at most before polling again) and
    ``_wait`` (wait for input, e.g. on a terminal or pygame's event queue).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._queue: queue.Queue[ButtonEvent] = queue.Queue()
        self.clock = clock

    def put(self, button: Button, kind: PressKind = PressKind.PRESS) -> ButtonEvent:
        event = ButtonEvent(button, kind, self.clock())
        self._queue.put(event)
        return event

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        if self.closed:
            raise DeviceError(f"{type(self).__name__}: get() after close()")
        if timeout is not None and not timeout >= 0:
            raise ValueError(f"buttons get timeout {timeout!r}: must be 0 or more seconds")
        end = None if timeout is None else time.monotonic() + timeout
        waited = False  # input is read at least once, even with timeout 0
        while True:
            self._poll()
            try:
                return self._queue.get_nowait()
            except queue.Empty:
                pass
            if self._exhausted() or self._is_closed():
                return None
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0 and waited:
                return None
            pause = self._pause()
            if pause is not None:
                left = pause if left is None else min(left, pause)
            waited = True
            event = self._wait(max(0.0, min(_SLICE, left)) if left is not None else _SLICE)
            if event is not None:
                return event

    def _is_closed(self) -> bool:
        """Closed by another thread while this one waited."""
        return self.closed

    def _poll(self) -> None:
        """Turn what is due into events (held buttons, replay lines)."""

    def _pause(self) -> float | None:
        """Seconds until ``_poll`` may have something new without input; None: only input."""
        return None

    def _exhausted(self) -> bool:
        """True when no event can ever come again (a replay's end)."""
        return False

    def _wait(self, seconds: float) -> ButtonEvent | None:
        """Wait up to ``seconds`` for input; the default waits on the queue itself.

        Backends that read input (a terminal, pygame) put what they read and
        return None; the loop then takes it from the queue.
        """
        if seconds <= 0:
            return None
        try:
            return self._queue.get(timeout=seconds)
        except queue.Empty:
            return None


def open_buttons(kind: str, **settings: Any) -> Buttons:
    """Open the button backend ``kind`` with the settings of ``[buttons]``.

    An unknown kind or a bad setting raises ConfigurationError naming
    ``buttons.<key>``; a missing vendor library raises BackendUnavailableError.
    """
    buttons: Buttons = open_backend("buttons", BACKENDS, kind, settings)
    return buttons
