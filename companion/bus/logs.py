"""The table's recent log lines, for the cafe's staff (issue 14: "see its log lines").

:class:`LogRing` is a :mod:`logging` handler that keeps the last :data:`KEPT` records
worth a look from afar: every warning and error, and the daemon's own INFO lines
(cards played, games started, devices back). The bus publishes them on the table's
``log`` topic, QoS 0 and not retained: each new line as it comes, and the whole ring
again on each connection (numbered, so the server keeps each line once). Nothing is
written to disk: journald keeps the table's full log.

    >>> ring = LogRing()
    >>> logging.getLogger("companion.daemon.runtime").addHandler(ring)
    >>> logging.getLogger("companion.daemon.runtime").warning("camera: lost")
    >>> [(line.n, line.level, line.text) for line in ring.since(0)]
    [(1, 'WARNING', 'camera: lost')]
    >>> logging.getLogger("companion.daemon.runtime").removeHandler(ring)
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

#: Lines kept (and sent again on each connection).
KEPT = 200
#: Loggers whose INFO lines are kept too (the daemon's account of the table).
INFO_FROM = ("companion.daemon",)


@dataclass(frozen=True)
class LogLine:
    """One log record: ``n`` counts the records of this run (``boot``) from 1."""

    n: int
    at: float
    level: str
    logger: str
    text: str


def wanted(record: logging.LogRecord) -> bool:
    """Warnings and worse from anywhere, INFO from the daemon."""
    if record.levelno >= logging.WARNING:
        return True
    return record.levelno >= logging.INFO and record.name.startswith(INFO_FROM)


class LogRing(logging.Handler):
    """The last :data:`KEPT` lines worth a look; ``on_line`` is told of each new one."""

    def __init__(self, kept: int = KEPT, on_line: Callable[[], None] | None = None) -> None:
        super().__init__(logging.INFO)
        self.addFilter(wanted)
        #: This run of the table: the server tells a restarted table's lines apart.
        self.boot = secrets.token_hex(8)
        self.on_line = on_line
        self._lines: deque[LogLine] = deque(maxlen=kept)
        self._count = 0
        self._lock_lines = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage().replace("\n", " | ")
        except (TypeError, ValueError):  # a bad format: the raw message, not a crash
            text = str(record.msg)
        with self._lock_lines:
            self._count += 1
            self._lines.append(
                LogLine(self._count, record.created, record.levelname, record.name, text)
            )
        if self.on_line is not None:
            self.on_line()

    def since(self, n: int) -> list[LogLine]:
        """The lines kept after line ``n`` (0: all of them), oldest first."""
        with self._lock_lines:
            return [line for line in self._lines if line.n > n]
