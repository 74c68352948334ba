"""Many live feeds open at once (issue 22: "does one page's many tabs starve the staff
dashboard?"). Each feed rendered every changed card itself: with 200 feeds open and 20
tables changing, the staff's ``/.json`` took 723 ms (median) instead of 4 ms."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from cafe_browser import Served
from cafe_fixtures import STATE

from companion.cafe.batch import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.views.live import link_digest
from companion.web import site, stream
from companion.web.app import create_app
from companion.web.serving import serving_options

FEEDS = 10


def _until(sock: socket.socket, marker: bytes) -> bytes:
    """What ``sock`` receives until ``marker`` (its timeout bounds the wait)."""
    got = b""
    while marker not in got:
        chunk = sock.recv(65536)
        assert chunk, f"the feed closed before {marker!r}"
        got += chunk
    return got


def test_a_changed_card_is_rendered_once_for_every_feed_open(
    server: CafeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: the card a change brings is rendered once per language, whatever the
    number of feeds open; each feed still gets it."""
    rendered: list[Any] = []
    real = site.fragment

    def counted(*args: Any, **kwargs: Any) -> str:
        rendered.append(kwargs.get("card"))
        return real(*args, **kwargs)

    monkeypatch.setattr(stream, "fragment", counted)
    app = create_app(server, password_hash=lambda: None, secret="s" * 32)
    with Served(app, **serving_options()) as running:
        feeds = []
        asked = f"GET /events?after={server.version()} HTTP/1.1\r\nHost: x\r\n\r\n"
        try:
            for _ in range(FEEDS):  # each up to date: only the change is news
                feed = socket.create_connection(("127.0.0.1", running.port), timeout=10)
                feed.sendall(asked.encode())
                _until(feed, b"retry: 2000")
                feeds.append(feed)
            body = {**STATE, "v": 1, "cafe": "corner", "table": "t1"}
            server.take([Incoming("t1", "state", json.dumps(body).encode())])
            for feed in feeds:
                assert b'"name": "t1"' in _until(feed, b"event: card")
        finally:
            for feed in feeds:
                feed.close()
    assert len(rendered) == 1


def test_an_ended_games_link_is_looked_up_in_the_database_once(
    server: CafeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: a players' feed open on an ended game's link asked the database for
    the link's game at every change of the cafe (200 such feeds took the staff's
    ``/.json`` from 3 ms to 49 ms); a link's game never changes, so it is kept."""
    token = "t" * 24
    server.store.begin()
    server.store.put_link("t1", 1, link_digest(token))
    server.store.commit()
    asked: list[tuple[str, str]] = []
    real = server.store.linked

    def counted(table: str, link: str) -> int | None:
        asked.append((table, link))
        return real(table, link)

    monkeypatch.setattr(server.store, "linked", counted)
    live = CafeLive(server)
    found = [live.lookup("t1", token) for _ in range(FEEDS)]
    assert all(one is not None and not one.live for one in found)
    assert len(asked) == 1
