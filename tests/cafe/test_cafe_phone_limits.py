"""Names typed on the players' page meet the table's own check before they leave the
server (issue 22, item 2): the page's answer is the table's. A name the table refuses
(NUL, a control character) gets ``{"ok": false}`` and is never sent; the page's limit
is the contract's, so a name it takes is one the table takes (a 21-24 character name
was accepted by the page and refused by the table while the phone was told ok). The
table here answers through its own Remote (tests/cafe/cafe_answers.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cafe_answers import answering
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from daemon_harness import part_of
from starlette.testclient import TestClient
from test_phone_cafe import _play, _send, table  # noqa: F401 (the fixture)

from companion.bus.commands import CommandChecker
from companion.bus.contract import sign
from companion.bus.limits import LimitError, check_name
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.phone import Phone
from companion.daemon.runtime import Daemon
from companion.web.app import create_app
from companion.web.phone import clean_names


def test_the_page_takes_what_the_table_takes_and_says_so(
    table: tuple[Daemon, Any, Path],  # noqa: F811
    tmp_path: Path,
) -> None:
    """Issue 22: each name the page sends passes the table's CommandChecker; each it
    refuses (a control character, one character over the one limit) is answered 409
    ``{"ok": false}`` and not sent; the longest name the table takes goes whole."""
    daemon, clock, journal = table
    _play(daemon, clock, 30)
    _, token, _ = part_of(daemon, Phone).board.current()
    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    published = answering(server, daemon)
    _send(server, daemon, journal)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    app.state.live = CafeLive(server)
    checker = CommandChecker(KEY, cafe="corner", table="t1", clock=server.clock)
    with TestClient(app) as client:
        for bad in ("Ana\x00", "Ben\x1b[2J", "Cy\u202e"):
            names = {"k": token, "name0": bad, "name1": "Yann", "name2": "Xavier"}
            answer = client.post("/t/t1/names", data=names, headers={"Accept": "application/json"})
            assert (answer.status_code, answer.json()["answer"]) == (409, "invalid"), bad
        assert published == []
        too_long = {"k": token, "name0": "Z" * 21, "name1": "Yann", "name2": "Xavier"}
        answer = client.post("/t/t1/names", data=too_long, headers={"Accept": "application/json"})
        assert (answer.status_code, answer.json()["answer"]) == (409, "invalid")
        longest = {"k": token, "name0": "Z" * 20, "name1": "Yann", "name2": "Xavier"}
        answer = client.post("/t/t1/names", data=longest, headers={"Accept": "application/json"})
        assert answer.json()["ok"] is True
    (body,) = published
    signed = sign({k: v for k, v in body.items() if k != "sig"}, KEY)
    assert checker.check(signed).names == ("Z" * 20, "Yann", "Xavier")
    server.store.close()


def test_the_page_and_the_table_read_a_name_by_one_rule() -> None:
    """Issue 22, item 2: the page's check of a name (:func:`clean_names`) is the
    table's (:func:`companion.bus.limits.check_name`), character by character: the page
    read Python's ``isprintable`` and refused a character newer than its Unicode
    (U+1FAE8, an emoji of Unicode 15) that the table takes, telling the phone "invalid".
    A name the page takes, the table takes as the page sends it (trimmed: a line
    separator is a space); one the page refuses, the table refuses too."""
    names = [
        "Ana",
        "Zoé 🫨",
        "Ben\x1b[2J",
        "Cy\u202e",
        "Dee\u200b",
        "Eve\ue000",
        "Fay\u2028x",
        "李小明",
        "Gil\u0301",
        "Z" * 20,
        "Z" * 21,
    ]
    for name in names:
        taken = clean_names([name], 1)
        sent = " ".join(name.split()) if taken is None else taken[0]
        try:
            check_name(sent)
            table_takes = True
        except LimitError:
            table_takes = False
        assert (taken is not None) is table_takes, repr(name)
