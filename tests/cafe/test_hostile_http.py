"""Hostile HTTP clients against the dashboard and the players' pages (issue 22: "no
message on the web can stall storage or crash a page"): bodies bounded before they
are read. The slow clients, which need a real server, are in test_slow_clients.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.web.bodies import MAX_BODY
from companion.web.phone import create_phone_app

#: Every route that reads a body, on the cafe's site (the players' page's too).
POSTS = ("/login", "/logout", "/tables/t1/message", "/tables/t1/reset", "/t/t1/names")


def _chunks(size: int) -> Iterator[bytes]:
    """A body sent without a length (chunked), 16 KB at a time."""
    for _ in range(size // 16384):
        yield b"a" * 16384


@pytest.mark.parametrize("path", POSTS)
def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient, path: str) -> None:
    """Issue 22: Starlette reads a form of 1,000 fields of 1 MB into memory and spools a
    multipart file of any size to a temporary file (a phone could fill the disk the
    journal or the database is on). A body over MAX_BODY is refused with 413, whether
    its length is said or it comes chunked; a small one is read as before (here it
    lacks the CSRF token or the link's token, and is refused for that)."""
    big = {"file": ("names.txt", b"x" * (4 * MAX_BODY), "text/plain")}
    said = client.post(path, files=big, follow_redirects=False)
    assert said.status_code == 413, said.text
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    chunked = client.post(path, content=_chunks(4 * MAX_BODY), headers=form, follow_redirects=False)
    assert chunked.status_code == 413
    small = client.post(path, data={"k": "nope", "text": "hello"}, follow_redirects=False)
    assert small.status_code in (403, 404), small.text


def test_the_tables_own_players_page_refuses_a_large_body(filled: CafeServer) -> None:
    """Issue 22: the page a table serves itself (``companion run`` at home, on the Pi's
    SD card) had the same unbounded form; it answers 413, in JSON to the page's script,
    else as a page in the phone's language (docs/phone.md: it was JSON in English)."""
    big = {"file": ("n.txt", b"x" * (4 * MAX_BODY), "text/plain")}
    with TestClient(create_phone_app(CafeLive(filled))) as client:
        script = client.post("/t/t1/names", files=big, headers={"Accept": "application/json"})
        form = client.post("/t/t1/names", files=big, headers={"Accept-Language": "fr"})
    assert script.status_code == 413
    assert script.json()["status"] == 413
    assert form.status_code == 413
    assert "<h1>Trop volumineux</h1>" in form.text


def test_the_tables_own_address_answers_a_page_not_json(filled: CafeServer) -> None:
    """docs/phone.md: a player typing the table's bare address, or a link cut short,
    read ``{"error": "Not Found"}`` in English; now a page in their language saying to
    scan the table's code. ``.json`` addresses still answer JSON."""
    with TestClient(create_phone_app(CafeLive(filled))) as client:
        bare = client.get("/", headers={"Accept-Language": "fr"})
        cut = client.get("/t/t1/score", headers={"Accept-Language": "en"})
        data = client.get("/t/t1/nothing.json")
    assert bare.status_code == cut.status_code == 404
    assert "<h1>Introuvable</h1>" in bare.text and "Scannez le code" in bare.text
    assert "<h1>Not found</h1>" in cut.text and 'lang="en"' in cut.text
    assert data.json() == {"error": "Not Found", "status": 404}
