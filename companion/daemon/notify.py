"""systemd's notify protocol (sd_notify), in a few lines and with no dependency.

The unit is ``Type=notify`` with ``WatchdogSec``: the daemon says ``READY=1`` once
the first screen is up, ``WATCHDOG=1`` from its main loop, and ``STATUS=...``
lines that ``systemctl status companion`` shows. Outside systemd
(``NOTIFY_SOCKET`` unset) every call does nothing.

    >>> Notifier({}).ready()      # not under systemd: a no-op
    False
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


class Notifier:
    """Sends datagrams to ``$NOTIFY_SOCKET``; never raises (a lost notice is not fatal)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):
            address = "\0" + address[1:]  # an abstract socket
        self._address = address
        usec = env.get("WATCHDOG_USEC", "")
        #: How often to send WATCHDOG=1 (half the watchdog timeout), or None.
        self.watchdog_interval: float | None = int(usec) / 2e6 if usec.isdigit() else None

    @property
    def enabled(self) -> bool:
        return bool(self._address)

    def send(self, *fields: str) -> bool:
        if not self._address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                # Never waits: a receiver that stopped reading (its queue full) would
                # otherwise hold the caller, the loop or watch that pings, for ever.
                sock.setblocking(False)
                sock.connect(self._address)
                sock.sendall("\n".join(fields).encode())
        except OSError:  # BlockingIOError included: that notice is lost
            return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")
