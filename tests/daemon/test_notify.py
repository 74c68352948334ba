"""sd_notify: READY, WATCHDOG and STATUS reach systemd's socket (issue 6 part 3)."""

from __future__ import annotations

import socket
from pathlib import Path

from companion.daemon.notify import Notifier


def test_messages_reach_the_notify_socket(tmp_path: Path) -> None:
    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(path))
        notifier = Notifier({"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "30000000"})
        assert notifier.enabled
        assert notifier.watchdog_interval == 15.0
        assert notifier.ready("Fibonachos, round 1")
        assert notifier.watchdog()
        assert notifier.status("camera lost, retrying")
        received = [server.recv(1024).decode() for _ in range(3)]
    assert received == [
        "READY=1\nSTATUS=Fibonachos, round 1",
        "WATCHDOG=1",
        "STATUS=camera lost, retrying",
    ]


def test_outside_systemd_nothing_is_sent() -> None:
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.watchdog_interval is None
    assert notifier.ready() is False


def test_a_vanished_socket_is_not_fatal(tmp_path: Path) -> None:
    assert Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}).watchdog() is False


def test_a_receiver_that_stopped_reading_never_holds_the_sender(tmp_path: Path) -> None:
    """A notify socket whose reader stopped (its queue full) held ``companion cafe``'s
    watch in ``sendall`` for ever, and the server did not stop within its unit's
    TimeoutStopSec (found by scripts/cafe_try.py). Each notice now gives up at once."""
    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(path))
        notifier = Notifier({"NOTIFY_SOCKET": str(path)})
        sent = [notifier.watchdog() for _ in range(5000)]  # never read
    assert sent[0] is True and sent[-1] is False
