"""The players' page served at home (issue 15, docs/phone.md) when its port is taken:
the table plays on, and the log says where the page was to be served and which
settings choose it."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest

from companion.daemon.board import Board
from companion.daemon.phone import HomeServer


def test_a_taken_port_is_one_log_line_naming_it_and_the_settings(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 15: another program listens on the page's port (here on loopback): the
    server's thread ends, the table goes on, and the error names the address and
    ``[phone] port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = HomeServer(Board("t1", str(tmp_path / "journal.db")), "127.0.0.1", port)
        with caplog.at_level(logging.ERROR, logger="companion"):
            server.start()
            server.thread.join(10)
        assert not server.thread.is_alive(), "the page's thread did not end"
        server.close()
    (said,) = [r.getMessage() for r in caplog.records if r.name.startswith("companion")]
    assert f"could not be served on 127.0.0.1:{port}" in said
    assert "[phone] port" in said and "plays on" in said
