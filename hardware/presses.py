"""From contact edges to presses: debounce, short press and long press, on a clock.

A button's contacts bounce: one press can make several edges within a few
milliseconds. And a long press must be told apart from a short one. gpiozero
can do both (``bounce_time``, ``when_held``), but its hold runs on a thread with
real sleeps, so it cannot be tested without waiting. Here the press kind comes
from an injected clock instead, read when an edge arrives and when the port is
polled:

- an edge less than ``bounce_time`` after the last accepted edge is ignored;
  ``poll`` later takes the pin's settled state if the bounce hid the last edge;
- a press released before ``hold_time`` is one PRESS (at the release);
- a press held ``hold_time`` is one LONG_PRESS as soon as a poll sees it (or at
  the release if no poll came in time), and its release adds nothing.

    >>> t = PressTracker(Button.SELECT, hold_time=0.8, bounce_time=0.03)
    >>> t.edge(True, 0.0), t.edge(False, 0.01), t.edge(True, 0.02)  # bounce
    (None, None, None)
    >>> t.edge(False, 0.3)
    ButtonEvent(button=<Button.SELECT: 'select'>, kind=<PressKind.PRESS: 'press'>, time=0.3)
    >>> t.edge(True, 1.0), t.poll(1.5), t.poll(1.8).kind, t.edge(False, 2.5)
    (None, None, <PressKind.LONG_PRESS: 'long'>, None)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable

from hardware.buttons import Button, ButtonEvent, PressKind, QueuedButtons


class PressTracker:
    """The state of one button; not thread-safe by itself (the backend holds a lock)."""

    def __init__(self, button: Button, *, hold_time: float, bounce_time: float = 0.0) -> None:
        self.button = button
        self.hold_time = hold_time
        self.bounce_time = bounce_time
        self.pressed = False
        self._since = 0.0
        self._long_sent = False
        self._last_edge = float("-inf")

    def edge(self, pressed: bool, now: float) -> ButtonEvent | None:
        """The contact closed (``pressed``) or opened at ``now``; the event it completes."""
        if now - self._last_edge < self.bounce_time or pressed == self.pressed:
            return None
        self._last_edge = now
        self.pressed = pressed
        if pressed:
            self._since = now
            self._long_sent = False
            return None
        if self._long_sent:
            return None
        held = now - self._since >= self.hold_time
        return ButtonEvent(self.button, PressKind.LONG_PRESS if held else PressKind.PRESS, now)

    def poll(self, now: float, actual: bool | None = None) -> ButtonEvent | None:
        """A long press that has become due, or the settled ``actual`` state after bounce."""
        if actual is not None and actual != self.pressed:
            event = self.edge(actual, now)
            if event is not None or self.pressed == actual:
                return event
        if self.pressed and not self._long_sent and now - self._since >= self.hold_time:
            self._long_sent = True
            return ButtonEvent(self.button, PressKind.LONG_PRESS, now)
        return None

    def deadline(self) -> float | None:
        """When a poll next has something to do (the hold time of a press), else None."""
        if self.pressed and not self._long_sent:
            return self._since + self.hold_time
        return None

    def held_long(self) -> None:
        """Count the current press as long already (Shift+key on a keyboard)."""
        self._long_sent = True


class TrackedButtons(QueuedButtons):
    """Buttons whose presses come as edges (GPIO pins, key down / key up).

    ``edge`` may be called from any thread; ``get`` polls the trackers for
    long presses that have become due and waits no longer than the next one.
    Subclasses may override ``_actual`` to report a pin's settled state.
    """

    def __init__(
        self,
        buttons: Iterable[Button],
        *,
        hold_time: float,
        bounce_time: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(clock)
        self._lock = threading.Lock()
        self.trackers = {
            b: PressTracker(b, hold_time=hold_time, bounce_time=bounce_time) for b in buttons
        }

    def edge(self, button: Button, pressed: bool, *, long: bool = False) -> None:
        """The button went down or up now; ``long`` counts a press as long at once."""
        with self._lock:
            tracker = self.trackers[button]
            event = tracker.edge(pressed, self.clock())
            if long and pressed and tracker.pressed and tracker.deadline() is not None:
                tracker.held_long()
                event = ButtonEvent(button, PressKind.LONG_PRESS, self.clock())
        if event is not None:
            self._queue.put(event)

    def _actual(self, button: Button) -> bool | None:
        """The button's settled state if the backend can read it, else None."""
        return None

    def _poll(self) -> None:
        now = self.clock()
        events = []
        with self._lock:
            for button, tracker in self.trackers.items():
                event = tracker.poll(now, self._actual(button))
                if event is not None:
                    events.append(event)
        for event in events:
            self._queue.put(event)

    def _pause(self) -> float | None:
        with self._lock:
            due = [d for t in self.trackers.values() if (d := t.deadline()) is not None]
        return max(0.0, min(due) - self.clock()) if due else None
