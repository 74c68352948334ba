"""Every page of the cafe as a person sees it on a phone, in a real headless browser
at 390 x 844 CSS pixels, in English and in French (issues 14, 15 and 22): a cafe of 20
tables with players' names of 20 characters and a game of every kind in play
(:mod:`cafe_pages`); no page scrolls sideways or hides a cell past the edge, the
staff's pages included, an empty cafe says how tables come, the header marks the page
open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cafe_browser import Served, chromium, wait_for
from cafe_fixtures import KEY, PASSWORD, PASSWORD_HASH, settings_for
from cafe_pages import (  # noqa: F401 (the fixtures)
    HEIGHT,
    LINES,
    LOG,
    LONG,
    LONG_TABLE,
    WIDTH,
    cafe_fixture,
    needs_chromium,
    open_page,
    overflow,
    phone_fixture,
)

from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.web.app import create_app

pytestmark = needs_chromium


PAGES = [
    "/",
    "/leaderboard?game=fibonachos&period=all",
    "/games",
    "/games/t1/1",
    f"/players/{LONG[0]}",
    "/tables/t1",
    f"/tables/{LONG_TABLE}",
    "/login",
    "/games/t1/999",
    "/t/t1?k=token-ended",
]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_is_wider_than_a_phone(
    cafe: tuple[str, dict[str, str]], phone: Any, lang: str
) -> None:
    """Issues 14 and 15: at 390 px nothing scrolls sideways and no cell of the games'
    list lies past the edge, on the dashboard's pages and on the players' page of a
    Rummy 89 game of four 20-character names (before, the header's links ran 80 px
    past the edge of every dashboard page, the history hid its players and scores off
    screen, and the rummy page's rounds table was 17 px too wide)."""
    from selenium.webdriver.common.by import By

    url, pages = cafe
    wrong = {}
    for path in [*PAGES, *pages.values()]:
        open_page(phone, url, path, lang)
        if path.startswith("/leaderboard"):  # with its players, not its empty line
            assert phone.find_elements(By.CSS_SELECTOR, "table.board td a")
        if found := overflow(phone):
            wrong[path] = found
    assert wrong == {}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_over_the_rounds_break_between_words(
    cafe: tuple[str, dict[str, str]], phone: Any, lang: str
) -> None:
    """Issue 15 "each game's rounds as a table", on a phone: over the rounds of the
    players' page (a Rummy 89 game of four 20-character names) and of the game's page,
    a name goes to the next line only after a space or a hyphen ("Maximilienne-" /
    "Charlot"); a word wider than its column ends in an ellipsis, the whole name kept
    in the cell's text and title; "Round" ("Manche") is whole (before,
    "Maximilie" / "nne-" / "Charlot" and "Bartholom" / "ew Fitzroy")."""
    url, pages = cafe
    for path, cells, names in (
        (pages["rummy89"], "#rounds thead th", LONG),
        ("/games/t1/1", "table.rounds thead th", LONG[:3]),
    ):
        open_page(phone, url, path, lang)
        first, *columns = phone.execute_script(LINES, cells)
        assert not first["cut"], (path, first)
        assert ["".join(c["lines"]) for c in columns] == names
        for cell in columns:
            assert all(line.endswith((" ", "-")) for line in cell["lines"][:-1]), (path, cell)
            assert cell["title"] == "".join(cell["lines"]), (path, cell)
        assert overflow(phone) == []


def test_an_empty_cafe_says_how_tables_come(tmp_path: Path, phone: Any) -> None:
    """Issue 14: a cafe whose tables have not spoken yet says how a table comes onto
    the dashboard, in the page's language (before, only "No table has said anything
    yet."), and the page fits the phone; tables that come live take their places in
    counting order (before, each new card went to the end: t10, t2, t9)."""
    from selenium.webdriver.common.by import By

    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    try:
        with Served(app) as served:
            for lang, words in (("en", "connected to the cafe's broker"), ("fr", "broker du café")):
                open_page(phone, served.url, "/", lang)
                assert words in phone.find_element(By.ID, "no-table").text
                assert overflow(phone) == []
            # Tables come live (no reload), each card where counting puts it.
            phone.execute_script("window.stillThisPage = true;")
            for table in ("t10", "t2", "t9"):
                server.take([Incoming(table, "status", b"online")])
                card = f"table-{table}"
                wait_for(phone, lambda c=card: bool(phone.find_elements(By.ID, c)), card)
            cards = phone.find_elements(By.CSS_SELECTOR, "#tables article.card")
            assert [c.get_attribute("id") for c in cards] == ["table-t2", "table-t9", "table-t10"]
            assert not phone.find_elements(By.ID, "no-table")
            assert phone.execute_script("return window.stillThisPage === true;")
            phone.get("about:blank")  # the live feed closes before the server stops
    finally:
        server.store.close()


def test_the_header_says_which_page_is_open(cafe: tuple[str, dict[str, str]], phone: Any) -> None:
    """Issue 14: the header marks the page open for screen readers too
    (``aria-current``), the staff's login page included."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    for path, link in (
        ("/games", "Historique"),
        ("/leaderboard", "Classement"),
        ("/login", "Personnel"),
    ):
        open_page(phone, url, path, "fr")
        current = phone.find_elements(By.CSS_SELECTOR, "header [aria-current='page']")
        assert [e.text for e in current] == [link]


def test_the_staffs_pages_fit_a_phone(cafe: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    """Issue 22 "quarantined and shown": logged in on a phone, the staff's dashboard
    lists the messages set aside within the screen's width, and the table's page its
    staff forms and its log lines (before, the reasons ran off the right edge)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    staff = chromium(tmp_path / "profile")
    try:
        staff.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
        )
        open_page(staff, url, "/login", "en")
        staff.find_element(By.NAME, "password").send_keys(PASSWORD)
        staff.find_element(By.CSS_SELECTOR, "form.login button").click()
        wait_for(staff, lambda: bool(staff.find_elements(By.ID, "set-aside")), "set aside")
        assert len(staff.find_elements(By.CSS_SELECTOR, "#set-aside tbody tr")) == 2
        assert overflow(staff) == []
        open_page(staff, url, "/tables/t1", "fr")
        assert staff.find_elements(By.CSS_SELECTOR, "form.danger button")
        assert len(staff.find_elements(By.CSS_SELECTOR, "#log tr")) == len(LOG)
        assert overflow(staff) == []
        staff.get("about:blank")
    finally:
        staff.quit()
