"""Stop signals for ``companion run``: caught from its first instruction, acted on by its loop.

systemd stops the service with SIGTERM, a person with Ctrl-C (SIGINT). The daemon's
loop finishes its turn, shows the last screen ("Restarting... the game is saved")
and exits 0. Python's default for SIGTERM is death on the spot, and building the
daemon (the parser's modules, numpy, OpenCV, the journal, the panel) takes about a
second on a Pi, so the handler is installed by ``companion``'s ``main`` before any
of that is imported (issue 13: a SIGTERM in the first 0.15 s killed the daemon with
no last screen). A signal that comes while the daemon is being built is kept: the
start-up goes on until the display is up, the loop, asked first thing, stops at
once, the last screen is shown and the log says so. Only the interpreter's own
start, before any of our code runs, is left without the handler.

The handler only records the signal (it never raises in the middle of an import or
a journal write); ``bool(stop)`` tells the loop.

    >>> stop = StopSignals()
    >>> bool(stop), stop.name
    (False, '')
    >>> stop.record(signal.SIGTERM, None)
    >>> bool(stop), stop.name
    (True, 'SIGTERM')
"""

from __future__ import annotations

import inspect
import signal
from types import FrameType

#: The signals that stop the daemon.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopSignals:
    """The stop signals received since :func:`catch_stop_signals` installed this."""

    def __init__(self) -> None:
        self.received: list[int] = []

    def __bool__(self) -> bool:
        return bool(self.received)

    @property
    def name(self) -> str:
        """The first signal's name (``SIGTERM``), or "" when none came."""
        return signal.Signals(self.received[0]).name if self.received else ""

    def record(self, signum: int, _frame: FrameType | None) -> None:
        self.received.append(signum)


def catch_stop_signals() -> StopSignals:
    """Install a new catcher for SIGTERM and SIGINT and return it."""
    stop = StopSignals()
    for signum in STOP_SIGNALS:
        signal.signal(signum, stop.record)
    return stop


def installed_stop_signals() -> StopSignals:
    """The catcher ``main`` installed for this run, or a new one if none is in place."""
    handler = signal.getsignal(signal.SIGTERM)
    if inspect.ismethod(handler) and isinstance(handler.__self__, StopSignals):
        return handler.__self__
    return catch_stop_signals()
