"""Replayed buttons: a script of presses handed out when their time comes.

A script is a list of ButtonEvent (or ``(t, button, kind)`` tuples), or a text
file of lines ``t button [kind]``, seconds from the start, ``#`` comments:

    # a demo: choose the second game, hold BACK to go home
    0.5 down
    1.0 select
    4.0 back long

Times count on ``clock`` (injectable; the demo and tests advance a fake clock) from
when the backend opens, or from ``start``, a time on that clock (``companion replay``
gives 0 on the table's clock, so the script's times are the frames' timestamps).
Once the script is used up and read, ``get`` returns None at once instead of
waiting: ``finished`` tells a demo to stop.

    >>> now = [0.0]
    >>> replay = ReplayButtons([(0.5, "down")], clock=lambda: now[0])
    >>> replay.get(0) is None
    True
    >>> now[0] = 0.6
    >>> replay.get(0).button, replay.finished, replay.get() is None
    (<Button.DOWN: 'down'>, True, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from hardware.buttons import Button, ButtonEvent, PressKind, QueuedButtons
from hardware.errors import ConfigurationError
from hardware.settings import Settings
from hardware.settings_decoder import Finite

Step = ButtonEvent | tuple[float, str | Button] | tuple[float, str | Button, str | PressKind]


def parse_script(text: str, source: str = "script") -> list[ButtonEvent]:
    """Lines ``t button [kind]``; errors name the line and the rule.

    >>> parse_script("0.5 up\\n1 select long  # hold")[1]
    ButtonEvent(button=<Button.SELECT: 'select'>, kind=<PressKind.LONG_PRESS: 'long'>, time=1.0)
    """
    steps: list[ButtonEvent] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            if len(words) not in (2, 3):
                raise ValueError("a line is 't button [kind]'")
            kind = PressKind.parse(words[2]) if len(words) == 3 else PressKind.PRESS
            steps.append(ButtonEvent(Button.parse(words[1]), kind, _seconds(words[0])))
        except ValueError as exc:
            raise ConfigurationError(f"{source}, line {number}: {line.strip()!r}: {exc}") from None
    return _in_order(steps, source)


def _seconds(word: str) -> float:
    """A line's time as a number (``_in_order`` refuses nan and inf)."""
    try:
        return float(word)
    except ValueError:
        raise ValueError(f"{word!r} is not a time: a line starts with seconds, e.g. 12.5") from None


def to_events(steps: Iterable[Step], source: str = "script") -> list[ButtonEvent]:
    """Events from ButtonEvents or ``(t, button[, kind])`` tuples."""
    events: list[ButtonEvent] = []
    for index, step in enumerate(steps, start=1):
        if isinstance(step, ButtonEvent):
            events.append(step)
            continue
        try:
            at, button, *rest = step
            kind = rest[0] if rest else PressKind.PRESS
            events.append(
                ButtonEvent(
                    button if isinstance(button, Button) else Button.parse(button),
                    kind if isinstance(kind, PressKind) else PressKind.parse(kind),
                    float(at),
                )
            )
        except (TypeError, ValueError) as exc:
            raise ConfigurationError(f"{source}, step {index}: {step!r}: {exc}") from None
    return _in_order(events, source)


def _in_order(events: list[ButtonEvent], source: str) -> list[ButtonEvent]:
    previous = 0.0
    for event in events:
        if not math.isfinite(event.time):  # float() reads "nan" and "inf": never due
            raise ConfigurationError(f"{source}: a time is a number of seconds ({event})")
        if event.time < previous:
            raise ConfigurationError(
                f"{source}: times must start at 0 or later and never go back ({event})"
            )
        previous = event.time
    return events


class ReplayButtons(QueuedButtons):
    """Hands out each scripted event once ``clock() - start`` reaches its time."""

    def __init__(
        self,
        script: Sequence[Step],
        *,
        clock: Callable[[], float] = time.monotonic,
        start: float | None = None,
    ) -> None:
        super().__init__(clock)
        self._script = to_events(script)
        self._next = 0
        self._start = clock() if start is None else start

    @property
    def finished(self) -> bool:
        """Every scripted event has been handed out."""
        return self._next >= len(self._script) and self._queue.empty()

    @property
    def left(self) -> int:
        """Scripted events not yet handed out."""
        return len(self._script) - self._next

    def _poll(self) -> None:
        elapsed = self.clock() - self._start
        while self._next < len(self._script) and self._script[self._next].time <= elapsed:
            step = self._script[self._next]
            self._queue.put(ButtonEvent(step.button, step.kind, self._start + step.time))
            self._next += 1

    def _pause(self) -> float | None:
        if self._next >= len(self._script):
            return None
        return max(0.0, self._start + self._script[self._next].time - self.clock())

    def _exhausted(self) -> bool:
        return self.finished


#: What ``buttons.script`` is.
SCRIPT = "a file of 't button [kind]' lines or a list of steps"


@dataclass(frozen=True)
class ReplaySettings:
    """The key of ``kind = "replay"`` beside ``script``: the table time of its first
    step (default: the clock's time when it opens)."""

    start: Finite | None = None


def open_replay(settings: Settings) -> ReplayButtons:
    script = settings.value(
        "script", None, lambda v: isinstance(v, str | Path | list | tuple), SCRIPT
    )
    clock = settings.clock()
    start = settings.decode(ReplaySettings).start
    settings.done()
    if isinstance(script, str | Path):
        path = Path(script).expanduser()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigurationError(
                f"buttons.script = {str(script)!r}: cannot read ({exc.strerror})"
            ) from None
        return ReplayButtons(parse_script(text, str(path)), clock=clock, start=start)
    if isinstance(script, list | tuple):
        return ReplayButtons(to_events(script, "buttons.script"), clock=clock, start=start)
    raise ConfigurationError(f"buttons.script must be {SCRIPT}")
