"""Staff commands from the cafe's server, signed with the cafe's staff key, checked here.

A command is acted on only if all of these hold (docs/cafe.md, the bus contract):
its ``sig`` is the HMAC-SHA256, with the staff key (the staff cards' key file), of the
canonical JSON of the command without ``sig``; it names this cafe and this table; its
``ts`` is within :data:`WINDOW` seconds of the table's clock; its nonce was not seen in
the last :data:`NONCE_SECONDS` (kept in the table's journal file,
:class:`~companion.bus.nonces.NonceBook`: a captured command replayed after a restart
of the table is refused too). What crosses the edge is checked as the server checks
what it stores (:mod:`companion.bus.limits`: size and depth before parsing, texts,
finite times, names). Anything else is refused with one line saying why.

    >>> from companion.bus.contract import sign
    >>> key = bytes(range(32))
    >>> checker = CommandChecker(key, cafe="rosie", table="t2", clock=lambda: 1000.0)
    >>> signed = sign({"v": 1, "cafe": "rosie", "table": "t2", "action": "message",
    ...                "args": {"text": "Pizza!"}, "ts": 1000.0, "nonce": "ab" * 16}, key)
    >>> checker.check(signed)
    Command(action='message', text='Pizza!', names=(), phone=False)
    >>> checker.check(signed)
    Traceback (most recent call last):
    ...
    companion.bus.errors.CommandRefusedError: nonce abababababababababababababababab seen before
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable
from dataclasses import replace

from companion.bus.contract import VERSION, Command, signature
from companion.bus.errors import CommandRefusedError
from companion.bus.limits import LimitError, check_time, load
from companion.bus.nonces import KEPT, NonceBook
from companion.games.json_types import JSONObject

#: Seconds a command's ``ts`` may be off the table's clock, either way.
WINDOW = 120.0
#: Seconds a nonce is remembered.
NONCE_SECONDS = KEPT
_HEX = re.compile(r"[0-9a-f]+")


class CommandChecker:
    """Checks the commands of one table; thread-safe (the bus's network thread calls it)."""

    def __init__(
        self,
        key: bytes | None,
        *,
        cafe: str,
        table: str,
        clock: Callable[[], float],
        nonces: NonceBook | None = None,
    ) -> None:
        self.key = key
        self.cafe = cafe
        self.table = table
        self.clock = clock
        #: The nonces seen (the table's journal file; in memory only when not given).
        self.nonces = nonces if nonces is not None else NonceBook(":memory:")

    def check(self, payload: bytes) -> Command:
        """The command in ``payload``, or :class:`CommandRefusedError` saying why not."""
        try:
            body = load(payload, "command")  # bounded before parsing (issue 22)
        except LimitError as exc:
            raise CommandRefusedError(str(exc)) from None
        if not isinstance(body, dict):
            raise CommandRefusedError("not a JSON object")
        sig = body.pop("sig", None)
        if not isinstance(sig, str) or not sig:
            raise CommandRefusedError("unsigned")
        if self.key is None:
            raise CommandRefusedError("this table has no staff key to check signatures with")
        expected = signature(body, self.key).encode("ascii")
        if not hmac.compare_digest(sig.encode("utf-8"), expected):
            raise CommandRefusedError("bad signature (another key, or the command was changed)")
        if body.get("v") != VERSION:
            raise CommandRefusedError(f"unknown version {body.get('v')!r}")
        if body.get("cafe") != self.cafe or body.get("table") != self.table:
            where = f"{body.get('cafe')!r}/{body.get('table')!r}"
            raise CommandRefusedError(f"for {where}, not for this table ({self.cafe}/{self.table})")
        return self._fresh(body)

    def _fresh(self, body: JSONObject) -> Command:
        ts, nonce, action = body.get("ts"), body.get("nonce"), body.get("action")
        now = self.clock()
        try:
            when = check_time(ts, "ts")
        except LimitError as exc:
            raise CommandRefusedError(str(exc)) from None
        if abs(now - when) > WINDOW:
            raise CommandRefusedError(
                f"ts {ts!r} is more than {WINDOW:.0f} s off the table's clock"
            )
        if not isinstance(nonce, str) or len(nonce) != 32 or not _HEX.fullmatch(nonce):
            raise CommandRefusedError("nonce is not 32 hex characters")
        command = replace(Command.parse(action, body.get("args", {})), nonce=nonce)
        if not self.nonces.first(nonce, now):
            raise CommandRefusedError(f"nonce {nonce} seen before")
        return command
