"""Fuzz what reaches a table from outside while it plays: a staff command on the bus
(``.../<table>/command``) and names a player types on the table's own phone page
(``POST /t/<table>/names``), each through to what the table does with it.

The first byte of an input picks the way in; the rest is:

- 0: the command message's bytes, handed to the bus thread's check
  (:class:`~companion.bus.commands.CommandChecker`, as
  :meth:`~companion.bus.client.TableBus.command` calls it: a refusal is one log line);
- 1: a JSON object signed with the staff key first, so that the fuzzer reaches past
  the signature: the command as the cafe's server (or a thief of the key) sends it;
- 2: the form a phone posts (URL-encoded, after the link's own token), to the real
  page (:func:`companion.web.phone.create_phone_app`, in-process);
- ``~`` (126, taken before the rest): a seed command's body edited by the rest
  (:func:`fuzzing.edited`), then signed as in 1.

A command the check accepts is carried out as the daemon does
(:meth:`~companion.daemon.remote.Remote.act`), the phone's names offered on the OLED
and taken with SELECT; then the OLED is drawn and the table's ``state`` is built and
read back as the cafe's server reads it. A crash is any exception, a page answering
500, or a state of the table's own the server refuses.

    python bench/fuzz/table_inputs.py -max_total_time=300
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from fuzzing import STRUCTURED, TESTS, edited, instrumented, run

sys.path.insert(0, str(TESTS / "daemon"))

with instrumented():
    from daemon_harness import ManualClock, make_daemon
    from starlette.testclient import TestClient

    from companion.bus.commands import CommandChecker
    from companion.bus.contract import Command, TableState, Topics, dump, sign
    from companion.bus.errors import CommandRefusedError, MessageError
    from companion.bus.nonces import NonceBook
    from companion.daemon.board import Board
    from companion.daemon.phone import Phone
    from companion.daemon.remote import Remote
    from companion.ui.phone import NamesOffer
    from companion.web.phone import create_phone_app
    from hardware.buttons import Button, ButtonEvent, PressKind

CAFE, TABLE = "corner", "t1"
KEY = bytes(range(32))
NOW = 1_700_000_000.0

folder = Path(tempfile.mkdtemp(prefix="companion-fuzz-"))
clock = ManualClock(NOW)
daemon = make_daemon(folder / "journal.db", [], clock=clock)
daemon.start()
phone = Phone(daemon.facade, Board(TABLE, str(folder / "journal.db")))
bus: Any = SimpleNamespace(settings=SimpleNamespace(topics=Topics(CAFE, TABLE)))
remote = Remote(daemon.facade, bus, phone)
#: The check's clock stands still (the seeds' ``ts`` stay within its window), and each
#: input has a new book of nonces (the seeds' nonces are not refused as seen before).
checker = CommandChecker(KEY, cafe=CAFE, table=TABLE, clock=lambda: NOW)


class Answering:
    """The board as the page sees it, the daemon's loop turning when the page waits for
    its answer (on the page's thread: the harness waits meanwhile)."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def __getattr__(self, name: str) -> Any:
        return getattr(self.board, name)

    async def names_answer(self, table: str, ticket: str) -> str:
        phone.turn(clock(), True)
        return await self.board.names_answer(table, ticket)


page = TestClient(create_phone_app(Answering(phone.board)))


def in_play() -> str:
    """The link's token of the game in play (one started if the staff reset the table)."""
    if daemon.session.flow is None:
        daemon.start_game("fibonachos", 3, [], {})
    phone.turn(clock(), True)
    return phone.board.current()[1]


def command(payload: bytes) -> None:
    checker.nonces.close()
    checker.nonces = NonceBook(":memory:")
    try:
        checked = checker.check(payload)
    except CommandRefusedError:
        return  # TableBus.command: one warning, nothing done
    remote.act(checked, clock())
    phone.turn(clock(), True)


def signed(data: bytes) -> None:
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        return
    if isinstance(body, dict):
        body.pop("sig", None)
        try:
            command(dump(sign(body, KEY)))
        except (TypeError, ValueError):
            return  # not a body the server could have signed (json refuses it)


def posted(data: bytes, token: str) -> None:
    form = b"k=" + token.encode() + b"&" + data
    headers = {"content-type": "application/x-www-form-urlencoded", "accept": "application/json"}
    answer = page.post(f"/t/{TABLE}/names", content=form, headers=headers)
    if answer.status_code >= 500:
        raise AssertionError(f"the page answered {answer.status_code}: {answer.text[:300]}")


def one_input(data: bytes) -> None:
    if not data:
        return
    token = in_play()
    way, rest = data[0] % 3, data[1:]
    if data[0] == STRUCTURED and rest:  # a seed's body edited, then signed
        way, body = 1, COMMANDS[rest[0] % len(COMMANDS)].body(CAFE, TABLE, KEY, now=NOW)
        rest = json.dumps(edited(body, rest[1:])).encode()
    if way == 0:
        command(rest)
    elif way == 1:
        signed(rest)
    else:
        posted(rest, token)
    if isinstance(daemon.app.page, NamesOffer):  # names from a phone: the table takes them
        daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    clock.advance(2.5)  # past the OLED's offer's wait: the next names are offered at once
    daemon.draw()
    state = remote.state(clock())
    try:
        TableState.parse(CAFE, TABLE, state.payload(Topics(CAFE, TABLE)))
    except MessageError as exc:
        raise AssertionError(f"the server refuses the table's own state: {exc}") from None


COMMANDS = [
    Command("message", text="Pizza is ready!"),
    Command("names", names=("Ana", "Ben", "Cy")),
    Command("names", names=("Zoé", "Yann", "Xavier"), phone=True),
    Command("reset"),
]


def seeds() -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for index, made in enumerate(COMMANDS):
        body = made.body(CAFE, TABLE, KEY, now=NOW)
        found[f"command-{made.action}-{index}"] = b"\x00" + dump(body)
        found[f"signed-{made.action}-{index}"] = b"\x01" + dump(body)
    for n in range(8):
        found[f"structured-{n}"] = bytes([STRUCTURED, n]) + bytes(range(n, n + 40))
    found["phone-names"] = b"\x02name0=Ana&name1=Ben&name2=Cy"
    found["phone-accents"] = b"\x02name0=Zo%C3%A9&name1=Yann&name2=%E6%9D%8E"
    return found


if __name__ == "__main__":
    run("table_inputs", one_input, seeds)
