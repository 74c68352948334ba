"""The ``command``: a staff action for one table, signed with the cafe's staff key.

``sig`` is the HMAC-SHA256, with the staff key, of the canonical JSON (sorted keys,
compact) of the command without ``sig``. The server makes one with :meth:`Command.body`;
the table reads its arguments with :meth:`Command.parse` (and checks the rest, its
freshness and nonce, in :mod:`companion.bus.commands`). Both sides take the same
arguments: a message of one line, at most :data:`MESSAGE_CHARS` characters; names as
:func:`companion.bus.limits.check_names` takes them.

    >>> key = bytes(range(32))
    >>> body = Command("message", text="Pizza!").body("rosie", "t2", key, now=5.0, nonce="ab" * 16)
    >>> body["args"], body["sig"][:8]
    ({'text': 'Pizza!'}, 'bf6be482')
    >>> Command.parse("message", body["args"])
    Command(action='message', text='Pizza!', names=(), phone=False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.bus.contract.topics import VERSION, check_name
from companion.bus.errors import CommandRefusedError
from companion.bus.limits import LimitError, check_names, check_text
from companion.games.json_types import JSON, JSONObject

ACTIONS = ("reset", "message", "names")
#: The longest message the OLED is asked to show.
MESSAGE_CHARS = 200


def canonical(body: Mapping[str, JSON]) -> bytes:
    """The signed text: sorted keys, compact separators."""
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")


def signature(body: Mapping[str, JSON], key: bytes) -> str:
    return hmac.new(key, canonical(body), hashlib.sha256).hexdigest()


def sign(body: Mapping[str, JSON], key: bytes) -> bytes:
    """``body`` with its ``sig``, as the payload to publish."""
    signed = {**body, "sig": signature(body, key)}
    return json.dumps(signed, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True)
class Command:
    """A staff command: ``reset``; ``message`` (``text``, shown on the OLED); ``names``
    (the players', ``phone``: typed on the players' page, for the table to confirm)."""

    action: str
    text: str = ""
    names: tuple[str, ...] = ()
    phone: bool = False
    #: Its nonce, once checked: the table's answer to a phone's names names it (issue 22).
    nonce: str = field(default="", repr=False, compare=False)

    def args(self) -> JSONObject:
        """The contract's ``args`` object."""
        if self.action == "message":
            return {"text": self.text}
        if self.action == "names":
            return {"names": list(self.names), "phone": self.phone}
        return {}

    def body(
        self, cafe: str, table: str, key: bytes, *, now: float, nonce: str | None = None
    ) -> JSONObject:
        """The signed command for ``table`` of ``cafe`` (the object to publish)."""
        body: JSONObject = {
            "v": VERSION,
            "cafe": check_name("cafe", cafe),
            "table": check_name("table", table),
            "action": self.action,
            "args": self.args(),
            "ts": float(now),
            "nonce": nonce or secrets.token_hex(16),
        }
        body["sig"] = signature(body, key)
        return body

    @classmethod
    def parse(cls, action: object, args: object) -> Command:
        """The command ``action`` with ``args`` if they have the contract's shape, or
        :class:`CommandRefusedError` saying why not."""
        if action not in ACTIONS:
            raise CommandRefusedError(f"unknown action {action!r} (known: {', '.join(ACTIONS)})")
        if not isinstance(args, dict):
            raise CommandRefusedError(f"{action}: args is not an object")
        if action == "reset":
            return cls("reset")
        if action == "message":
            text = args.get("text")
            if not isinstance(text, str) or not text.strip():
                raise CommandRefusedError("message: args.text is not a text")
            if len(text) > MESSAGE_CHARS:
                raise CommandRefusedError(f"message: text longer than {MESSAGE_CHARS} characters")
            return cls("message", text=" ".join(check_text(text, "message: text").split()))
        try:
            names = check_names(args.get("names"), "names: args.names")
        except LimitError as exc:
            raise CommandRefusedError(str(exc)) from None
        return cls("names", names=tuple(names), phone=args.get("phone") is True)
