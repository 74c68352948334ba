"""Slow and greedy HTTP clients against uvicorn served as the product serves it
(companion/web/serving.py), on loopback (issue 22: "no client can starve a page").
uvicorn timed nothing before a request's end: an idle connection, a header sent a byte
at a time or a body never finished held a file descriptor for ever."""

from __future__ import annotations

import contextlib
import http.client
import select
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cafe_browser import Served
from cafe_fixtures import fill

from companion.web.app import create_app
from companion.web.serving import serving_options

#: The test's deadline for a whole request (the product's is 10 s).
SECONDS = 1.0
#: How long a test waits for the server to close a connection it should close.
WAIT = 8.0


def _served(app: Any, **bounds: Any) -> Served:
    """``app`` served by uvicorn with the product's options (``bounds``: the test's)."""
    return Served(app, **serving_options(request_seconds=SECONDS, **bounds))


def _connect(served: Served) -> socket.socket:
    return socket.create_connection(("127.0.0.1", served.port), timeout=WAIT)


@pytest.fixture
def site(tmp_path: Path, journal: Path) -> Iterator[Any]:
    """The dashboard over a server with two games (SQLite: the database is not what
    these tests try)."""
    server = fill(str(tmp_path / "cafe.db"), journal)
    yield create_app(server, password_hash=lambda: None, secret="s" * 32)
    server.store.close()


@pytest.fixture
def served(site: Any) -> Iterator[Served]:
    with _served(site, loopback=()) as running:  # loopback bounded as any address
        yield running


def _closed(sock: socket.socket, dribble: bytes = b"", wait: float = WAIT) -> bool:
    """Whether the server closes ``sock`` within ``wait`` seconds (what it sends
    meanwhile is read), while the client sends ``dribble`` a byte each time 0.2 s pass
    with nothing from the server."""
    sent = 0
    for _ in range(int(wait / 0.2)):
        readable, _, _ = select.select([sock], [], [], 0.2)
        if readable:
            try:
                if not sock.recv(65536):
                    return True
            except (ConnectionResetError, TimeoutError):
                return True
            continue
        if sent < len(dribble):
            try:
                sock.send(dribble[sent : sent + 1])
            except (BrokenPipeError, ConnectionResetError):
                return True
            sent += 1
    return False


def test_a_connection_that_sends_nothing_is_closed(served: Served) -> None:
    """Issue 22: a connection that sent nothing was held for ever."""
    with _connect(served) as idle:
        assert _closed(idle)


def test_a_header_sent_a_byte_at_a_time_is_cut_off(served: Served) -> None:
    """Issue 22 (slowloris): a header trickling in kept its connection for ever; the
    deadline runs from the first byte, not from the last."""
    with _connect(served) as slow:
        slow.send(b"GET / HTTP/1.1\r\n")
        assert _closed(slow, dribble=b"X-Slow: " + b"a" * 200)


def test_a_body_never_finished_is_cut_off(served: Served) -> None:
    """Issue 22: a POST announcing 1,000 bytes and sending 10 held its connection."""
    with _connect(served) as slow:
        slow.send(
            b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-"
            b"urlencoded\r\nContent-Length: 1000\r\n\r\npassword=a"
        )
        assert _closed(slow)


def test_one_address_cannot_take_every_connection(site: Any) -> None:
    """Issue 22: a script opening a thousand idle connections took every file
    descriptor of the service. One address holds at most PER_ADDRESS at once (4 here):
    the next is closed at once, and a page asked for on one of the four is answered."""
    with _served(site, per_address=4, loopback=()) as running:
        held = [_connect(running) for _ in range(4)]
        try:
            with _connect(running) as extra:
                assert _closed(extra)
            held[0].sendall(b"GET /.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := held[0].recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200")
        finally:
            for sock in held:
                sock.close()


@pytest.mark.slow
def test_a_page_and_its_live_feed_are_not_cut_off(served: Served) -> None:
    """The deadline is the request's, not the response's: the live feed (a response
    that lasts) is still open after the deadline, and a kept-alive connection serves
    a second request."""
    with _connect(served) as feed:
        feed.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        assert feed.recv(65536).startswith(b"HTTP/1.1 200")
        assert not _closed(feed, wait=3 * SECONDS)
    kept = http.client.HTTPConnection("127.0.0.1", served.port, timeout=WAIT)
    try:
        for _ in range(2):
            kept.request("GET", "/static/cafe.css")
            answer = kept.getresponse()
            assert (answer.status, answer.will_close) == (200, False)
            answer.read()
    finally:
        kept.close()


def test_a_huge_header_is_refused(served: Served) -> None:
    """Issue 22, held already (h11's default, now said by the product): a header of
    1 MB is refused once 16 KB wait unparsed, not read whole."""
    with _connect(served) as big:
        big.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            big.sendall(b"a" * 1_000_000)  # refused before it was all sent
        assert big.recv(65536).startswith(b"HTTP/1.1 4")
