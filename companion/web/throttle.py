"""Login throttling (issue 22): a few wrong staff passwords from one address lock that
address out for a while, longer at each lockout, so guessing the password from a
phone in the cafe takes years, not minutes; each lockout is logged.

The clock is handed in, so tests move time without sleeping.

    >>> now = [0.0]
    >>> guard = LoginThrottle(lambda: now[0], limit=2, lock=60.0)
    >>> guard.failed("10.0.0.5"), guard.wait("10.0.0.5")
    (False, 0.0)
    >>> guard.failed("10.0.0.5"), guard.wait("10.0.0.5"), guard.wait("10.0.0.6")
    (True, 60.0, 0.0)
    >>> now[0] = 61.0; guard.wait("10.0.0.5")
    0.0
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

#: Wrong passwords from one address within :data:`WINDOW` seconds before a lockout.
LIMIT = 5
WINDOW = 15 * 60.0
#: The first lockout's seconds; each next one (before the address logs in) doubles,
#: up to :data:`LONGEST`.
LOCK = 60.0
LONGEST = 60 * 60.0
#: Addresses remembered at most (the oldest are forgotten first).
ADDRESSES = 10_000
#: Passwords checked at once, from every address (scrypt takes 16 MB and a core).
CHECKS = 2


@dataclass
class _Record:
    failures: list[float] = field(default_factory=list)
    until: float = 0.0
    lockouts: int = 0


class LoginThrottle:
    """Wrong passwords by client address, and the lockouts they earned."""

    def __init__(
        self,
        clock: Callable[[], float],
        *,
        limit: int = LIMIT,
        window: float = WINDOW,
        lock: float = LOCK,
        longest: float = LONGEST,
    ) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self.lock = lock
        self.longest = longest
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try a password again (0: it may now)."""
        record = self._records.get(address)
        return 0.0 if record is None else max(0.0, record.until - self.clock())

    def failed(self, address: str) -> bool:
        """A wrong password from ``address``; True when it locked the address out."""
        now = self.clock()
        record = self._records.pop(address, None) or _Record()
        self._records[address] = record  # the newest last: the oldest are forgotten
        while len(self._records) > ADDRESSES:
            self._records.popitem(last=False)
        record.failures = [t for t in record.failures if now - t < self.window] + [now]
        if len(record.failures) < self.limit:
            return False
        seconds = min(self.longest, self.lock * 2**record.lockouts)
        record.lockouts += 1
        record.until = now + seconds
        record.failures = []
        log.warning(
            "dashboard: %d wrong staff passwords from %s: its logins are refused for %d s "
            "(lockout %d)",
            self.limit,
            address,
            seconds,
            record.lockouts,
        )
        return True

    def succeeded(self, address: str) -> None:
        """The right password from ``address``: its record is forgotten."""
        self._records.pop(address, None)


class CheckTurns:
    """Password checks taken in turn: one at a time from each address, :data:`CHECKS`
    at once in all. Before, guesses sent together were all checked before the first
    one's failure was counted: 30 at once from one address were 30 passwords tried,
    not the 5 before a lockout; 120 from four addresses ran scrypt on all of the
    worker threads (40), 16 MB each: the server's memory went from 60 MB to 900 MB,
    and the staff's page took 4.4 s (docs/security.md). An address's next guess now
    waits for its last one's answer, so it meets the lockout.

        async with turns.turn(address):
            ...  # the lockout looked at, the password checked, the failure counted
    """

    def __init__(self, at_once: int = CHECKS) -> None:
        self._all = asyncio.Semaphore(at_once)
        #: Each address's lock, and how many of its logins hold or wait for it.
        self._addresses: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def turn(self, address: str) -> AsyncIterator[None]:
        lock, users = self._addresses.get(address) or (asyncio.Lock(), 0)
        self._addresses[address] = (lock, users + 1)
        try:
            async with lock, self._all:
                yield
        finally:
            lock, users = self._addresses[address]
            if users > 1:
                self._addresses[address] = (lock, users - 1)
            else:
                del self._addresses[address]

    def waiting(self) -> int:
        """Addresses with a login checked or waiting (none once all are answered)."""
        return len(self._addresses)
