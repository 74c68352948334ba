"""A call that would never return fails its test instead of hanging the run.

An alarm (``SIGALRM``, the main thread of the test process: pytest's and each xdist
worker's) raises :class:`Hung` in the guarded code after ``seconds``. It bounds a
regression that loops or blocks for ever; it measures no speed (the limit is far
above what the call takes).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Hung(Exception):  # noqa: N818 - not an OSError or a TimeoutError, which code might catch
    """The guarded call ran past its bound: it blocked or went round for ever."""


@contextmanager
def hang_guard(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`Hung` naming ``what`` if the block runs ``seconds`` or more."""

    def hung(_signum: int, _frame: FrameType | None) -> None:
        raise Hung(f"{what}: still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
