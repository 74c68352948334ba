"""Idempotent ``close()`` and the context manager, shared by the ports' backends.

A device is closed once however many times ``close()`` is called (the daemon
closes on failure and again on shutdown), and ``with`` closes it on the way out.

    >>> class Lamp(Closeable):
    ...     def _close(self) -> None:
    ...         print("off")
    >>> with Lamp() as lamp:
    ...     lamp.close()
    off
    >>> lamp.closed
    True
"""

from __future__ import annotations

from types import TracebackType
from typing import Protocol, Self


class Closing(Protocol):
    """The part of every port's protocol that closes: ``close()`` and ``with``."""

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...


class Closeable:
    """Subclasses release their device in ``_close``; it runs at most once."""

    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._close()

    def _close(self) -> None:
        """Nothing to release by default."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
