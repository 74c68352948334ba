"""Retrying a device that failed without hammering it: exponential backoff on a clock.

The daemon never sleeps waiting for a camera to come back: it asks ``due(now)``
from its main loop and tries again only when the delay has passed, so the
buttons, the screen and the watchdog keep going meanwhile.

    >>> b = Backoff(initial=1.0, maximum=8.0)
    >>> b.failed(now=0.0), b.failed(now=1.0), b.failed(now=3.0), b.failed(now=7.0)
    (1.0, 2.0, 4.0, 8.0)
    >>> b.due(now=10.0), b.due(now=15.0)
    (False, True)
    >>> b.succeeded(); b.due(now=15.0), b.failures
    (True, 0)
"""

from __future__ import annotations


class Backoff:
    """Delays of ``initial * factor**n`` seconds, capped at ``maximum``."""

    def __init__(self, *, initial: float = 0.5, maximum: float = 30.0, factor: float = 2.0):
        if initial <= 0 or maximum < initial or factor < 1:
            raise ValueError("backoff needs 0 < initial <= maximum and factor >= 1")
        self.initial = initial
        self.maximum = maximum
        self.factor = factor
        self.failures = 0
        self._next = float("-inf")

    def failed(self, *, now: float) -> float:
        """Count one failure at ``now``; return the delay before the next try."""
        delay = min(self.maximum, self.initial * self.factor**self.failures)
        self.failures += 1
        self._next = now + delay
        return delay

    def succeeded(self) -> None:
        self.failures = 0
        self._next = float("-inf")

    def due(self, *, now: float) -> bool:
        """True when a new try may be made."""
        return now >= self._next
