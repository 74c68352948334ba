"""Warnings a client's requests make, at most once a minute a kind (docs/security.md,
"The web"): uvicorn says ``Invalid HTTP request received.`` for every request that
breaks HTTP and ``Unsupported upgrade request.`` for every ``Upgrade: h2c``,
python-multipart warns of every malformed form part, and a table warns of every
names a phone sends that its game refuses: one line a request, so a script sending
them in a loop wrote as many lines as it sent requests (600 a minute at a table) for
journald to keep and the staff to wade through. The first of a kind is said at
once; the rest of a minute are counted and said with the next one after it.

    >>> import logging, sys
    >>> log = logging.getLogger("doc.floods")
    >>> log.addHandler(logging.StreamHandler(sys.stdout)); log.propagate = False
    >>> now = [0.0]
    >>> log.addFilter(OncePerMinute(clock=lambda: now[0]))
    >>> for _ in range(3):
    ...     log.warning("Invalid HTTP request received.")
    Invalid HTTP request received.
    >>> now[0] = 61.0
    >>> log.warning("Invalid HTTP request received.")
    Invalid HTTP request received. (and 2 more like it in the minute before)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

#: The loggers whose lines a client's bytes make: uvicorn's own, python-multipart's.
CLIENT_LOGGERS = ("uvicorn.error", "python_multipart.multipart")
#: Kinds of line remembered at most (a kind is a logger's message before its values).
KINDS = 256


class Bursts:
    """Per key, whether a line is said now: the first at once, then at most one every
    ``every`` seconds; :meth:`let` gives how many were held back before it, or None to
    hold this one. At most ``kinds`` keys are remembered (the oldest forgotten first).
    The one count behind :class:`OncePerMinute` and the cafe's ``BurstLog``."""

    def __init__(
        self,
        *,
        every: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        kinds: int = KINDS,
    ) -> None:
        self.every = every
        self.clock = clock
        self.kinds = kinds
        #: Per key: when it was last said, and how many were held since.
        self._last: dict[object, tuple[float, int]] = {}

    def let(self, key: object) -> int | None:
        now = self.clock()
        last = self._last.get(key)
        if last is not None and now - last[0] < self.every:
            self._last[key] = (last[0], last[1] + 1)
            return None
        while len(self._last) >= self.kinds and key not in self._last:
            del self._last[next(iter(self._last))]
        self._last[key] = (now, 0)
        return 0 if last is None else last[1]


class OncePerMinute(logging.Filter):
    """A logger's warnings of one kind (its message before its values) let through at
    most once every ``every`` seconds; the next one let through says how many were held
    back. Other levels all pass: an error (an exception in a page) is the product's
    fault, to be mended, not a client's to be counted; an information (a game's link)
    is said once."""

    def __init__(self, *, every: float = 60.0, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.bursts = Bursts(every=every, clock=clock)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING:
            return True
        held = self.bursts.let((record.name, str(record.msg)))
        if held is None:
            return False
        if held:
            said = record.getMessage()
            record.msg = "%s (and %d more like it in the minute before)"
            record.args = (said, held)
        return True


def bound_client_logs(names: tuple[str, ...] = CLIENT_LOGGERS) -> None:
    """:class:`OncePerMinute` on the loggers ``names`` (once: again adds nothing)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, OncePerMinute) for f in logger.filters):
            logger.addFilter(OncePerMinute())
