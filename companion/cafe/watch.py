"""The server's own watchdog (issue 22): if its MQTT network thread or its database
writer dies anyway (guarded as they are), nothing more is received or stored while
the pages stay up. The watch sees it within :data:`WATCH_SECONDS`, logs it, and ends
the process (SIGTERM to itself: uvicorn stops gracefully), which then exits with
:data:`EXIT_DEAD`, so systemd (``Restart=on-failure``) starts it again; the broker
kept everything meanwhile (the server's session). While all live, each look calls
``beat`` (``companion cafe`` tells systemd it is ready once the dashboard listens,
then pings its watchdog: the unit is ``Type=notify`` with ``WatchdogSec``).

    watch = Watch(server)
    watch.start()
    ...                  # uvicorn.run(...)
    watch.stop()
    return EXIT_DEAD if watch.died else 0
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger("companion.cafe")

#: Seconds between two looks at the threads.
WATCH_SECONDS = 2.0
#: The exit status of a server whose thread died (not 0: systemd restarts it).
EXIT_DEAD = 3


class Watched(Protocol):
    def dead(self) -> str | None: ...


class Watch:
    """Looks at ``server``'s threads until stopped; ends the process if one died."""

    def __init__(
        self,
        server: Watched,
        *,
        every: float = WATCH_SECONDS,
        end: Callable[[], None] | None = None,
        beat: Callable[[], None] = lambda: None,
    ) -> None:
        self.server = server
        self.every = every
        self.beat = beat
        #: How the process is ended (SIGTERM to itself: uvicorn stops gracefully).
        self.end = end if end is not None else _terminate
        #: The thread that died (None while all live).
        self.died: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cafe-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        while True:
            died = self.server.dead()
            if died is not None:
                self.died = died
                log.critical("cafe: %s died: nothing is received or stored; exiting", died)
                self.end()
                return
            self.beat()
            if self._stop.wait(self.every):
                return


def _terminate() -> None:
    os.kill(os.getpid(), signal.SIGTERM)
