"""The words and colours of the cafe's pages in a real headless browser (DESIGN.md
"Player-facing text", issues 14 and 15): games named and numbers written in the page's
language, tables in counting order, error pages in the page's language, an ended
game's players, readable contrast (:mod:`cafe_pages` fills the cafe)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cafe_pages as made
from cafe_browser import Served, wait_for
from flow_tables import load, play_fibonachos

from companion.daemon.board import Board
from companion.flows.registry import make_flow
from companion.views.live import table_view
from companion.web.phone import create_phone_app

#: The cafe of cafe_pages and the phone's browser, this module's fixtures.
cafe_fixture, phone_fixture = made.cafe_fixture, made.phone_fixture

pytestmark = made.needs_chromium


def test_french_pages_say_the_games_and_numbers_in_french(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """DESIGN.md "Player-facing text": in French the dashboard and the players' page
    name the games as the table's screen does ("Arbitre hex", "Rami 89", not "Hex
    referee") and write a total past a thousand as French does ("-1 034", a narrow
    no-break space; before, "-1034" in both languages); hex moves are counted without
    a wrong plural ("coups restants : 1 sur 1", before "1 coups restants sur 1"); an
    idle time of days is written "j"."""
    from selenium.webdriver.common.by import By

    url, pages = cafe
    made.open_page(phone, url, "/", "fr")
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
    made.open_page(phone, url, "/", "en")
    assert "-1,034" in phone.find_element(By.ID, "tables").text
    assert phone.find_element(By.CSS_SELECTOR, "#tables .idle-time span").text.endswith(" d")
    made.open_page(phone, url, pages["hex-referee"], "fr")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Arbitre hex"
    assert phone.title.startswith("Arbitre hex")
    assert phone.find_element(By.ID, "now").text.endswith("joue · coups restants : 1 sur 1")
    made.open_page(phone, url, pages["rummy89"], "fr")
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
    made.open_page(phone, url, "/", "en")
    names = [e.get_attribute("id") for e in phone.find_elements(By.CSS_SELECTOR, "article.card")]
    numbered = [n for n in names if n != f"table-{made.LONG_TABLE}"]
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
    made.open_page(phone, url, "/games/t1/999", "fr")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Introuvable"
    assert phone.title.startswith("Introuvable")
    assert "no game" not in phone.find_element(By.TAG_NAME, "main").text
    assert phone.find_element(By.CSS_SELECTOR, "main a[href='/']").text == "Retour aux tables"
    made.open_page(phone, url, "/login", "en")
    phone.execute_script(
        "const form = document.querySelector('form.login');"
        "const big = document.createElement('textarea');"
        "big.name = 'padding'; big.value = 'x'.repeat(300000); form.appendChild(big);"
        "form.querySelector('input[name=password]').value = 'wrong';"
        "form.submit();"
    )
    wait_for(phone, lambda: phone.title.startswith("Too large"), "the 413 page")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Too large"


def test_an_ended_game_without_rounds_shows_its_players(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """Issue 14 "each game's rounds as a table": a hex game that ended (H: no rounds,
    no points) names its players, linked to their pages, and the one who won; it no
    longer says "No round scored yet", which reads as a game still waiting."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    made.open_page(phone, url, f"/games/{made.LONG_TABLE}/5", "en")
    main = phone.find_element(By.TAG_NAME, "main").text
    assert "No round scored yet" not in main
    players = phone.find_elements(By.CSS_SELECTOR, "#players a")
    assert [p.text for p in players] == [made.LONG[0], made.LONG[1]]
    assert f"won by {made.LONG[1]}" in main
    assert made.overflow(phone) == []


def test_muted_and_winning_words_are_readable(cafe: tuple[str, dict[str, str]], phone: Any) -> None:
    """WCAG 2 AA (4.5:1 for text): the dashboard's muted words (a game's label, an
    empty list, the dates of a game) and the players' page's winner line are readable
    on their background (before, 4.3:1 and 3.0:1)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    made.open_page(phone, url, "/games/t1/1", "en")
    meta = phone.find_element(By.CSS_SELECTOR, "p.meta")
    assert phone.execute_script(made.CONTRAST, meta) >= 4.5
    made.open_page(phone, url, "/t/t1?k=token-ended", "en")
    winner = phone.find_elements(By.ID, "result")
    assert winner, "the ended game's page"
    assert phone.execute_script(made.CONTRAST, winner[0]) >= 4.5


def test_an_ended_games_page_asks_no_names(cafe: tuple[str, dict[str, str]], phone: Any) -> None:
    """Issue 15: once the game is over its page shows the result and the downloads,
    and no longer offers to send names to the table (the game has none to take;
    before, "Your names" stayed under the result)."""
    from selenium.webdriver.common.by import By

    url, _ = cafe
    made.open_page(phone, url, "/t/t1?k=token-ended", "en")
    assert phone.find_elements(By.ID, "result") and phone.find_elements(By.ID, "downloads")
    assert not phone.find_elements(By.CSS_SELECTOR, "form.names")


def test_the_names_go_when_the_game_ends_live(tmp_path: Path, phone: Any) -> None:
    """Issue 15, at home (``companion run`` with the page on): the page open in play
    offers the names; the game's last card ends it and the page, without a reload,
    shows the result and takes the names away (before, they stayed under it)."""
    from selenium.webdriver.common.by import By

    players = made.LONG[:3]
    board = Board("t1", str(tmp_path / "journal.db"))
    playing = make_flow("fibonachos", players, [], options={"dealer": 2})
    board.publish(1, "home", table_view(playing, players, game_id=1))
    with Served(create_phone_app(board)) as served:
        made.open_page(phone, served.url, "/t/t1?k=home", "en")
        assert phone.find_elements(By.CSS_SELECTOR, "form.names")
        phone.execute_script("window.stillThisPage = true;")
        play_fibonachos(playing, load("fibonachos", "full-3p.json"))
        board.publish(1, "home", table_view(playing, players, game_id=1))
        wait_for(phone, lambda: bool(phone.find_elements(By.ID, "result")), "the result")
        assert not phone.find_elements(By.CSS_SELECTOR, "form.names")
        assert phone.execute_script("return window.stillThisPage === true;")
        phone.get("about:blank")  # the live feed closes before the server stops


def test_trumps_symbol_is_written_as_the_colour_beside_it(
    cafe: tuple[str, dict[str, str]], phone: Any
) -> None:
    """T1, on the players' page: the trump and the symbol turned up read alike, each
    with its capital ("Purple", "Circle"; before, "circle" under "Purple")."""
    from selenium.webdriver.common.by import By

    url, pages = cafe
    for lang in ("en", "fr"):
        made.open_page(phone, url, pages["trump"], lang)
        shown = [b.text for b in phone.find_elements(By.CSS_SELECTOR, "#trick li b")]
        assert shown and all(text[:1].isupper() for text in shown), shown
