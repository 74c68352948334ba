"""The cafe's pages in a real headless Chromium set up in a region (issue 14; DESIGN.md
"Player-facing text"): a browser of en-GB or fr-CA, sending its own Accept-Language
(no language cookie), reads the history's dates as its region writes them, and its
own date fields, which read a typed date the region's way, find the same games
(:mod:`cafe_pages` fills the cafe; :mod:`test_web_regions` checks each page's words
without a browser). Screenshots of the history and a table's page are kept in
``COMPANION_ARTEFACTS``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cafe_pages as made
import pytest
from cafe_browser import (  # noqa: F401 (artefacts_fixture: the fixture)
    artefacts_fixture,
    chromium,
    wait_for,
)
from test_web_regions import STARTED

#: The cafe of cafe_pages, this module's fixture.
cafe_fixture = made.cafe_fixture

pytestmark = made.needs_chromium

#: A day typed into the history's "From" field as each region's Chromium reads it (its
#: fr-CA fields are France's, day first, though Canada's CLDR dates are year first).
TYPED = {"en-GB": "17032026", "fr-CA": "17032026"}
#: Each region's language pack (Debian's chromium-l10n): without it Chromium falls back
#: to en-US, and its date fields read mm/dd/yyyy whatever ``--lang`` says.
PACKS = {"en-GB": "en-GB.pak", "fr-CA": "fr.pak"}


#: Where Debian's chromium keeps its language packs (/usr/bin/chromium is a script).
LOCALES = Path("/usr/lib/chromium/locales")


def _pack_missing(lang: str) -> bool:
    """Whether Debian's Chromium lacks the language pack of ``lang``."""
    return LOCALES.is_dir() and not (LOCALES / PACKS[lang]).is_file()


def _started(browser: Any) -> list[str]:
    """When the history's games started, as the page writes them (WebDriver reads a
    no-break space as a space: put back as the page has it)."""
    from selenium.webdriver.common.by import By

    found = browser.find_elements(By.CSS_SELECTOR, "table.games td a")
    return [e.get_attribute("textContent") for e in found]


def _ready(browser: Any, path: str) -> None:
    loaded = "return document.readyState"
    wait_for(browser, lambda: browser.execute_script(loaded) == "complete", path)


@pytest.mark.parametrize("lang", TYPED)
def test_a_browser_reads_the_dates_of_its_region(
    cafe: tuple[str, dict[str, str]], tmp_path: Path, artefacts: Path, lang: str
) -> None:
    """Issue 14: Chromium set up in en-GB reads "17/03/2026, 11:00" (day first; before,
    "3/17/26, 11:00 AM" whatever its region), in fr-CA "2026-03-17 11 h 00"; the page's
    ``lang`` is the browser's region's, and a day typed in the browser's own "From"
    field the region's way finds the same games."""
    from selenium.webdriver.common.by import By

    if _pack_missing(lang):
        pytest.skip(f"chromium-l10n (Chromium's {lang} language pack) not installed")
    url, _ = cafe
    browser = chromium(tmp_path / "profile", lang)
    try:
        browser.get(f"{url}/games?table={made.LONG_TABLE}")
        _ready(browser, "/games")
        assert browser.execute_script("return navigator.language") == lang
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert STARTED[lang] in _started(browser)
        since = browser.find_element(By.NAME, "since")
        since.send_keys(TYPED[lang])
        assert since.get_attribute("value") == "2026-03-17"
        since.submit()
        wait_for(browser, lambda: "since=2026-03-17" in browser.current_url, "the filter")
        _ready(browser, "/games?since=")
        assert STARTED[lang] in _started(browser)
        browser.get(f"{url}/games?table={made.LONG_TABLE}&since=2026-03-17")
        _ready(browser, "/games")
        browser.save_screenshot(str(artefacts / f"history-{lang}.png"))
        browser.get(f"{url}/tables/{made.LONG_TABLE}")
        _ready(browser, "/tables")
        browser.save_screenshot(str(artefacts / f"table-{lang}.png"))
        browser.get("about:blank")  # the live feeds close before the server stops
    finally:
        browser.quit()
