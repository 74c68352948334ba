"""Staff passwords guessed many at once, against the dashboard served by uvicorn as
the product serves it, on loopback (docs/security.md, "The web": the login's
throttling; docs/cafe.md "The staff login"). Guesses sent together were all checked
before the first one's failure was counted, and each ran scrypt (16 MB) on a worker
thread of its own."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from cafe_browser import Served
from cafe_fixtures import PASSWORD, PASSWORD_HASH, fill
from starlette.applications import Starlette

from companion.cafe.server import CafeServer
from companion.web import staff
from companion.web.app import create_app
from companion.web.auth import check_password
from companion.web.serving import serving_options
from companion.web.site import Site
from companion.web.throttle import CHECKS, LIMIT


class Checks:
    """The password checks the site makes (the real scrypt), and the most at once."""

    def __init__(self) -> None:
        self.count = self.now = self.most = 0
        self.lock = threading.Lock()

    def __call__(self, password: str, stored: str) -> bool:
        with self.lock:
            self.count += 1
            self.now += 1
            self.most = max(self.most, self.now)
        try:
            return CHECK(password, stored)
        finally:
            with self.lock:
                self.now -= 1


CHECK = check_password


@pytest.fixture
def server(tmp_path: Path, journal: Path) -> Iterator[CafeServer]:
    made = fill(str(tmp_path / "cafe.db"), journal)
    yield made
    made.store.close()


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Checks:
    counted = Checks()
    monkeypatch.setattr(staff, "check_password", counted)
    return counted


@pytest.fixture
def app(server: CafeServer) -> Starlette:
    return create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)


@pytest.fixture
def served(app: Starlette) -> Iterator[Served]:
    with Served(app, **serving_options()) as running:
        yield running


def _guesses(served: Served, addresses: list[str], each: int, last: str = "") -> list[int]:
    """``each`` wrong passwords sent at once from each of ``addresses`` (loopback's
    127.0.0.x), then ``last`` from the first once they are answered: the statuses."""

    async def scenario() -> list[int]:
        clients = [
            httpx2.AsyncClient(
                base_url=served.url,
                timeout=60,
                transport=httpx2.AsyncHTTPTransport(local_address=address),
                limits=httpx2.Limits(max_connections=each),
            )
            for address in addresses
        ]
        page = (await clients[0].get("/login")).text
        found = re.search(r'name="csrf" value="([^"]+)"', page)
        assert found is not None
        for client in clients[1:]:
            client.cookies = clients[0].cookies

        async def guess(client: httpx2.AsyncClient, password: str) -> int:
            form = {"password": password, "csrf": found.group(1)}
            return (await client.post("/login", data=form)).status_code

        said = await asyncio.gather(*[guess(c, f"guess {n}") for c in clients for n in range(each)])
        if last:
            said.append(await guess(clients[0], last))
        for client in clients:
            await client.aclose()
        return said

    return asyncio.run(scenario())


def test_guesses_sent_at_once_meet_the_lockout(served: Served, checks: Checks) -> None:
    """30 wrong passwords sent at once from one address: 30 were checked (a lockout
    after 5 came when all had been tried). Now 5 are checked, the rest answered 429,
    and so is the right password after them: the address is locked out."""
    said = _guesses(served, ["127.0.0.2"], 30, last=PASSWORD)
    assert checks.count == LIMIT
    assert said.count(403) == LIMIT - 1  # the 5th wrong one answers the lockout
    assert said.count(429) == 30 - LIMIT + 2  # with the right one after them


def test_guesses_from_many_addresses_check_a_few_passwords_at_once(
    served: Served, checks: Checks, app: Starlette
) -> None:
    """12 guesses at once from each of four addresses: scrypt ran on every worker
    thread at once (16 MB each: 120 guesses took the server from 60 MB to 900 MB, and
    the staff's page 4.4 s). Now CHECKS at once, each address's 5 checked."""
    addresses = [f"127.0.0.{n}" for n in range(3, 7)]
    said = _guesses(served, addresses, 12)
    assert checks.most <= CHECKS
    assert checks.count == LIMIT * len(addresses)
    assert said.count(429) == (12 - LIMIT + 1) * len(addresses)
    assert site_state(app).checks.waiting() == 0  # no address left behind


def site_state(app: Starlette) -> Site:
    site: Site = app.state.site
    return site
