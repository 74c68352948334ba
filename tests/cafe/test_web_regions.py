"""Dates, times, numbers and weeks in the reader's region on the cafe's pages (issue
14 "English and French pages"; DESIGN.md "Player-facing text"): the catalogues stay
English and French, but an en-GB browser reads its dates day first, an en-US one month
first, fr-CA year first, fr-CH its numbers grouped with an apostrophe, and a week
starts on the region's first day. Before, only the language was kept: every English
reader read US dates, every French one France's. A header or cookie no browser sends
never fails a page.

The cafe is :mod:`cafe_pages`' (log lines at a known local time, rummy totals past a
thousand, players' pages) holding the leaderboard's games of :mod:`test_leaderboard`
(the first started Tuesday 17 March 2026 at 11:00, local time)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from cafe_fixtures import PASSWORD, PASSWORD_HASH
from cafe_pages import LONG_TABLE, fill_cafe
from starlette.testclient import TestClient
from test_leaderboard import NOW

from companion.cafe.live import CafeLive
from companion.web.app import create_app
from companion.web.negotiation import MOST, accepted, negotiate

#: The leaderboard's first game, as each region writes when it started.
STARTED = {
    "en-GB": "17/03/2026, 11:00",
    "en-US": "3/17/26, 11:00\u202fAM",
    "en-AU": "17/3/26, 11:00\u202fam",
    "en-IE": "17/03/2026, 11:00",
    "fr-FR": "17/03/2026 11:00",
    "fr-CA": "2026-03-17 11\xa0h\xa000",  # a line breaks after the date only
    "fr-BE": "17/03/26 11:00",
    "fr-CH": "17.03.26 11:00",
}
#: A total of -1034 as each region writes it.
THOUSANDS = {
    "en-GB": "-1,034",
    "fr-FR": "-1\u202f034",
    "fr-CA": "-1\xa0034",
    "fr-CH": "-1'034",
}
#: Headers and cookies no browser sends.
HOSTILE = [
    "",
    "*",
    "x-klingon",
    "i-klingon;q=1",
    "en-GB;q=7, fr;q=-1, de;q=nan, fr-CA;q=inf, en;q=1e400",
    "en-GB;q=, ;q=0.5, ,,,;;;, q=1",
    "en\x00GB, fr\x00",
    "\u00e9\u00e9-\u00c9\u00c9, fr-\u00e7a",  # non-ASCII letters
    "../../../etc/passwd, en_GB/../fr",
    "en-" + "x" * 5000,
    ", ".join(f"zz-{n};q=0.{n % 10}" for n in range(5000)) + ", fr-CA",
    "fr-CA;q=0.5;level=1;q=0.9",
]


@pytest.fixture(name="filled", scope="module")
def filled_fixture(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """The cafe's site on "now" of the leaderboard's games, and a players' page per game."""
    server, tokens = fill_cafe(tmp_path_factory.mktemp("cafe"))
    app = create_app(
        server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32, clock=lambda: NOW
    )
    app.state.live = CafeLive(server)
    try:
        with TestClient(app) as client:
            yield client, tokens
    finally:
        server.store.close()


@pytest.fixture(name="cafe")
def cafe_fixture(filled: tuple[TestClient, dict[str, str]]) -> TestClient:
    return filled[0]


@pytest.fixture(name="tokens")
def tokens_fixture(filled: tuple[TestClient, dict[str, str]]) -> dict[str, str]:
    return filled[1]


def _text(page: str) -> str:
    """A page's words, its tags left out."""
    return unescape(re.sub(r"<[^>]+>", " ", page))


def _get(client: TestClient, path: str, header: str, cookie: str | None = None) -> str:
    """``path`` for a browser sending ``header`` (and the language ``cookie``), both as
    bytes on the wire (UTF-8: a hostile one may be any text)."""
    client.cookies.clear()
    headers = {b"Accept-Language": header.encode()}
    if cookie is not None:
        headers[b"Cookie"] = b"lang=" + cookie.encode()
    answered = client.get(path, headers=headers)
    assert answered.status_code == 200, (path, header, answered.text[:300])
    return answered.text


@pytest.mark.parametrize(
    ("header", "cookie", "locale"),
    [
        ("en-GB,en-US;q=0.9,en;q=0.8", None, "en_GB"),
        ("en-us", None, "en_US"),
        ("en-AU", None, "en_AU"),
        ("fr-CA,fr;q=0.9,en;q=0.8", None, "fr_CA"),
        ("fr-BE", None, "fr_BE"),
        ("fr-CH, de-CH;q=0.9", None, "fr_CH"),
        ("de-CH, fr-CH;q=0.5", None, "fr_CH"),  # the first the catalogues speak
        ("en-ZZ", None, "en"),  # no such region: the language alone
        ("de", None, "en"),
        ("en-GB", "fr", "fr"),  # the switch: French, and no French region is wanted
        ("en-GB, fr-CA;q=0.3", "fr", "fr_CA"),  # ... or the browser's French region
        ("fr-CA", "en", "en"),
        ("fr-CA", "de", "fr_CA"),  # a cookie no switch sets is no switch
        ("en-Shaw-GB", None, "en"),  # a script the pages do not write in
    ],
)
def test_the_locale_keeps_the_browsers_region(header: str, cookie: str | None, locale: str) -> None:
    """Issue 14: the region of the browser's Accept-Language is kept when Babel writes
    dates for it in a catalogue's language; the switch chooses only the language."""
    assert negotiate(header, cookie) == locale


@pytest.mark.parametrize(("header", "started"), STARTED.items())
def test_dates_are_written_as_the_readers_region_writes_them(
    cafe: TestClient, header: str, started: str
) -> None:
    """Issue 14: the history, a table's last games and a game's page write when a game
    started in the reader's region (before, an en-GB reader read "3/17/26")."""
    for path in ("/games", f"/tables/{LONG_TABLE}", f"/games/{LONG_TABLE}/1"):
        page = _get(cafe, path, header)
        assert started in _text(page), (path, header)
        assert f'<html lang="{header}">' in page  # the browser's own date fields agree


@pytest.mark.parametrize(("header", "written"), THOUSANDS.items())
def test_numbers_are_written_as_the_readers_region_writes_them(
    cafe: TestClient, tokens: dict[str, str], header: str, written: str
) -> None:
    """Issue 14 and 15: the dashboard's cards, a players' page and its plot's axis write
    a total past a thousand in the reader's region (fr-CH: an apostrophe; before, the
    narrow space of France's French)."""
    assert written in _text(_get(cafe, "/", header))
    assert written in _text(_get(cafe, tokens["rummy89"], header))
    plot = _get(cafe, tokens["rummy89"].replace("?", "/totals.svg?"), header)
    axis = plot.split('class="axis y', 1)[1].split('class="axis', 1)[0]
    labels = [unescape(label) for label in re.findall(r"<text[^>]*>([^<]+)</text>", axis)]
    assert written.replace("034", "000") in labels


def test_staff_read_log_lines_and_set_aside_times_in_their_region(cafe: TestClient) -> None:
    """Issue 22: a table's log lines (to the second) and the messages set aside are
    timed in the reader's region: 14 November 2023, 22:13:20 day first in en-GB."""
    cafe.cookies.clear()
    token = re.search(r'name="csrf" value="([^"]+)"', cafe.get("/login").text)
    assert token is not None
    cafe.post("/login", data={"password": PASSWORD, "csrf": token[1]})
    table = _text(cafe.get("/tables/t1", headers={"Accept-Language": "en-GB"}).text)
    assert "14/11/2023, 22:13:20" in table and "11/14/23" not in table
    table = _text(cafe.get("/tables/t1", headers={"Accept-Language": "fr-CA"}).text)
    assert "2023-11-14 22\xa0h\xa013\xa0min\xa020\xa0s" in table
    dashboard = cafe.get("/", headers={"Accept-Language": "en-GB"}).text
    rows = dashboard.split('id="set-aside"', 1)[1]
    assert re.search(r"<td>\d\d/\d\d/\d{4}, \d\d:\d\d:\d\d</td>", rows), rows[:600]


def test_the_switch_keeps_the_browsers_region(cafe: TestClient) -> None:
    """Issue 14: a Canadian browser switched to English reads English dates (no English
    region is wanted: month first); an English one that also reads Canadian French,
    switched to French, reads them year first."""
    page = _get(cafe, "/games", "en-GB, fr-CA;q=0.4", cookie="fr")
    assert STARTED["fr-CA"] in _text(page) and 'lang="fr-CA"' in page and "Historique" in page
    page = _get(cafe, "/games", "fr-CA", cookie="en")
    assert STARTED["en-US"] in _text(page) and '<html lang="en">' in page


def test_the_week_starts_on_the_regions_first_day(cafe: TestClient) -> None:
    """Issue 14 "this week": on Wednesday 18 March 2026, an American's week began on
    Sunday the 15th (the rummy game ended that day counts), a Briton's on Monday the
    16th (it does not); before, every week began on Monday."""

    def players(header: str) -> list[str]:
        cafe.cookies.clear()
        board = cafe.get(
            "/leaderboard.json?game=rummy21&period=week", headers={"Accept-Language": header}
        )
        return [row["player"] for row in board.json()["standings"]]

    assert players("en-US") == players("fr-CA") != []
    assert players("en-GB") == players("fr") == players("en") == []


@pytest.mark.parametrize("header", HOSTILE)
def test_a_hostile_accept_language_or_cookie_fails_no_page(
    cafe: TestClient, tokens: dict[str, str], header: str
) -> None:
    """Issue 22 "no message on the web can crash a page": a header no browser sends (an
    odd or private tag, a weight out of 0..1 or unreadable, NUL, non-ASCII, a path, a
    tag of 5,000 letters, 5,000 entries) is read as far as it makes sense; the same text
    as the language cookie is no switch. Every page answers, in a language it has."""
    for path in ("/", "/games", "/leaderboard", f"/tables/{LONG_TABLE}", tokens["rummy89"]):
        for cookie in (None, header):
            page = _get(cafe, path, header, cookie)
            found = re.search(r'<html lang="([^"]*)">', page)
            assert found is not None and re.fullmatch(r"(en|fr)(-[A-Z]{2})?", found[1])


def test_a_long_header_is_read_no_further_than_a_browser_sends() -> None:
    """Issue 22: an Accept-Language of thousands of entries costs the reading of a few
    (a browser sends fewer than :data:`MOST`)."""
    many = ", ".join(["de"] * 10_000 + ["fr-CA"])
    assert len(accepted(many)) == MOST and negotiate(many) == "en"
    assert accepted("fr;q=0.5, en-GB, de;q=7, *, x-klingon") == ["en_GB", "fr"]


def test_html_lang_is_a_tag_the_browser_reads(cafe: TestClient) -> None:
    """Issue 14: ``<html lang>`` says the reader's whole locale as BCP 47 writes it
    (``en-GB``, never Babel's ``en_GB``), on a players' page refused too."""
    cafe.cookies.clear()
    refused = cafe.get("/t/t1?k=", headers={"Accept-Language": "fr-BE, en;q=0.5"})
    assert refused.status_code == 403 and '<html lang="fr-BE">' in refused.text
