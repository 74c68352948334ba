"""Every page of the cafe as a person sees it, in a real headless browser at a phone's
width (390 x 844 CSS pixels), in English and in French (issues 14 and 15, DESIGN.md
"Player-facing text"): a cafe of 20 tables with players' names of 20 characters and a
game of every kind in play, the pages fit the phone's width, name the games and write
the numbers in the page's language, list the tables in counting order, and the error
pages say what happened in that language."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cafe_browser import CHROMEDRIVER, CHROMIUM, Served, chromium, wait_for
from cafe_fixtures import KEY, PASSWORD, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable, play_journal
from test_leaderboard import GAMES

from companion.bus.contract import TableState, Topics
from companion.cafe.ingest import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.flows.base import GameFlow
from companion.flows.registry import make_flow
from companion.views.live import game_facts, link_digest, table_view
from companion.web.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flows"))
from flow_tables import load, play_fibonachos, play_rummy

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="chromium and chromium-driver not installed"
)

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


def _in_play() -> dict[str, tuple[GameFlow, list[str]]]:
    """A game of every kind in play: Rummy 89 after its first round (totals past a
    thousand), a fresh Trump and hex referee, Fibonachos."""
    rummy = load("rummy", "rummy89-full.json")
    players = LONG[: len(rummy["players"])]
    flow = make_flow("rummy89", players, rummy["variants"], options={})
    play_rummy(flow, {**rummy, "rounds": rummy["rounds"][:1]})
    return {
        "rummy89": (flow, players),
        "trump": (make_flow("trump", LONG[:3], [], options={}), LONG[:3]),
        "hex-referee": (make_flow("hex-referee", LONG[:2], [], options={}), LONG[:2]),
        "fibonachos": (make_flow("fibonachos", LONG[:3], [], options={}), LONG[:3]),
    }


def _fill(folder: Path) -> tuple[CafeServer, dict[str, str]]:
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
    game = game_facts(3, ended, LONG[:3])
    view = table_view(ended, LONG[:3], game_id=3, ended="over")
    game.update({"live": view, "link": link_digest("token-ended")})
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    state = TableState("t1", at=1_700_000_000.0, game=game, devices=devices, idle=60.0)
    server.take([Incoming("t1", "state", state.payload(Topics(CAFE, "t1")))])
    # Two messages the server sets aside (the staff's dashboard lists them).
    poison = b'{"v":1,"cafe":"corner","table":"t9","game":{"id":1,"players":["A\\u0000"]}}'
    server.take([Incoming("t9", "events", poison), Incoming("t3", "events", b"{not JSON")])
    games = list(_in_play().items())
    tokens: dict[str, str] = {}
    for number in range(2, 22):
        table = LONG_TABLE if number == 2 else f"t{number}"
        kind, (flow, players) = games[number % len(games)]
        token = f"token-{number}"
        game = game_facts(1, flow, players)
        game.update({"live": table_view(flow, players, game_id=1), "link": link_digest(token)})
        tokens[kind] = tokens.get(kind) or f"/t/{table}?k={token}"
        devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
        state = TableState(table, at=1_700_000_000.0, game=game, devices=devices, idle=60.0)
        body = state.payload(Topics(CAFE, table))
        server.take([Incoming(table, "status", b"online"), Incoming(table, "state", body)])
    return server, tokens


@pytest.fixture(scope="module")
def cafe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """The filled cafe served on loopback: its address and a players' page per game."""
    server, pages = _fill(tmp_path_factory.mktemp("cafe"))
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    try:
        with Served(app) as served:
            yield served.url, pages
    finally:
        server.store.close()


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium the size of a common phone."""
    driver = chromium(tmp_path_factory.mktemp("profile"))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
    )
    yield driver
    driver.get("about:blank")  # the live feeds close before the server stops
    driver.quit()


def _open(phone: Any, url: str, path: str, lang: str) -> None:
    """``path`` in ``lang`` (the language cookie set as the page's switch sets it)."""
    phone.get(f"{url}/lang/{lang}?next=/login")
    phone.get(url + path)
    wait_for(phone, lambda: phone.execute_script("return document.readyState") == "complete", path)


def _overflow(phone: Any) -> list[str]:
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
            const cells = 'table.games td, table.board td, #rounds th, #set-aside td';
            for (const td of document.querySelectorAll(cells))
              if (td.getBoundingClientRect().right > w + 0.5)
                out.push(td.tagName + ' ' + td.textContent.trim().slice(0, 30));
            return out;
            """,
            WIDTH,
        )
    )


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
        _open(phone, url, path, lang)
        if path.startswith("/leaderboard"):  # with its players, not its empty line
            assert phone.find_elements(By.CSS_SELECTOR, "table.board td a")
        if found := _overflow(phone):
            wrong[path] = found
    assert wrong == {}


def test_french_pages_say_the_games_and_numbers_in_french(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """DESIGN.md "Player-facing text": in French the dashboard and the players' page
    name the games as the table's screen does ("Arbitre hex", "Rami 89", not "Hex
    referee") and write a total past a thousand as French does ("-1 034", a narrow
    no-break space; before, "-1034" in both languages); hex moves are counted without
    a wrong plural ("Coups restants : 1 sur 1", before "1 coups restants sur 1"); an
    idle time of days is written "j"."""
    from selenium.webdriver.common.by import By

    url, pages = cafe
    _open(phone, url, "/", "fr")
    games = [e.text for e in phone.find_elements(By.CSS_SELECTOR, "#tables .game")]
    assert any(g.startswith("Arbitre hex") for g in games), games
    assert any(g.startswith("Rami 89") for g in games), games
    assert not any("Hex referee" in g or "Rummy" in g for g in games), games
    scores = phone.find_element(By.ID, "tables").text
    assert "-1\u202f034" in scores and "-1034" not in scores
    # Tables idle since 2023 (their state's time): days are "j" in French, from the
    # page and from cafe.js's ticking alike (before, "3 d" in both languages).
    idle = phone.find_element(By.CSS_SELECTOR, "#tables .idle-time span")
    assert idle.text.endswith(" j") and idle.get_attribute("data-days") == "{days} j"
    phone.execute_script("tickIdle();")
    assert idle.text.endswith(" j")
    _open(phone, url, "/", "en")
    assert "-1,034" in phone.find_element(By.ID, "tables").text
    assert phone.find_element(By.CSS_SELECTOR, "#tables .idle-time span").text.endswith(" d")
    _open(phone, url, pages["hex-referee"], "fr")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Arbitre hex"
    assert phone.title.startswith("Arbitre hex")
    assert phone.find_element(By.ID, "moves").text == "Coups restants : 1 sur 1"
    _open(phone, url, pages["rummy89"], "fr")
    assert "-1\u202f034" in phone.find_element(By.ID, "rounds").text
    # The plot's value axis: French numbers, few enough graduations to read on a phone
    # (before, "-1000" and one every 100, fifteen of them).
    svg = phone.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('plot-totals').src).then(r => r.text()).then(done);"
    )
    axis = svg.split('class="axis y', 1)[1].split('class="axis', 1)[0]
    labels = re.findall(r"<text[^>]*>([^<]+)</text>", axis)
    assert "-1\u202f000" in labels and "-1000" not in labels
    assert len(labels) <= 9, labels


def test_the_tables_come_in_counting_order(cafe: tuple[str, dict[str, str]], phone: Any) -> None:
    """Issue 14 "every table at a glance": t2 comes before t10, as staff count their
    tables (before, t1, t10, t11... t19, t2, t20)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    _open(phone, url, "/", "en")
    names = [e.get_attribute("id") for e in phone.find_elements(By.CSS_SELECTOR, "article.card")]
    numbered = [n for n in names if n != f"table-{LONG_TABLE}"]
    assert numbered == [f"table-t{n}" for n in range(1, 22) if n != 2]


def test_error_pages_say_what_happened_in_the_pages_language(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """DESIGN.md "Player-facing text": a missing game's page in French says so in
    French, with its title and a way back to the tables, and shows none of the
    server's English words ("no game 999 of table t1"; before, the title was "404"
    and the only sentence that English one); a body too large (413) says so."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    _open(phone, url, "/games/t1/999", "fr")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Introuvable"
    assert phone.title.startswith("Introuvable")
    assert "no game" not in phone.find_element(By.TAG_NAME, "main").text
    assert phone.find_element(By.CSS_SELECTOR, "main a[href='/']").text == "Retour aux tables"
    _open(phone, url, "/login", "en")
    phone.execute_script(
        "const form = document.querySelector('form.login');"
        "const big = document.createElement('textarea');"
        "big.name = 'padding'; big.value = 'x'.repeat(300000); form.appendChild(big);"
        "form.querySelector('input[name=password]').value = 'wrong';"
        "form.submit();"
    )
    wait_for(phone, lambda: phone.title.startswith("Too large"), "the 413 page")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Too large"


def test_an_empty_cafe_says_how_tables_come(tmp_path: Path, phone: Any) -> None:
    """Issue 14: a cafe whose tables have not spoken yet says how a table comes onto
    the dashboard, in the page's language (before, only "No table has said anything
    yet."), and the page fits the phone."""
    from selenium.webdriver.common.by import By

    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    try:
        with Served(app) as served:
            for lang, words in (("en", "connected to the cafe's broker"), ("fr", "broker du café")):
                _open(phone, served.url, "/", lang)
                assert words in phone.find_element(By.ID, "no-table").text
                assert _overflow(phone) == []
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
        _open(phone, url, path, "fr")
        current = phone.find_elements(By.CSS_SELECTOR, "header [aria-current='page']")
        assert [e.text for e in current] == [link]


def test_the_staffs_pages_fit_a_phone(cafe: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    """Issue 22 "quarantined and shown": logged in on a phone, the staff's dashboard
    lists the messages set aside within the screen's width, and the table's page its
    staff forms (before, the reasons ran off the right edge)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    staff = chromium(tmp_path / "profile")
    try:
        staff.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
        )
        _open(staff, url, "/login", "en")
        staff.find_element(By.NAME, "password").send_keys(PASSWORD)
        staff.find_element(By.CSS_SELECTOR, "form.login button").click()
        wait_for(staff, lambda: bool(staff.find_elements(By.ID, "set-aside")), "set aside")
        assert len(staff.find_elements(By.CSS_SELECTOR, "#set-aside tbody tr")) == 2
        assert _overflow(staff) == []
        _open(staff, url, "/tables/t1", "fr")
        assert staff.find_elements(By.CSS_SELECTOR, "form.danger button")
        assert _overflow(staff) == []
        staff.get("about:blank")
    finally:
        staff.quit()


def test_an_ended_game_without_rounds_shows_its_players(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """Issue 14 "each game's rounds as a table": a hex game that ended (H: no rounds,
    no points) names its players, linked to their pages, and the one who won; it no
    longer says "No round scored yet", which reads as a game still waiting."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    _open(phone, url, f"/games/{LONG_TABLE}/5", "en")
    main = phone.find_element(By.TAG_NAME, "main").text
    assert "No round scored yet" not in main
    players = phone.find_elements(By.CSS_SELECTOR, "#players a")
    assert [p.text for p in players] == [LONG[0], LONG[1]]
    assert f"won by {LONG[1]}" in main
    assert _overflow(phone) == []


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


def test_muted_and_winning_words_are_readable(cafe: tuple[str, dict[str, str]], phone: Any) -> None:
    """WCAG 2 AA (4.5:1 for text): the dashboard's muted words (a game's label, an
    empty list, the dates of a game) and the players' page's winner line are readable
    on their background (before, 4.3:1 and 3.0:1)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    _open(phone, url, "/games/t1/1", "en")
    meta = phone.find_element(By.CSS_SELECTOR, "p.meta")
    assert phone.execute_script(CONTRAST, meta) >= 4.5
    _open(phone, url, "/t/t1?k=token-ended", "en")
    winner = phone.find_elements(By.ID, "result")
    assert winner, "the ended game's page"
    assert phone.execute_script(CONTRAST, winner[0]) >= 4.5
