"""Fuzz the players' page as the cafe's server serves it (docs/security.md, "Fuzzing
the ways in"): any request a phone can make to ``/t/...``, on the real site
(:func:`companion.web.app.create_app` with :class:`~companion.cafe.live.CafeLive`) of
a real :class:`~companion.cafe.server.CafeServer` over SQLite, which holds a table
with a game in play and one ended game (``t1``), and a table with no game in play
(``t2``), whose state carries the page before a game (its ``setup``: the waiting
view, where phones type the names of the game being set up).

The input is a request as a phone sends it, in HTTP's own form::

    METHOD TARGET
    Name: value
    ...
    <empty line>
    BODY

the target after ``/t/`` (the table's name, the route, the query). ``@K`` anywhere in
it is the link's token of the game in play, ``@E`` the ended game's, ``@S`` the
set-up link's of ``t2``, so that the fuzzer reaches past the token's check. It goes
to the ASGI app as uvicorn's h11 protocol hands it on (the target's bytes that are
not visible ASCII percent-encoded, as a browser sends them; a request with a header
h11 refuses never reaches the app; the path is percent-decoded, the body's length is
the body's).
The live feed (``/t/<table>/events``) ends when the phone goes, after its first
event. Names the table takes (``POST /t/<table>/names``: the server sends them to
the table, the table's own :class:`~companion.daemon.remote.Remote` checks them and
offers them on the OLED, SELECT takes them, the table's next state goes to the
server) stay, so the next inputs draw the pages with them; names ``t2`` takes wait
on its set-up page for the next game. A crash is any exception out of the app, a 5xx
answer, or the players' page of the game in play or the set-up page no longer
answering 200 after the input.

    python bench/fuzz/cafe_phone.py -max_total_time=300 -max_len=2048
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import quote_from_bytes, unquote

from fuzzing import TESTS, instrumented, run

sys.path.insert(0, str(TESTS / "daemon"))
sys.path.insert(0, str(TESTS / "cafe"))

with instrumented():
    from cafe_answers import answering, remote_of
    from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
    from cafe_sim import CAFE
    from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon, part_of
    from starlette.types import Message
    from test_phone_cafe import _play, _send

    from companion.bus.contract import Topics
    from companion.cafe.ingest import Incoming
    from companion.cafe.live import CafeLive
    from companion.cafe.server import CafeServer
    from companion.cafe.sqlite import SqliteStore
    from companion.daemon.board import Board
    from companion.daemon.phone import Phone
    from companion.daemon.runtime import Daemon
    from companion.ui.phone import NamesOffer
    from companion.web.app import create_app
    from hardware.buttons import Button, ButtonEvent, PressKind
    from hardware.display_fake import FakeDisplay

TABLE = "t1"
#: The tables with no game in play, their set-up page's token's stand-in in an input,
#: and whether a game is chosen on their OLED (its seats on the page, "" unnamed).
SETUPS = {"t2": (b"@S", False), "t3": (b"@G", True)}
#: What h11 takes as a header's name (a token) and value (no CR, LF or NUL).
HEADER_NAME = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: The bytes of a target a browser sends as they are (the others it percent-encodes).
VISIBLE = bytes(range(0x21, 0x7F)).decode()
#: The longest a feed is followed (loop turns) before the phone goes, if it said nothing.
FEED_TURNS = 64

folder = Path(tempfile.mkdtemp(prefix="companion-fuzz-"))
journal = folder / "journal.db"
clock = ManualClock()
daemon = make_daemon(
    journal,
    fibonachos_steps(load_record("fibonachos", "full-3p.json")),
    clock=clock,
    parts=lambda table: [Phone(table, Board(TABLE, str(journal)))],
)
phone = part_of(daemon, Phone)
server = CafeServer(settings_for(2, ":memory:"), SqliteStore(":memory:"), key=KEY, clock=clock)
#: Each table's daemon, its players' page and its remote (the state it sends).
tables = {TABLE: (daemon, phone, remote_of(daemon))}
#: What the server publishes to each table (carried out at once).
published = {TABLE: answering(server, daemon)}


def setup_table(name: str) -> Daemon:
    """A table with no game in play."""
    path = folder / f"{name}.db"
    made = make_daemon(path, [], clock=clock, parts=lambda t: [Phone(t, Board(name, str(path)))])
    tables[name] = (made, part_of(made, Phone), remote_of(made, name))
    published[name] = answering(server, made, name)
    return made


for name in SETUPS:
    setup_table(name)
app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
app.state.live = CafeLive(server, pace=0.0)  # no wait between two names' commands


def state(table: str = TABLE) -> None:
    """The table's state now, taken by the server (the table's bus would send it)."""
    _, page, remote = tables[table]
    page.turn(clock(), True)
    payload = remote.state(clock()).payload(Topics(CAFE, table))
    server.take([Incoming(table, "state", payload)])


def ready() -> tuple[bytes, bytes]:
    """The tokens of the ended game (played whole, its events stored) and of the game
    in play (started after it)."""
    daemon.start_game("fibonachos", 3, [], {})
    daemon.start()
    _play(daemon, clock, 30)
    state()  # the server keeps the game's link
    ended = phone.board.current()[1]
    _play(daemon, clock)
    _send(server, daemon, journal)
    for _ in range(20):  # the game's last screens, each dismissed, before the next game
        clock.advance(60.0)
        if daemon.app.overlays.current(clock()) is None:
            break
        daemon.runner.press(ButtonEvent(Button.BACK, PressKind.PRESS, clock()))
    daemon.start_game("fibonachos", 3, [], {})
    state()
    return phone.board.current()[1].encode(), ended.encode()


def ready_setup(name: str, chosen: bool) -> bytes:
    """The set-up link's token of a table with no game (its state's ``setup``), the
    first game of the OLED's menu chosen there when ``chosen``."""
    made, page, _ = tables[name]
    made.start()
    made.step()
    if chosen:
        made.app.page = made.app.wizard.games_page()
        made.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    state(name)
    return page.board.current()[1].encode()


live_token, ended_token = ready()
#: Each stand-in of a token in an input, and the token.
TOKENS = {b"@K": live_token, b"@E": ended_token}
TOKENS |= {mark: ready_setup(name, chosen) for name, (mark, chosen) in SETUPS.items()}
loop = asyncio.new_event_loop()


def request(data: bytes) -> tuple[dict[str, Any], bytes] | None:
    """The ASGI scope and body of ``data`` as uvicorn would hand them to the app, or
    None for a request h11 refuses before the app sees it."""
    for mark, token in TOKENS.items():
        data = data.replace(mark, token)
    head, _, body = data.partition(b"\n\n")
    first, *lines = head.split(b"\n")
    method, _, target = first.partition(b" ")
    if not re.fullmatch(rb"[A-Z]{1,10}", method):
        return None
    target = b"/t/" + quote_from_bytes(target, safe=VISIBLE).encode()  # as a browser sends it
    headers = [(b"host", b"cafe.local"), (b"content-length", str(len(body)).encode())]
    for line in lines:
        name, colon, value = line.partition(b":")
        value = value.strip(b" \t")
        if not colon or not HEADER_NAME.fullmatch(name) or re.search(rb"[\r\x00]", value):
            return None
        if name.lower() not in (b"host", b"content-length", b"transfer-encoding"):
            headers.append((name.lower(), value))
    raw_path, _, query = target.partition(b"?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "server": ("127.0.0.1", 8080),
        "client": ("192.0.2.7", 50000),
        "scheme": "http",
        "method": method.decode(),
        "root_path": "",
        "path": unquote(raw_path.decode("ascii")),
        "raw_path": raw_path,
        "query_string": query,
        "headers": headers,
    }
    return scope, body


async def answer(scope: dict[str, Any], body: bytes) -> tuple[int, bytes]:
    """The app's status and body for one request; the phone goes after the first part
    of an answer that goes on (a feed), or after :data:`FEED_TURNS` turns of the loop."""
    said: list[Message] = []
    enough = asyncio.Event()
    read = [False]

    async def receive() -> Message:
        if not read[0]:
            read[0] = True
            return {"type": "http.request", "body": body, "more_body": False}
        for _ in range(FEED_TURNS):
            if enough.is_set():
                break
            await asyncio.sleep(0)
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        said.append(message)
        parts = [m for m in said if m["type"] == "http.response.body"]
        if len(parts) > 1 or not message.get("more_body", False):
            enough.set()

    await app(scope, receive, send)
    start = next(m for m in said if m["type"] == "http.response.start")
    return start["status"], b"".join(m.get("body", b"") for m in said[1:])


def one_input(data: bytes) -> None:
    for sent in published.values():  # what the harness keeps of each input: not kept
        sent.clear()
    for each, _, _ in tables.values():
        display = each.links.display.device
        if isinstance(display, FakeDisplay):
            display.images.clear()
    made = request(data)
    if made is None:
        return
    status, text = loop.run_until_complete(answer(*made))
    if status >= 500:
        raise AssertionError(f"the page answered {status}: {text[:300]!r}")
    for table, (each, _, _) in tables.items():
        if isinstance(each.app.page, NamesOffer):  # names from a phone: the table takes them
            clock.advance(2.5)  # past the OLED's wait before an offer takes a press
            each.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
            state(table)
    pages = [(TABLE, b"@K")] + [(name, mark) for name, (mark, _) in SETUPS.items()]
    for table, token in pages:
        page = request(b"GET " + table.encode() + b"?k=" + token + b"\n\n")
        assert page is not None
        status, text = loop.run_until_complete(answer(*page))
        if status != 200:
            raise AssertionError(f"{table}'s page answered {status} after it: {text[:300]!r}")


def seeds() -> dict[str, bytes]:
    json = b"accept: application/json\n"
    form = b"content-type: application/x-www-form-urlencoded\n"
    found = {
        "page": b"GET t1?k=@K\n\n",
        "page-said": b"GET t1?k=@K&said=offered\nCookie: lang=fr\n\n",
        "page-json": b"GET t1.json?k=@K\n\n",
        "page-fr": b"GET t1?k=@K\naccept-language: fr-CH, fr;q=0.9, en;q=0.8\n\n",
        "page-ended": b"GET t1?k=@E\n\n",
        "page-wrong": b"GET t1?k=nope\n\n",
        "events": b"GET t1/events?k=@K\naccept: text/event-stream\n\n",
        "events-after": b"GET t1/events?k=@E\nlast-event-id: 3\n\n",
        "record": b"GET t1/record.json?k=@E\n\n",
        "record-live": b"GET t1/record.json?k=@K\n\n",
        "csv": b"GET t1/scores.csv?k=@E\n\n",
        "totals": b"GET t1/totals.svg?k=@K\n\n",
        "spicy": b"GET t1/spicy.svg?k=@E\ncookie: lang=fr\n\n",
        "summary": b"GET t1/summary.png?k=@E\n\n",
        "names": b"POST t1/names\n" + form + json + b"\nk=@K&name0=Ana&name1=Ben&name2=Cy",
        "names-form": b"POST t1/names\n" + form + b"\nk=@K&name0=Zo%C3%A9&name1=Y&name2=%E6%9D%8E",
        "names-ended": b"POST t1/names\n" + form + json + b"\nk=@E&name0=A&name1=B&name2=C",
        "names-multipart": b"POST t1/names\ncontent-type: multipart/form-data; boundary=b\n"
        + json
        + b'\n--b\r\nContent-Disposition: form-data; name="k"\r\n\r\n@K\r\n'
        + b'--b\r\nContent-Disposition: form-data; name="name0"\r\n\r\nAna\r\n--b--\r\n',
        "setup": b"GET t2?k=@S\n\n",
        "setup-json": b"GET t2.json?k=@S\ncookie: lang=fr\n\n",
        "setup-events": b"GET t2/events?k=@S\naccept: text/event-stream\n\n",
        "setup-record": b"GET t2/record.json?k=@S\n\n",
        "setup-names": b"POST t2/names\n" + form + json + b"\nk=@S&name0=Ana&name1=&name2=Cy",
        "setup-names-form": b"POST t2/names\n" + form + b"\nk=@S&name4=%D8%A7%D9%84%D9%81",
        "setup-names-wrong": b"POST t1/names\n" + form + json + b"\nk=@S&name0=Ana",
        "chosen": b"GET t3?k=@G\n\n",
        "chosen-json": b"GET t3.json?k=@G\n\n",
        "chosen-names": b"POST t3/names\n" + form + json + b"\nk=@G&name0=Ana&name2=Cy",
        "chosen-names-all": b"POST t3/names\n" + form + b"\nk=@G&name0=A&name1=B&name2=C",
    }
    return found


if __name__ == "__main__":
    run("cafe_phone", one_input, seeds)
