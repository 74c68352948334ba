"""One offer of names per table on the OLED (issue 22, item 5): a phone posting names
ten times a second put 80 offers on the OLED, each covering the page; now the latest
names wait in one place (from the table's own page or the cafe's), an offer not yet
answered is replaced at most every ``OFFER_SECONDS``, and the same names again
change nothing. The name length is one number for the page and the table, and so is
"one name, one seat"."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import ManualClock, make_daemon, turning
from starlette.testclient import TestClient

from companion.bus.contract import Command
from companion.bus.errors import CommandRefusedError
from companion.daemon.board import Board
from companion.daemon.phone import OFFER_SECONDS, Phone
from companion.daemon.remote import Remote
from companion.daemon.runtime import Daemon
from companion.ui.phone import NamesOffer
from companion.views.names import NAME_CHARS
from companion.web.log_floods import OncePerMinute
from companion.web.phone import create_phone_app
from hardware.buttons import Button, ButtonEvent, PressKind


def _table(tmp_path: Path) -> tuple[Daemon, Phone, ManualClock, list[tuple[str, ...]]]:
    """A table in a Fibonachos game of three, its phone hook, and the names each
    offer the OLED showed (in order)."""
    path = tmp_path / "journal.db"
    clock = ManualClock()
    daemon = make_daemon(path, [], clock=clock)
    phone = Phone(daemon.facade, Board("t1", str(path)))
    daemon.start_game("fibonachos", 3, [], {})
    phone.turn(clock(), True)
    shown: list[tuple[str, ...]] = []
    propose = daemon.app.propose_names

    def counted(names: Any, now: float) -> bool:
        done = propose(names, now)
        if done:
            shown.append(tuple(names))
        return done

    daemon.app.propose_names = counted  # type: ignore[method-assign]
    return daemon, phone, clock, shown


def test_a_phone_posting_ten_times_a_second_shows_one_offer_at_a_time(tmp_path: Path) -> None:
    """Issue 22: 80 posts in 8 s, the loop turning between them: the OLED's offer
    changes at most once per OFFER_SECONDS, and the names it ends on are the last."""
    daemon, phone, clock, shown = _table(tmp_path)
    _, token, _ = phone.board.current()
    for post in range(80):
        assert phone.board.offer_names("t1", token, [f"Ana{post}", "Ben", "Cy"])
        phone.turn(clock(), False)
        clock.advance(0.1)
    clock.advance(OFFER_SECONDS)
    phone.turn(clock(), False)
    assert len(shown) <= 8 / OFFER_SECONDS + 1
    assert isinstance(daemon.app.page, NamesOffer)
    assert daemon.app.page.names == ("Ana79", "Ben", "Cy") == shown[-1]
    daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    assert daemon.app.players == ("Ana79", "Ben", "Cy")
    daemon.links.close()


def test_the_same_names_again_change_nothing_and_an_answer_frees_the_oled(
    tmp_path: Path,
) -> None:
    """Issue 22: the same names posted again while offered are not offered again; once
    the table answered, the next names are offered at once."""
    daemon, phone, clock, shown = _table(tmp_path)
    _, token, _ = phone.board.current()
    for _ in range(30):
        phone.board.offer_names("t1", token, ["Ana", "Ben", "Cy"])
        clock.advance(OFFER_SECONDS)
        phone.turn(clock(), False)
    assert shown == [("Ana", "Ben", "Cy")]
    daemon.runner.press(ButtonEvent(Button.BACK, PressKind.PRESS, clock()))
    phone.board.offer_names("t1", token, ["Zoé", "Yann", "Xavier"])
    phone.turn(clock(), False)  # no wait: nothing was on the OLED
    assert shown[-1] == ("Zoé", "Yann", "Xavier")
    daemon.links.close()


def test_names_from_the_cafe_wait_in_the_same_place(tmp_path: Path) -> None:
    """Issue 22: at a cafe each post is a signed ``names`` command; ten in one turn of
    the loop are one offer, the last."""
    daemon, phone, clock, shown = _table(tmp_path)
    remote = Remote(daemon.facade, bus=None, phone=phone)  # type: ignore[arg-type]  # act() uses no bus
    for post in range(10):
        names = (f"Ana{post}", "Ben", "Cy")
        remote.act(Command("names", names=names, phone=True), clock())
    phone.turn(clock(), False)
    assert shown == [("Ana9", "Ben", "Cy")]
    daemon.links.close()


def test_the_page_and_the_table_take_the_same_longest_name(tmp_path: Path) -> None:
    """Issue 22: the page took names of 24 characters and the table refused more than
    20, the phone told ``{"ok": true}``. One number now: the page's field, the page's
    check and the table's check of a cafe's ``names`` command."""
    longest, longer = "A" * NAME_CHARS, "A" * (NAME_CHARS + 1)
    assert Command.parse("names", {"names": [longest]}).names == (longest,)
    with pytest.raises(CommandRefusedError):
        Command.parse("names", {"names": [longer]})
    daemon, phone, clock, shown = _table(tmp_path)
    _, token, _ = phone.board.current()
    app = create_phone_app(phone.board)
    with TestClient(app) as client, turning(lambda: phone.turn(clock(), False)):
        assert f'maxlength="{NAME_CHARS}"' in client.get(f"/t/t1?k={token}").text
        json = {"accept": "application/json"}
        post = {"k": token, "name0": longer, "name1": "Ben", "name2": "Cy"}
        refused = client.post("/t/t1/names", data=post, headers=json)
        assert (refused.status_code, refused.json()["answer"]) == (409, "invalid")
        post["name0"] = longest
        taken = client.post("/t/t1/names", data=post, headers=json).json()
        assert (taken["ok"], taken["answer"]) == (True, "offered")
    phone.turn(clock(), False)
    assert shown == [(longest, "Ben", "Cy")]
    daemon.links.close()


def test_the_home_page_is_told_the_tables_answer(tmp_path: Path) -> None:
    """Issue 22: the page was told ``{"ok": true}`` as soon as the names were handed to
    the loop, whatever the table then did. Now it waits for the loop's answer: names
    replaced before the loop took them are told so, names for a game whose seats have
    names of their own are refused as the table refuses them (and not offered)."""
    daemon, phone, clock, shown = _table(tmp_path)
    _, token, _ = phone.board.current()
    board = phone.board
    first = board.offer_names("t1", token, ["Ana", "Ben", "Cy"])
    second = board.offer_names("t1", token, ["Zoé", "Ben", "Cy"])
    phone.turn(clock(), False)
    assert asyncio.run(board.names_answer("t1", first)) == "replaced"
    assert asyncio.run(board.names_answer("t1", second)) == "offered"
    assert shown == [("Zoé", "Ben", "Cy")]

    daemon.start_game("hex", 2, [], {})  # the game after (the page still has a form)
    phone.turn(clock(), True)
    _, token, _ = board.current()
    app = create_phone_app(board)
    post = {"k": token, "name0": "Zoé", "name1": "Yann"}
    with TestClient(app) as client, turning(lambda: phone.turn(clock(), False)):
        said = client.post("/t/t1/names", data=post, headers={"accept": "application/json"})
    assert (said.status_code, said.json()["answer"]) == (409, "fixed")
    assert shown == [("Zoé", "Ben", "Cy")]
    daemon.links.close()


def test_a_link_token_that_is_not_ascii_is_refused_not_an_error(tmp_path: Path) -> None:
    """docs/security.md (the players' page: the link's token checked): found by
    bench/fuzz/table_inputs.py, a token of characters that are not ASCII (``k=é``)
    reached ``hmac.compare_digest``, which raises TypeError on such a text: the page
    and the names' post answered 500. Now they are refused as any other token."""
    daemon, phone, clock, shown = _table(tmp_path)
    client = TestClient(create_phone_app(phone.board), raise_server_exceptions=False)
    for token in ("é", "Ana\u00ff", "李" * 32):
        assert client.get("/t/t1", params={"k": token}).status_code in (403, 404)
        post = {"k": token, "name0": "Ana", "name1": "Ben", "name2": "Cy"}
        assert client.post("/t/t1/names", data=post).status_code in (403, 404)
    phone.turn(clock(), False)
    assert shown == []
    daemon.links.close()


def test_the_phone_page_refuses_one_name_for_two_seats(tmp_path: Path) -> None:
    """Seats by name, as the OLED's name wheel and ``--players``: the page took "Ana"
    and "ana " for two seats and offered them. Now refused (409, ``twice``), said in
    English and in French, the OLED offered nothing; told apart, they go."""
    daemon, phone, clock, shown = _table(tmp_path)
    _, token, _ = phone.board.current()
    app = create_phone_app(phone.board)
    json = {"accept": "application/json"}
    post = {"k": token, "name0": "Ana", "name1": "Ben", "name2": " ana "}
    with TestClient(app) as client, turning(lambda: phone.turn(clock(), False)):
        refused = client.post("/t/t1/names", data=post, headers=json)
        assert refused.status_code == 409
        assert refused.json()["answer"] == "twice"
        assert refused.json()["said"] == "Two seats have the same name: give each seat its own"
        french = {**json, "accept-language": "fr-FR,fr;q=0.9"}
        said = client.post("/t/t1/names", data=post, headers=french).json()["said"]
        assert said == "Deux places ont le même nom\u00a0: donnez un nom différent à chacune"
        page = client.post("/t/t1/names", data=post, headers={"accept-language": "fr"})
        assert "Deux places ont le même nom" in page.text  # the page without script
        post["name2"] = "Cy"
        taken = client.post("/t/t1/names", data=post, headers=json).json()
        assert (taken["ok"], taken["answer"]) == (True, "offered")
    phone.turn(clock(), False)
    assert shown == [("Ana", "Ben", "Cy")]
    daemon.links.close()


def test_names_refused_in_a_loop_are_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/security.md, "The web": a phone sending names in a loop to a hex game (its
    seats have names of their own) made one warning for each, one per turn of the loop:
    100 lines in 10 s at a table. Each phone is still told; the log says it once a
    minute, with the count of the rest."""
    daemon, phone, clock, _ = _table(tmp_path)
    daemon.start_game("hex", 2, [], {})
    phone.turn(clock(), True)
    _, token, _ = phone.board.current()
    # the logger's limiter as a fresh table's: another test's refusal a moment ago
    # holds no line back, so the first refusal must be said (not all of them hidden)
    limiter = logging.getLogger("companion.daemon.phone")
    monkeypatch.setattr(limiter, "filters", [OncePerMinute(clock=clock)])
    with caplog.at_level(logging.WARNING, logger="companion.daemon.phone"):
        for post in range(50):
            ticket = phone.board.offer_names("t1", token, [f"Ana{post}", "Ben"])
            phone.turn(clock(), False)
            assert asyncio.run(phone.board.names_answer("t1", ticket)) == "fixed"
            clock.advance(0.1)
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refused) == 1 and "Ana0" in refused[0].getMessage()  # the first, said at once
    daemon.links.close()
