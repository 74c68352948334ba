"""The dashboard as a careful site (issue 22, item 5), in-process against the real app
and store: wrong passwords lock an address out (logged) and never let the right one
in meanwhile; the scrypt check runs off the event loop; logout ends the session on
the server, so a copied cookie is dead; the cookie can be sent over HTTPS only.
The clock is handed in: nothing here sleeps."""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from cafe_fixtures import KEY, PASSWORD, PASSWORD_HASH, STATE, incoming, settings_for
from cafe_sim import SimTable
from daemon_harness import ManualClock as Clock
from starlette.testclient import TestClient

from companion.cafe.server import CafeServer
from companion.cafe.settings import parse_settings
from companion.cafe.store import open_store
from companion.cli.cafe import dashboard
from companion.web import staff
from companion.web.app import create_app


@pytest.fixture
def clock() -> Clock:
    return Clock(1_700_000_600.0)


@pytest.fixture
def filled(tmp_path: Path, journal: Path) -> Iterator[CafeServer]:
    """A server (not connected) with two tables' games, on SQLite: the login and the
    session are the web's, the same on either database."""
    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.take(incoming(SimTable("t1", 1, journal), state=STATE))
    server.take(incoming(SimTable("t2", 1, journal)))
    yield server
    server.store.close()


def _app(server: CafeServer, clock: Clock, **options: Any) -> Any:
    """The dashboard with ``clock`` for its wall clock and its durations' clock alike
    (``options`` may give the durations' clock apart: ``monotonic``)."""
    options.setdefault("monotonic", clock)
    return create_app(
        server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32, clock=clock, **options
    )


@pytest.fixture
def guarded(filled: CafeServer, clock: Clock) -> Iterator[TestClient]:
    with TestClient(_app(filled, clock), client=("10.0.0.5", 50000)) as made:
        yield made


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _try(client: TestClient, password: str) -> httpx2.Response:
    token = _csrf(client.get("/login").text)
    answer: httpx2.Response = client.post(
        "/login", data={"password": password, "csrf": token}, follow_redirects=False
    )
    return answer


def test_wrong_passwords_lock_the_address_out_and_it_is_logged(
    guarded: TestClient, filled: CafeServer, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: 200 wrong passwords at 20/s, then the right one, logged in. Now the
    fifth wrong one locks the address out for a minute: even the right password is
    refused (429, Retry-After) until then, and the lockout is in the log."""
    caplog.set_level(logging.WARNING, logger="companion.web.throttle")
    for _ in range(4):
        assert _try(guarded, "guess").status_code == 403
    locked = _try(guarded, "guess")
    assert locked.status_code == 429 and locked.headers["retry-after"] == "60"
    assert "Too many wrong passwords: try again in 1 min." in locked.text
    assert "10.0.0.5" in caplog.text and "refused for 60 s" in caplog.text
    clock.now += 59
    assert _try(guarded, PASSWORD).status_code == 429  # the right one too: not even checked
    other = TestClient(_app(filled, clock), client=("10.0.0.6", 50000))
    assert _try(other, PASSWORD).status_code == 303  # another address is not locked out
    clock.now += 1
    assert _try(guarded, PASSWORD).status_code == 303


def test_each_lockout_is_longer_until_the_address_logs_in(
    guarded: TestClient, clock: Clock
) -> None:
    """Issue 22: the second lockout lasts twice the first; a login forgets them."""
    for _ in range(5):
        _try(guarded, "guess")
    clock.now += 60
    for _ in range(4):
        assert _try(guarded, "guess").status_code == 403
    assert _try(guarded, "guess").headers["retry-after"] == "120"
    clock.now += 120
    assert _try(guarded, PASSWORD).status_code == 303
    for _ in range(4):
        _try(guarded, "guess")
    assert _try(guarded, "guess").headers["retry-after"] == "60"


def test_the_password_is_checked_off_the_event_loop(
    filled: CafeServer, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: 8 clients guessing pushed ``/.json`` from 24 ms to 992 ms, scrypt
    running on the event loop. While one check is held in progress here, a page is
    still served: the check runs on a worker thread."""
    started, release = threading.Event(), threading.Event()

    def slow_check(password: str, stored: str) -> bool:
        started.set()
        release.wait(10)  # on the event loop this would hold every page for 10 s
        return False

    monkeypatch.setattr(staff, "check_password", slow_check)

    async def scenario() -> tuple[bool, int]:
        transport = httpx2.ASGITransport(app=_app(filled, clock))
        async with httpx2.AsyncClient(transport=transport, base_url="http://cafe") as client:
            token = _csrf((await client.get("/login")).text)
            login = asyncio.create_task(
                client.post("/login", data={"password": "guess", "csrf": token})
            )
            await asyncio.to_thread(started.wait, 10)
            page = await client.get("/.json")
            in_progress = not login.done()
            release.set()
            await login
            return in_progress, page.status_code

    in_progress, status = asyncio.run(scenario())
    assert status == 200 and in_progress


def test_logout_ends_the_session_even_for_a_copied_cookie(
    filled: CafeServer, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: a cookie copied before the logout sent staff messages for 12 h; now
    the server forgets the session at logout and the copy is refused."""
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(filled.link, "publish_command", lambda t, b: sent.append((t, b)))
    app = _app(filled, clock)
    staff_client = TestClient(app)
    assert _try(staff_client, PASSWORD).status_code == 303
    token = _csrf(staff_client.get("/tables/t1").text)
    copied = TestClient(app, cookies=dict(staff_client.cookies))
    message = {"csrf": token, "text": "free drinks"}
    assert copied.post("/tables/t1/message", data=message).status_code == 200  # alive now
    assert staff_client.post("/logout", data={"csrf": token}).status_code == 200
    assert copied.post("/tables/t1/message", data=message).status_code == 403
    assert "Reset the table" not in copied.get("/tables/t1").text
    assert len(sent) == 1


def test_a_csrf_token_that_is_not_ascii_is_refused_not_an_error(
    filled: CafeServer, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/security.md (staff actions: the CSRF token): ``hmac.compare_digest``
    raises TypeError on a text that is not ASCII, and a logged-in page posting
    ``csrf=é`` answered 500. Found by bench/fuzz/table_inputs.py on the table's own
    page's token (the same comparison); now refused as any wrong token."""
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(filled.link, "publish_command", lambda t, b: sent.append((t, b)))
    client = TestClient(_app(filled, clock), raise_server_exceptions=False)
    assert _try(client, PASSWORD).status_code == 303
    for wrong in ("é", "\u2028", "🃏" * 40):
        answer = client.post("/tables/t1/message", data={"csrf": wrong, "text": "free drinks"})
        assert answer.status_code == 403, (wrong, answer.status_code)
    assert sent == []


def test_a_staff_session_ends_after_twelve_hours(guarded: TestClient, clock: Clock) -> None:
    """Issue 22: the server's session has the cookie's life, not one of its own."""
    assert _try(guarded, PASSWORD).status_code == 303
    assert "Reset the table" in guarded.get("/tables/t1").text
    clock.now += 12 * 3600
    assert "Reset the table" not in guarded.get("/tables/t1").text


def test_setting_the_servers_clock_back_neither_lengthens_a_lockout_nor_a_session(
    filled: CafeServer, clock: Clock
) -> None:
    """docs/cafe.md "The staff login" (issue 22): the minutes of a lockout and the
    hours of a session are the time that passes. The server's clock set back an hour
    by NTP during a lockout, the address may try again a minute later, not an hour and
    a minute later (the lockout and its wrong passwords were timed by the wall clock);
    set forward twelve hours, a staff session still lasts its twelve hours."""
    durations = Clock(500.0)  # the monotonic clock: it only goes on
    app = _app(filled, clock, monotonic=durations)
    guarded = TestClient(app, client=("10.0.0.5", 50000))
    for _ in range(5):
        _try(guarded, "guess")
    clock.now -= 3600  # NTP sets the clock back an hour
    durations.advance(60)
    clock.now += 60
    assert _try(guarded, "guess").status_code == 403  # its lockout over, one wrong
    assert _try(guarded, PASSWORD).status_code == 303
    assert "Reset the table" in guarded.get("/tables/t1").text
    clock.now += 12 * 3600  # NTP sets the clock forward twelve hours
    durations.advance(60)
    assert "Reset the table" in guarded.get("/tables/t1").text
    durations.advance(12 * 3600)
    assert "Reset the table" not in guarded.get("/tables/t1").text


def test_the_cookie_can_be_sent_over_https_only(filled: CafeServer, tmp_path: Path) -> None:
    """Issue 22: ``[web] secure_cookie`` (behind a TLS front, docs/cafe.md) makes the
    login cookie ``Secure``, through the dashboard ``companion cafe`` serves; without
    it the cookie has no such flag (plain HTTP). Always HttpOnly and SameSite=Strict."""
    web = {"secret_file": str(tmp_path / "cookie.key"), "password_file": str(tmp_path / "pw")}
    for secure in (True, False):
        settings = parse_settings({"web": {**web, "secure_cookie": secure}}, "cafe.toml")
        client = TestClient(dashboard(settings, filled), base_url="https://cafe")
        cookie = client.get("/login").headers["set-cookie"].lower()
        assert cookie.startswith("cafe_session=")
        assert ("; secure" in cookie) is secure, cookie
        assert "samesite=strict" in cookie and "httponly" in cookie
    assert not parse_settings({}, "cafe.toml").web.secure_cookie
