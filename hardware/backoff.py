"""Retrying what failed without hammering it: exponential backoff on a clock, the one
the product has (a device the daemon reopens, the OLED's panel, the cafe bus's
connection, the cafe server's database writes, a message the server did not
acknowledge).

Nothing here sleeps: a loop asks ``due(now)`` and tries again only when the delay has
passed (so the buttons, the screen and the watchdog keep going meanwhile), or a
thread waits the delay ``failed`` returns on its own stop event.

    >>> b = Backoff(initial=1.0, maximum=8.0)
    >>> b.failed(now=0.0), b.failed(now=1.0), b.failed(now=3.0), b.failed(now=7.0)
    (1.0, 2.0, 4.0, 8.0)
    >>> b.due(now=10.0), b.due(now=15.0), b.wait
    (False, True, 8.0)
    >>> b.succeeded(); b.due(now=15.0), b.failures, b.wait
    (True, 0, 1.0)
"""

from __future__ import annotations


class Backoff:
    """Delays of ``initial * factor**n`` seconds after the n-th failure in a row (from
    0), capped at ``maximum``."""

    def __init__(self, *, initial: float = 0.5, maximum: float = 30.0, factor: float = 2.0):
        if initial <= 0 or maximum < initial or factor < 1:
            raise ValueError("backoff needs 0 < initial <= maximum and factor >= 1")
        self.initial = initial
        self.maximum = maximum
        self.factor = factor
        #: Failures in a row (0 since the last success).
        self.failures = 0
        self._next = float("-inf")

    @property
    def wait(self) -> float:
        """The delay the next failure sets."""
        return min(self.maximum, self.initial * self.factor**self.failures)

    def failed(self, *, now: float) -> float:
        """Count one failure at ``now``; return the delay before the next try."""
        delay = self.wait
        self.failures += 1
        self._next = now + delay
        return delay

    def succeeded(self) -> None:
        self.failures = 0
        self._next = float("-inf")

    def due(self, *, now: float) -> bool:
        """True when a new try may be made."""
        return now >= self._next
