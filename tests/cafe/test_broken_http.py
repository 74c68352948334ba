"""Clients that break HTTP itself, against uvicorn served as the product serves it
(companion/web/serving.py), on loopback (docs/security.md, "The web": no message on
the web may crash a page or flood the log). Each is answered (400) or cut off, the
next client is answered, and the log says a kind of fault once a minute, not once a
request."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from cafe_browser import Served
from cafe_fixtures import fill

from companion.cafe.live import CafeLive
from companion.web.app import create_app
from companion.web.phone import create_phone_app
from companion.web.serving import serving_options

#: A chunked body whose chunk size is not hexadecimal: h11 refuses it mid-request.
BAD_CHUNK = b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\n\r\n"


@pytest.fixture
def served(tmp_path: Path, journal: Path) -> Iterator[Served]:
    """The dashboard with the players' pages, over a server with two games."""
    server = fill(str(tmp_path / "cafe.db"), journal)
    app = create_app(server, password_hash=lambda: None, secret="s" * 32, live=CafeLive(server))
    with Served(app, **serving_options(loopback=())) as running:
        yield running
    server.store.close()


def _exchange(served: Served, request: bytes) -> bytes:
    """What the server says to ``request`` until it closes the connection."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock:
        sock.sendall(request)
        said = b""
        try:
            while chunk := sock.recv(65536):
                said += chunk
        except ConnectionResetError:
            pass
    return said


def _answered(served: Served) -> bool:
    said = _exchange(served, b"GET /.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    return said.startswith(b"HTTP/1.1 200")


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("start", [b"POST /login", b"POST /t/t1/names", b"GET /"])
def test_a_body_that_breaks_http_is_answered_400_not_a_traceback(
    served: Served, caplog: pytest.LogCaptureFixture, start: bytes
) -> None:
    """A chunk size that is not hex: uvicorn answered 400 under the page, then the
    page's own answer raised h11's LocalProtocolError, 50 lines of traceback in the log
    for each such request. Now the 400 alone, and nothing logged as an error."""
    with caplog.at_level(logging.WARNING):
        said = _exchange(served, start + b" HTTP/1.1\r\nHost: x\r\n" + BAD_CHUNK)
    assert said.startswith(b"HTTP/1.1 400"), said[:200]
    assert said.count(b"HTTP/1.1") == 1  # no second answer after it
    assert _errors(caplog) == []
    assert _answered(served)


def test_a_live_feed_broken_mid_answer_is_cut_off_not_a_traceback(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    """The dashboard's live feed asked with a body that breaks HTTP once the feed has
    begun: asyncio logged "Fatal error: protocol.data_received() call failed" with its
    traceback. Now the feed is cut off, quietly."""
    with (
        caplog.at_level(logging.WARNING),
        socket.create_connection(("127.0.0.1", served.port), timeout=10) as feed,
    ):
        feed.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n" + BAD_CHUNK[:-8])
        assert feed.recv(65536).startswith(b"HTTP/1.1 200")
        feed.sendall(b"zz\r\n\r\n")
        while feed.recv(65536):
            pass  # the feed's first events, then the end
    assert _errors(caplog) == []
    assert _answered(served)


def test_a_flood_of_broken_requests_is_said_once(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    """uvicorn warned of each request that breaks HTTP and of each ``Upgrade: h2c``,
    python-multipart of each broken form: one line per request, as many lines as a
    script sends requests. Each kind is said at most once a minute (the count of the
    rest with the next), and every request is still answered."""
    broken = {
        "garbage": b"GARBAGE\r\n\r\n",
        "h2c": b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: h2c\r\n\r\n",
        "form": b"POST /t/t1/names HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type:"
        b" multipart/form-data; boundary=abc\r\nContent-Length: 7\r\n\r\ngarbage",
    }
    with caplog.at_level(logging.WARNING):
        for _ in range(20):
            for request in broken.values():
                assert _exchange(served, request).startswith(b"HTTP/1.1 ")
    lines = [r.getMessage() for r in caplog.records]
    for said in {line for line in lines}:
        assert lines.count(said) <= 1, f"{lines.count(said)} times: {said}"
    assert len(lines) <= len(broken) + 1  # "Unsupported upgrade" is a kind of its own
    assert _answered(served)


def test_the_tables_own_page_cuts_off_a_broken_body_quietly(
    tmp_path: Path, journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The page a table serves itself (``companion run``: the game loop's process) the
    same: a 400, no traceback."""
    server = fill(str(tmp_path / "cafe.db"), journal)
    try:
        app = create_phone_app(CafeLive(server))
        with Served(app, **serving_options()) as running, caplog.at_level(logging.WARNING):
            said = _exchange(running, b"POST /t/t1/names HTTP/1.1\r\nHost: x\r\n" + BAD_CHUNK)
    finally:
        server.store.close()
    assert said.startswith(b"HTTP/1.1 400")
    assert _errors(caplog) == []
