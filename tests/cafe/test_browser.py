"""The dashboard in a real headless browser (issue 14): a table's new score shows live
(server-sent events) without a reload; screenshots of the dashboard, a leaderboard
and a game page are kept as artefacts (``$COMPANION_ARTEFACTS`` or pytest's tmp), and
of a rummy table's card right after a round ends (``rummy-round-end-card.png``: the
next round's first player marked, R4)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from broker_harness import Broker
from cafe_browser import (  # noqa: F401 (artefacts_fixture: the fixture)
    NEEDS_CHROMIUM,
    Served,
    artefacts_fixture,
    chromium,
    wait_for,
)
from cafe_fixtures import PASSWORD, PASSWORD_HASH, Servers, state_with
from cafe_sim import CAFE, SimTable, dumps, wait_until
from test_dashboard_turn import payload, rummy_after_round_one
from test_leaderboard import GAMES

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.cafe.batch import Incoming
from companion.cafe.server import CafeServer
from companion.flows.registry import make_flow
from companion.table.cards import TableCard
from companion.web.app import create_app

pytestmark = NEEDS_CHROMIUM


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    driver = chromium(tmp_path / "profile")
    yield driver
    driver.quit()


def _text(browser: Any, css: str) -> str:
    from selenium.webdriver.common.by import By

    found = browser.find_elements(By.CSS_SELECTOR, css)
    return str(found[0].text) if found else ""


@pytest.mark.slow  # the fast set drives the browser through the staff's log page below
def test_a_new_score_shows_live_and_the_pages_look_right(
    servers: Servers, journal: Path, browser: Any, artefacts: Path
) -> None:
    server = servers.start()
    port = servers.settings.broker.port
    tables = [SimTable(name, port, journal) for name in ("t1", "t2", "t3")]
    for table in tables:
        table.connect()
        table.play()
    now = time.time()
    tables[0].send_state([12, 5, 8], at=now, idle=40)
    tables[1].send_state([3, 30, 0], at=now, idle=400)
    finished = SimTable("t4", port, journal)  # finished games, for the leaderboard
    finished.connect()
    for item in GAMES:
        finished.publish("events", dumps({**json.loads(item.payload), "table": "t4"}))
    finished.disconnect()
    for table in tables[:2]:
        table.wait_ack(table.events[-1][1].seq, 2)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with Served(app) as served:
        browser.get(served.url + "/")
        wait_for(browser, lambda: "12" in _text(browser, "#table-t1 .scores"), "t1's scores")
        browser.execute_script("window.stillThisPage = true;")
        tables[2].disconnect()
        tables[0].send_state([21, 5, 8], at=now + 5, idle=0)
        wait_for(browser, lambda: "21" in _text(browser, "#table-t1 .scores"), "the new score")
        assert browser.execute_script("return window.stillThisPage === true;")
        wait_for(browser, lambda: "offline" in _text(browser, "#table-t3").lower(), "t3 offline")
        browser.save_screenshot(str(artefacts / "dashboard.png"))
        browser.get(served.url + "/leaderboard?game=fibonachos&period=all")
        browser.save_screenshot(str(artefacts / "leaderboard.png"))
        browser.get(served.url + "/games/t1/1")
        wait_for(
            browser,
            lambda: browser.execute_script(
                "const i = document.querySelector('.plot img');"
                " return i && i.complete && i.naturalWidth > 0;"
            ),
            "the plot",
        )
        browser.save_screenshot(str(artefacts / "game.png"))
        browser.get("about:blank")  # the live feed closes before the server stops
    for table in tables[:2]:
        table.disconnect()
    assert all(
        (artefacts / f"{n}.png").stat().st_size > 10_000
        for n in ("dashboard", "leaderboard", "game")
    )


def test_staff_see_a_tables_log_lines_after_logging_in(
    servers: Servers, journal: Path, browser: Any, artefacts: Path
) -> None:
    """Issue 14 "see its log lines": the table's page shows its recent log lines to
    staff only, once logged in (the lines came over the real broker)."""
    from selenium.webdriver.common.by import By

    server = servers.start()
    settings = BusSettings(
        "127.0.0.1", servers.settings.broker.port, Topics(CAFE, "t1"), "table-t1"
    )
    bus = TableBus(settings, journal, key=None)
    ring = bus.logs
    line = "camera: cannot open: no camera (retrying in 0.5 s)"
    ring.handle(logging.LogRecord("companion.daemon.links", logging.ERROR, "", 1, line, None, None))
    bus.start()
    try:
        wait_until(lambda: line in [x.text for x in server.log_lines("t1")], what="the line")
        app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
        with Served(app) as served:
            browser.get(served.url + "/tables/t1")
            wait_for(browser, lambda: "t1" in _text(browser, "h1"), "the table's page")
            assert line not in browser.page_source
            browser.get(served.url + "/login?next=/tables/t1")
            browser.find_element(By.NAME, "password").send_keys(PASSWORD)
            browser.find_element(By.CSS_SELECTOR, "form.login button").click()
            wait_for(browser, lambda: line in _text(browser, "#log"), "the log lines")
            assert "ERROR" in _text(browser, "#log")
            browser.save_screenshot(str(artefacts / "table-log.png"))
            browser.get("about:blank")
    finally:
        bus.close()
    assert (artefacts / "table-log.png").stat().st_size > 10_000


def _marked(browser: Any) -> list[str]:
    """The rows of t1's card marked to play, by their name cell's text."""
    from selenium.webdriver.common.by import By

    rows = browser.find_elements(By.CSS_SELECTOR, "#table-t1 tr.to-play td:first-child")
    return [str(row.text).replace("◀", "").strip() for row in rows]


@pytest.mark.slow  # the fast set checks the card in-process: test_dashboard_turn.py
def test_a_rummy_card_marks_the_next_rounds_first_player_live(
    servers: Servers, journal: Path, browser: Any, artefacts: Path
) -> None:
    """R4: Cy is laying cards in round 1 (marked); the round ends and the table sends
    its ``state``: the open dashboard marks Ben, who starts round 2, without a reload
    and before any card of round 2 lies (before, no row was marked)."""
    from selenium.webdriver.common.by import By

    players = ["Ana", "Ben", "Cy"]
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    laying = make_flow("rummy21", players, [], options={})
    laying.placed(TableCard("rummy21/1/21/1", "rummy21", "21", "meld-2", (0.1, 0.1)))
    table.publish("state", payload(laying, players, at=time.time()), retain=True)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with Served(app) as served:
        browser.get(served.url + "/")
        wait_for(browser, lambda: _marked(browser) == ["Cy"], "Cy laying cards")
        browser.execute_script("window.stillThisPage = true;")
        ended, _ = rummy_after_round_one(players)
        table.publish("state", payload(ended, players, at=time.time()), retain=True)
        card = "#table-t1 .game"
        wait_for(
            browser, lambda: "round 2" in browser.find_element(By.CSS_SELECTOR, card).text, "r2"
        )
        assert _marked(browser) == ["Ben"]
        assert browser.execute_script("return window.stillThisPage === true;")
        shot = artefacts / "rummy-round-end-card.png"
        browser.find_element(By.ID, "table-t1").screenshot(str(shot))
        browser.get("about:blank")  # the live feed closes before the server stops
    table.disconnect()
    assert shot.stat().st_size > 2_000


def test_the_not_receiving_banner_comes_and_goes_live(
    servers: Servers, broker: Broker, journal: Path, browser: Any, artefacts: Path
) -> None:
    """Issue 22 (no message or outage silences the cafe unseen): a dashboard left open
    says "not receiving" as soon as the broker goes, without a reload, and stops
    saying it when the server is connected again; before, the open page kept every
    table's last card, online, and the banner came only with a reload."""
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    table.send_state([12, 5, 8], at=time.time(), idle=0)
    wait_until(lambda: "t1" in server.ingest.tables, what="t1's state")
    table.disconnect()
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with Served(app) as served:
        browser.get(served.url + "/")
        wait_for(browser, lambda: _text(browser, "#table-t1") != "", "t1's card")
        browser.execute_script("window.stillThisPage = true;")
        assert _text(browser, "#not-receiving") == ""
        broker.stop()
        wait_for(browser, lambda: _text(browser, "#not-receiving") != "", "the banner")
        assert _text(browser, "#not-receiving").startswith("Not receiving: nothing the tables")
        browser.save_screenshot(str(artefacts / "dashboard-not-receiving.png"))
        broker.start()
        wait_for(browser, lambda: _text(browser, "#not-receiving") == "", "the banner gone")
        assert browser.execute_script("return window.stillThisPage === true;")


def test_a_card_of_long_names_keeps_its_scores_in_view_on_a_phone(
    server: CafeServer, browser: Any, artefacts: Path
) -> None:
    """The bus contract lets a table name 8 players of 20 characters each (shown names
    1 to 20 characters, at most 8: docs/security.md); a name of 20 wide letters pushed
    the card's scores out of it on a phone (390 px: the page 980 px wide, the scores
    off the screen). Now a name breaks anywhere, and every score is on the screen."""
    players = ["W" * 20, "Maximilian-Alexander", "Ana", "M" * 20]
    state = state_with(players=players, totals=[-1234, 56, 7, 8901], to_play=3)
    server.take([Incoming("t1", "state", state)])
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    browser.set_window_size(390, 844)
    with Served(app) as served:
        browser.get(served.url + "/")
        wait_for(browser, lambda: "Maximilian" in _text(browser, "#table-t1"), "t1's card")
        width = browser.execute_script("return window.innerWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        rights = browser.execute_script(
            "return Array.from(document.querySelectorAll('#table-t1 td.num'),"
            " (cell) => cell.getBoundingClientRect().right)"
        )
        assert len(rights) == 4 and max(rights) <= width, rights
        browser.save_screenshot(str(artefacts / "dashboard-long-names-phone.png"))
