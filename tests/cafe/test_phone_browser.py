"""The players' page in a real headless browser at a phone's viewport (issue 15): opened
before the game by the set-up link (the attract screen's code), it follows the game
started; a whole recorded Fibonachos game replayed into the daemon while the page is
open, every card shown on the page as the OLED's flow has it (waiting on the DOM, no
sleeps); names typed on the page reach the OLED's confirm screen, one press takes them
and they reach the history; a wrong link and an old
game's link; screenshots of each step kept as artefacts (``$COMPANION_ARTEFACTS``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from cafe_browser import (  # noqa: F401 (artefacts_fixture, phone_fixture: the fixtures)
    NEEDS_CHROMIUM,
    Served,
    artefacts_fixture,
    phone_fixture,
    wait_for,
)
from daemon_harness import (
    ManualClock,
    fibonachos_steps,
    load_record,
    make_daemon,
    part_of,
    turning,
)

from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.daemon.runtime import Daemon
from companion.flows.status import TrickStatus
from companion.journal import Journal
from companion.ui.phone import NamesOffer
from companion.ui.screens import render
from companion.views import MessageView
from companion.web.phone import create_phone_app
from hardware.buttons import Button, ButtonEvent, PressKind

pytestmark = NEEDS_CHROMIUM

SUITS = {"R": "Red", "G": "Green", "Y": "Yellow", "S": "Spicy"}


def printed(notation: str) -> str:
    """A Fibonachos card as its face prints it (F1): "R13#2" is "Red 13"."""
    face = notation.split("#", maxsplit=1)[0]
    return f"{SUITS[face[0]]} {face[1:]}"


def _wait(browser: Any, check: Any, what: str, timeout: float = 10.0) -> None:
    wait_for(browser, check, what, timeout, poll=0.02)  # finely: the latency is printed


def _texts(browser: Any, css: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [str(e.text) for e in browser.find_elements(By.CSS_SELECTOR, css)]


def _shot(browser: Any, folder: Path, name: str) -> None:
    """A screenshot of the whole page (its full height, as a phone scrolls it)."""
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": max(740, int(height)), "deviceScaleFactor": 2, "mobile": True},
    )
    browser.save_screenshot(str(folder / name))
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )


def _on_page(daemon: Daemon) -> tuple[list[str], list[str]]:
    """What the page must show of the trick, from the flow the OLED draws: the cards of
    the trick on the table, and those of the last trick won."""
    flow = daemon.session.flow
    status = flow.status() if flow is not None else None
    if not isinstance(status, TrickStatus):
        return [], []
    return [printed(p.card) for p in status.plays], [printed(p.card) for p in status.last]


def _shows(browser: Any, plays: list[str], last: list[str]) -> bool:
    shown = _texts(browser, "#trick li.play b")
    last_text = " ".join(_texts(browser, "#last"))
    return shown == plays and all(name in last_text for name in last)


@pytest.mark.slow  # a whole game in a browser; test_phone_cafe, test_phone_setup_cafe,
# test_phone_offers and tests/daemon/test_phone_names check its parts in the fast set
def test_a_whole_game_live_on_a_phone(tmp_path: Path, phone: Any, artefacts: Path) -> None:
    """Issue 15: the page follows a whole replayed game card by card; names typed on the
    phone reach the OLED and the journal (the history); a wrong link is refused (403)
    and the link of a game that has ended shows it read-only."""
    record = load_record("fibonachos", "full-3p.json")
    steps = fibonachos_steps(record)
    clock = ManualClock()
    path = tmp_path / "journal.db"
    board = Board("t1", str(path))
    daemon = make_daemon(path, steps, clock=clock, parts=lambda table: [Phone(table, board)])
    hook = part_of(daemon, Phone)
    hook.turn(clock(), True)  # before a game: the set-up link (the attract code)
    _, set_up, _ = board.current()
    latencies: list[float] = []
    with Served(create_phone_app(board)) as served:
        phone.get(f"{served.url}/t/t1?k={set_up}")
        _wait(phone, lambda: bool(_texts(phone, "#waiting")), "the page waiting for a game")
        _shot(phone, artefacts, "phone-0-waiting.png")
        daemon.start_game("fibonachos", 3, [], {})
        daemon.start()
        hook.turn(clock(), True)
        game, token, _ = board.current()
        assert game is not None and token == set_up  # the set-up link is the game's
        url = f"{served.url}/t/t1?k={token}"
        # The page open since set-up follows the game (no scan again).
        _wait(phone, lambda: _texts(phone, "#scores td:first-child")[:1] == ["Ana"], "players")
        _shot(phone, artefacts, "phone-1-start.png")

        # Names from the phone: typed, sent, shown on the OLED; one press takes them.
        from selenium.webdriver.common.by import By

        for seat, name in enumerate(("Zoé", "Yann", "Xavier")):
            field = phone.find_element(By.NAME, f"name{seat}")
            field.clear()
            field.send_keys(name)
        with turning(lambda: hook.turn(clock(), False)):  # the loop answers
            phone.find_element(By.CSS_SELECTOR, "form.names button").click()
            _wait(phone, lambda: "select" in " ".join(_texts(phone, ".said")).lower(), "sent")
            _wait(phone, lambda: isinstance(daemon.app.page, NamesOffer), "the offer")
        offer = daemon.app.screen(clock())
        assert isinstance(offer, MessageView) and "Zoé, Yann, Xavier" in offer.lines[0]
        render(offer, (128, 64)).resize((512, 256)).save(artefacts / "oled-names-offer.png")
        assert daemon.app.players == ("Ana", "Ben", "Cy")  # not before the press
        assert Journal.read(path).game(game).players == ("Ana", "Ben", "Cy")
        daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
        assert daemon.app.players == ("Zoé", "Yann", "Xavier")  # what the OLED draws from
        assert "Zoé" in repr(daemon.app.screen(clock()))
        assert Journal.read(path).game(game).players == ("Zoé", "Yann", "Xavier")
        hook.turn(clock(), True)
        _wait(phone, lambda: "Zoé" in _texts(phone, "#scores td:first-child"), "new names")
        _shot(phone, artefacts, "phone-2-names.png")

        # The whole game, card by card: each change on the page before the next one.
        shots = {40: "phone-3-trick.png", 120: "phone-4-rounds.png"}
        step = 0
        while not daemon.ended:
            daemon.step()
            clock.advance(0.2)
            step += 1
            if daemon.session.flow is None:
                continue
            plays, last = _on_page(daemon)
            begun = time.monotonic()
            _wait(phone, lambda p=plays, la=last: _shows(phone, p, la), f"step {step}: {plays}")
            latencies.append(time.monotonic() - begun)
            if step in shots:
                _shot(phone, artefacts, shots[step])
        _wait(phone, lambda: bool(_texts(phone, "#result")), "the result")
        assert "Yann won" in _texts(phone, "#result")[0]  # Ben's seat (F8: highest total)
        assert _texts(phone, "#downloads a")
        assert phone.find_elements(By.CSS_SELECTOR, "#plot-spicy")
        _shot(phone, artefacts, "phone-5-result.png")
        picture = httpx2.get(f"{served.url}/t/t1/summary.png?k={token}")  # the PNG to share
        assert picture.headers["content-type"] == "image/png"
        (artefacts / "phone-summary.png").write_bytes(picture.content)
        phone.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
        )
        _shot(phone, artefacts, "phone-6-result-dark.png")

        # A wrong token is refused with a page that says what to do.
        phone.get(f"{served.url}/t/t1?k=not-the-token")
        _wait(phone, lambda: bool(_texts(phone, "#refused")), "refused")
        _shot(phone, artefacts, "phone-7-refused.png")
        assert httpx2.get(f"{served.url}/t/t1?k=not-the-token").status_code == 403

        # A new game: the old link shows the game that ended, read-only; names refused.
        daemon.start_game("fibonachos", 3, [], {})
        hook.turn(clock(), True)
        assert board.current()[1] not in ("", token)
        phone.get(url)
        _wait(phone, lambda: bool(_texts(phone, "#result")), "the old game, read-only")
        assert not phone.find_elements(By.CSS_SELECTOR, "form.names")
        refused = httpx2.post(
            f"{served.url}/t/t1/names",
            data={"k": token, "name0": "A", "name1": "B", "name2": "C"},
            headers={"Accept": "application/json"},
        )
        assert refused.status_code == 409
    print(f"page caught up with the flow: max {max(latencies):.3f} s over {len(latencies)}")
    assert all((artefacts / f).stat().st_size > 10_000 for f in ("phone-5-result.png",))
