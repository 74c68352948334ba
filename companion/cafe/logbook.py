"""The tables' recent log lines, kept in memory for the staff's table page (issue 14).

Tables send their log lines on ``log`` (QoS 0, not retained): each line as it comes,
and their whole ring of recent lines again on each connection. The server keeps the
last :data:`KEPT` lines of each table, each once (by the table's run and line
number), and nothing on disk: a restarted server shows the lines tables send it
next (on their next connection, or as new lines come).

    >>> book = LogBook()
    >>> line = LogEntry("t1", "b1", 1, 5.0, "WARNING", "companion.daemon.links", "camera lost")
    >>> book.keep(line), book.keep(line), [x.text for x in book.lines("t1")]
    (True, False, ['camera lost'])
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from companion.bus.contract import LogEntry

#: Lines kept per table.
KEPT = 200


class LogBook:
    """The last lines of each table; thread-safe (the MQTT thread writes, pages read)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._tables: dict[str, OrderedDict[tuple[str, int], LogEntry]] = {}
        self._lock = threading.Lock()

    def keep(self, entry: LogEntry) -> bool:
        """Keep ``entry``; False if it was kept already (sent again on a connection)."""
        key = (entry.boot, entry.n)
        with self._lock:
            lines = self._tables.setdefault(entry.table, OrderedDict())
            if key in lines:
                return False
            lines[key] = entry
            while len(lines) > self.kept:
                lines.popitem(last=False)
            return True

    def lines(self, table: str) -> list[LogEntry]:
        """The lines of ``table``, in the order they came (the oldest first)."""
        with self._lock:
            return list(self._tables.get(table, {}).values())
