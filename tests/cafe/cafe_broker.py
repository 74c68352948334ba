"""A real Mosquitto broker on a free loopback port, for the cafe's tests (issue 14).

Started from Debian's ``mosquitto`` with a configuration of our own in a temporary
folder (persistence on, so a restart keeps sessions and retained messages, as the
cafe's broker is set up in docs/cafe.md). Tests that need it are skipped where
Mosquitto is not installed (``bash scripts/bootstrap.sh test`` installs it).

A cafe of a chain (docs/cafe.md "A chain of cafes") has a broker that bridges its
tables' topics to a central broker: ``bridge_lines`` writes the same bridge the docs
show, and ``Broker(..., bridge=...)`` starts a broker with it.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

MOSQUITTO: str | None = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on 127.0.0.1:{port}") from None
            time.sleep(0.02)


def bridge_lines(cafe: str, central: str) -> list[str]:
    """A cafe broker's bridge to the central broker at ``central`` (HOST:PORT): what its
    tables publish goes out, their acks and commands come in (QoS 1, a kept session, so
    nothing is lost while the link is down): docs/cafe.md's bridge, without its TLS and
    account lines."""
    lines = [
        f"connection {cafe}-central",
        f"address {central}",
        f"remote_clientid bridge-{cafe}",
        "cleansession false",
        "restart_timeout 1 5",
    ]
    lines += [f"topic companion/{cafe}/+/{leaf} out 1" for leaf in ("status", "state", "events")]
    lines += [f"topic companion/{cafe}/+/{leaf} in 1" for leaf in ("ack", "command")]
    return lines


class Broker:
    """One Mosquitto process; ``restart`` keeps its port and its persistence file.
    ``bridge``: ``(cafe, central port)`` for a cafe broker of a chain."""

    def __init__(
        self, folder: Path, *, persistence: bool = True, bridge: tuple[str, int] | None = None
    ) -> None:
        assert MOSQUITTO is not None
        self.program = MOSQUITTO
        self.folder = folder
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        lines = [
            f"listener {self.port} 127.0.0.1",
            "allow_anonymous true",
            f"persistence {'true' if persistence else 'false'}",
            f"persistence_location {folder}/",
            "autosave_interval 1",
            "max_queued_messages 0",
            "log_dest none",
        ]
        if bridge is not None:
            lines += bridge_lines(bridge[0], f"127.0.0.1:{bridge[1]}")
        self.config.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.program, "-c", str(self.config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port)

    def stop(self) -> None:
        """A clean stop (SIGTERM): Mosquitto saves its persistence file first."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()
