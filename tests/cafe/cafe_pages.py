"""A cafe of 21 tables for the browser tests of its pages (test_pages_browser.py,
test_pages_words_browser.py): players' names of 20 characters, a game of every kind
in play with its players' page, finished games of every kind, two messages set aside,
a burst of log lines; served on loopback, and a headless Chromium the size of a phone
(390 x 844)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from cafe_browser import NEEDS_CHROMIUM, Served, chromium, wait_for
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable, play_journal
from test_leaderboard import GAMES

from companion.bus.contract import LogEntry, TableState, Topics
from companion.bus.messages import game_state
from companion.cafe.ingest import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.flows.base import GameFlow
from companion.flows.registry import make_flow
from companion.views.live import link_digest, table_view
from companion.web.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flows"))
from flow_tables import load, play_fibonachos, play_rummy, play_trump

needs_chromium = NEEDS_CHROMIUM
#: Players' names as long as the names step takes (20 characters).
LONG = [
    "Maximilienne-Charlot",
    "Bartholomew Fitzroy",
    "Anne-Sophie Duvallon",
    "Jean-Baptiste Moreau",
]
#: The names of the leaderboard's games (test_leaderboard.GAMES), played here by LONG.
SHORT = ["Ana", "Ben", "Cy"]
#: A table's name of 20 characters.
LONG_TABLE = "terrace-by-window-02"
WIDTH, HEIGHT = 390, 844
#: A table's log lines (seconds after the first, level, text).
LOG = [
    (0, "ERROR", "camera: cannot open: no camera (retrying in 0.5 s)"),
    (1, "WARNING", "display: I2C write failed at 0x3c, retrying"),
    (7, "INFO", "card R5#1 placed in play"),
    (41, "WARNING", "camera: back after 3.0 s"),
]


def in_play() -> dict[str, tuple[GameFlow, list[str]]]:
    """A game of every kind in play: Rummy 89 after its first round (totals past a
    thousand), Trump with its trump and symbol turned up, a fresh hex referee and
    Fibonachos."""
    rummy = load("rummy", "rummy89-full.json")
    players = LONG[: len(rummy["players"])]
    flow = make_flow("rummy89", players, rummy["variants"], options={})
    play_rummy(flow, {**rummy, "rounds": rummy["rounds"][:1]})
    trump = make_flow("trump", LONG, [], options={})  # four seats, as examples/trump/short
    first = load("trump", "short.json")["rounds"][0]
    play_trump(trump, {"rounds": [{**first, "tricks": []}]})
    return {
        "rummy89": (flow, players),
        "trump": (trump, LONG),
        "hex-referee": (make_flow("hex-referee", LONG[:2], [], options={}), LONG[:2]),
        "fibonachos": (make_flow("fibonachos", LONG[:3], [], options={}), LONG[:3]),
    }


def fill_cafe(folder: Path) -> tuple[CafeServer, dict[str, str]]:
    """A cafe of 21 tables: t1 with two whole games, then t2..t21 (t2 named at length),
    each with a game of one kind in play and its players' page (the tokens, by table)."""
    settings = settings_for(1, folder / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    journal = play_journal(folder / "journal.db", games=2, players=LONG[:3])
    sim = SimTable("t1", 1, journal)
    server.take([Incoming("t1", "status", b"online")])
    server.take([Incoming("t1", "events", payload) for payload in sim.payloads()])
    # The leaderboard's games (Fibonachos, hex, rummy), at the long-named table, played
    # by the long names.
    renamed = [(f'"{a}"', f'"{b}"') for a, b in zip(SHORT, LONG[:3], strict=True)]
    renamed.append(('"table":"t1"', f'"table":"{LONG_TABLE}"'))
    finished = []
    for item in GAMES:
        text = item.payload.decode()
        for short, name in renamed:
            text = text.replace(short, name)
        finished.append(Incoming(LONG_TABLE, "events", text.encode()))
    server.take(finished)
    # t1's last game has ended; its players' page shows the result.
    ended = make_flow("fibonachos", LONG[:3], [], options={"dealer": 2})
    play_fibonachos(ended, load("fibonachos", "full-3p.json"))
    view = table_view(ended, LONG[:3], game_id=3, ended="over")
    game = replace(game_state(3, ended, LONG[:3]), live=view, link=link_digest("token-ended"))
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    state = TableState("t1", at=1_700_000_000.0, game=game, devices=devices, idle=60.0)
    server.take([Incoming("t1", "state", state.payload(Topics(CAFE, "t1")))])
    # A burst of t1's log lines, seconds apart (the staff's table page lists them).
    at = datetime(2023, 11, 14, 22, 13, 20).timestamp()
    for n, (later, level, text) in enumerate(LOG):
        server.logs.keep(LogEntry("t1", "b1", n, at + later, level, "companion.daemon", text))
    # Two messages the server sets aside (the staff's dashboard lists them).
    poison = b'{"v":1,"cafe":"corner","table":"t9","game":{"id":1,"players":["A\\u0000"]}}'
    server.take([Incoming("t9", "events", poison), Incoming("t3", "events", b"{not JSON")])
    games = list(in_play().items())
    tokens: dict[str, str] = {}
    for number in range(2, 22):
        table = LONG_TABLE if number == 2 else f"t{number}"
        kind, (flow, players) = games[number % len(games)]
        token = f"token-{number}"
        view = table_view(flow, players, game_id=1)
        game = replace(game_state(1, flow, players), live=view, link=link_digest(token))
        tokens[kind] = tokens.get(kind) or f"/t/{table}?k={token}"
        devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
        state = TableState(table, at=1_700_000_000.0, game=game, devices=devices, idle=60.0)
        body = state.payload(Topics(CAFE, table))
        server.take([Incoming(table, "status", b"online"), Incoming(table, "state", body)])
    return server, tokens


@pytest.fixture(name="cafe", scope="module")
def cafe_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """The filled cafe served on loopback: its address and a players' page per game."""
    server, pages = fill_cafe(tmp_path_factory.mktemp("cafe"))
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    try:
        with Served(app) as served:
            yield served.url, pages
    finally:
        server.store.close()


@pytest.fixture(name="phone", scope="module")
def phone_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium the size of a common phone."""
    driver = chromium(tmp_path_factory.mktemp("profile"))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
    )
    yield driver
    driver.get("about:blank")  # the live feeds close before the server stops
    driver.quit()


def open_page(phone: Any, url: str, path: str, lang: str) -> None:
    """``path`` in ``lang`` (the language cookie set as the page's switch sets it)."""
    phone.get(f"{url}/lang/{lang}?next=/login")
    phone.get(url + path)
    wait_for(phone, lambda: phone.execute_script("return document.readyState") == "complete", path)


def overflow(phone: Any) -> list[str]:
    """What sticks out of the phone's width: the page itself, or a cell of the games'
    list (a table scrolled in its own box hides a cell as surely as a wide page)."""
    return list(
        phone.execute_script(
            """
            const out = [];
            const w = window.innerWidth;
            if (w !== arguments[0]) out.push('viewport ' + w);
            if (document.documentElement.scrollWidth > w)
              out.push('page ' + document.documentElement.scrollWidth);
            const cells = 'table.games td, table.board td, #rounds th, #set-aside td, #log td';
            for (const td of document.querySelectorAll(cells))
              if (td.getBoundingClientRect().right > w + 0.5)
                out.push(td.tagName + ' ' + td.textContent.trim().slice(0, 30));
            return out;
            """,
            WIDTH,
        )
    )


#: How the browser lays out each cell of a selector: its text cut where its lines start
#: (read from where each character is drawn), its title, and whether it is cut short
#: (its text wider than its box).
LINES = """
const out = [];
for (const cell of document.querySelectorAll(arguments[0])) {
  const lines = [''];
  let top = null;
  const range = document.createRange();
  const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode())
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (top !== null && box.top > top + 2) lines.push('');
      top = box.top;
      lines[lines.length - 1] += node.data[i];
    }
  out.push({lines: lines, title: cell.title, cut: cell.scrollWidth > cell.clientWidth});
}
return out;
"""


#: WCAG 2's contrast ratio of an element's text on the page's background.
CONTRAST = """
const lum = (css) => {
  const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const text = lum(getComputedStyle(arguments[0]).color);
const back = lum(getComputedStyle(document.body).backgroundColor);
return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
"""
