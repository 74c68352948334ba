"""The hex board on a phone, in a real headless Chromium at a small phone's width (issue
24, the referee that watches the board; issue 15, the players' page): the board the
camera sees is drawn across the page, its 26 pieces on their cells (H1), and it follows
the game live (server-sent events) as the table takes each position: the moves last
made lit, said by whom; a change refused (H3) says to put the pieces back. Screenshots
are kept as artefacts (``$COMPANION_ARTEFACTS``), light and dark."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cafe_browser import (  # noqa: F401 (artefacts_fixture, phone_fixture: the fixtures)
    NEEDS_CHROMIUM,
    Served,
    artefacts_fixture,
    phone_fixture,
    wait_for,
)

from companion.daemon.board import Board
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell
from companion.views.live import table_view
from companion.web.phone import create_phone_app

pytestmark = NEEDS_CHROMIUM
PLAYERS = ["Ana", "Ben"]


def _shown(browser: Any) -> dict[str, Any]:
    script = """
    const board = document.querySelector('#board');
    if (!board) return {};
    const box = board.getBoundingClientRect();
    return {
      width: box.width,
      pieces: board.querySelectorAll('.piece').length,
      lit: board.querySelectorAll('.cell.lit').length,
      played: (document.querySelector('#played') || {}).textContent || '',
    };
    """
    shown: dict[str, Any] = browser.execute_script(script)
    return shown


def _banner(browser: Any) -> str:
    from selenium.webdriver.common.by import By

    return str(browser.find_element(By.ID, "now").text)


def _background(browser: Any) -> tuple[int, ...]:
    """The banner's background colour, as the browser computes it."""
    colour = browser.execute_script(
        "return getComputedStyle(document.getElementById('now')).backgroundColor"
    )
    return tuple(int(part) for part in re.findall(r"\d+", str(colour))[:3])


def _shot(browser: Any, folder: Path, name: str, *, dark: bool = False) -> None:
    scheme = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": scheme})
    browser.save_screenshot(str(folder / name))


def test_the_board_follows_the_game_on_a_phone(tmp_path: Path, phone: Any, artefacts: Path) -> None:
    """The page opened at H1's start shows the whole board across the phone, every piece
    drawn; Black's b2-c2 and then White's k2-j2 reach it as the table takes them, each
    lit and said by whom, with no reload; then a move refused says to put the pieces
    back, over the board as the game has it."""
    flow = HexCameraFlow(PLAYERS, [])
    board = Board("t1", str(tmp_path / "journal.db"))
    board.publish(1, "tok", table_view(flow, PLAYERS, game_id=1))
    with Served(create_phone_app(board)) as served:
        phone.get(f"{served.url}/t/t1?k=tok")
        wait_for(phone, lambda: _shown(phone).get("pieces") == 26, "the board with 26 pieces")
        start = _shown(phone)
        assert start["width"] >= 300 and start["lit"] == 0  # across a 360 px phone
        _shot(phone, artefacts, "phone-hex-0-start.png")
        position = START.after(Cell.parse("b2"), Cell.parse("c2"))
        flow.seen(position)
        board.publish(1, "tok", table_view(flow, PLAYERS, game_id=1))
        wait_for(phone, lambda: "b2-c2" in _shown(phone)["played"], "Black's move")
        assert _shown(phone)["played"] == "Black (Ana) played b2-c2"
        flow.seen(position.after(Cell.parse("k2"), Cell.parse("j2")))
        board.publish(1, "tok", table_view(flow, PLAYERS, game_id=1))
        wait_for(phone, lambda: "k2-j2" in _shown(phone)["played"], "White's move")
        after = _shown(phone)
        assert after["played"] == "White (Ben) played k2-j2"
        assert after["lit"] == 2 and after["pieces"] == 26
        _shot(phone, artefacts, "phone-hex-1-moved.png")
        _shot(phone, artefacts, "phone-hex-1-moved-dark.png", dark=True)
        moved = position.after(Cell.parse("k2"), Cell.parse("j2"))
        flow.seen(moved.after(Cell.parse("k3"), Cell.parse("f6")))  # k3 cannot reach f6
        board.publish(1, "tok", table_view(flow, PLAYERS, game_id=1))
        wait_for(phone, lambda: "refused" in _banner(phone), "the refusal")
        assert (
            _banner(phone)
            == "White (Ben): move refused. Put the pieces back as on the board below."
        )
        _shot(phone, artefacts, "phone-hex-2-refused.png")
        _shot(phone, artefacts, "phone-hex-2-refused-dark.png", dark=True)
        # The red of a refusal is a dark red at night, under the night's light words
        # (before, its light pink stayed under them: white on pink, unreadable).
        red, green, blue = _background(phone)
        assert red + green + blue < 200 and red > blue, (red, green, blue)
