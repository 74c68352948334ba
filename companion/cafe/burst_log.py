"""Warnings about a table's messages, at most one a minute per table and topic (issue 22: no
message can stall the server; a table sending 70,000 malformed messages a second made
as many warning lines, 90,686 in 10 s, for journald to write and the staff to wade
through). The first is said at once; the rest of a burst are counted and said in one
line with the last of them.

    >>> import logging, sys
    >>> log = logging.getLogger("doc")
    >>> log.addHandler(logging.StreamHandler(sys.stdout))
    >>> now = [0.0]
    >>> said = BurstLog(log, every=60.0, clock=lambda: now[0])
    >>> for n in range(3):
    ...     said.warn("t1", f"message {n} set aside")
    message 0 set aside
    >>> now[0] = 61.0
    >>> said.warn("t1", "message 3 set aside")
    message 3 set aside (and 2 more like it since the last said)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from companion.web.log_floods import Bursts


class BurstLog:
    """Per key (a table's topic): a warning at once, then at most one every ``every``
    seconds (:class:`~companion.web.log_floods.Bursts`)."""

    def __init__(
        self,
        log: logging.Logger,
        *,
        every: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log = log
        self.bursts = Bursts(every=every, clock=clock)

    def warn(self, key: str, text: str) -> None:
        held = self.bursts.let(key)
        if held:
            self.log.warning("%s (and %d more like it since the last said)", text, held)
        elif held == 0:
            self.log.warning("%s", text)
