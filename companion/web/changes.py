"""Telling the open pages that something changed, across threads.

The cafe server's writer thread stores a batch (or the daemon's loop a new view of
its game, :mod:`companion.daemon.phone`) and calls :meth:`Changes.bump`; each server-sent
events stream awaits :meth:`Changes.wait` in the web server's event loop. The waiters
are futures of their own loop, woken with ``call_soon_threadsafe``: no thread per
open page, no polling. :mod:`asyncio` is imported by the page's server that waits, not
here: a table without the players' page (``[phone] enabled = false``) bumps a version
nobody waits for, and does without the event loop's modules (3 MB).
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio


class Changes:
    """A version number that grows with every change, and a way to wait for it to grow."""

    def __init__(self) -> None:
        self._version = 0
        self._lock = threading.Lock()
        self._waiters: set[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = set()

    @property
    def version(self) -> int:
        return self._version

    def bump(self) -> int:
        with self._lock:
            self._version += 1
            waiters, self._waiters = self._waiters, set()
        for loop, future in waiters:
            with contextlib.suppress(RuntimeError):  # a loop closed since
                loop.call_soon_threadsafe(_wake, future)
        return self._version

    async def wait(self, after: int, timeout: float) -> int:
        """The version once it is past ``after``, or as it is after ``timeout`` seconds."""
        import asyncio  # the server's own, imported already

        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if self._version > after:
                return self._version
            self._waiters.add((loop, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            with self._lock:
                self._waiters.discard((loop, future))
        return self._version


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
