"""The table's ``state`` (retained: the game, the devices, the idle time), its
``status`` (``online``, or ``offline`` as its last will) and its ``log`` lines.

    >>> from companion.bus.contract.topics import Topics
    >>> state = TableState("t2", 5.0, None, {"camera": "ok"}, 12.34)
    >>> state.payload(Topics("rosie", "t2"))
    b'{"v":1,"cafe":"rosie","table":"t2","at":5.0,"game":null,"devices":{"camera":"ok"},"idle":12.3}'
    >>> TableState.parse("rosie", "t2", state.payload(Topics("rosie", "t2"))).idle
    12.3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.bus.contract.facts import Answer, GameFacts, PageLink
from companion.bus.contract.fields import number, table_message, time_of
from companion.bus.contract.topics import VERSION, Topics, dump
from companion.bus.errors import MessageError
from companion.games.json_types import JSON, JSONObject

#: The longest staff message a table shows (contract: at most 200 characters).
MESSAGE_LIMIT = 200


@dataclass(frozen=True)
class TableState:
    """A ``state`` message: where the game in play stands (``game``, :class:`GameFacts`;
    None between games) and the devices, shown as sent, not stored apart."""

    table: str
    at: float
    game: GameFacts | None
    devices: Mapping[str, str]
    idle: float | None
    #: With no game in play, the players' page before the game (issue 15); None when
    #: not sent.
    setup: PageLink | None = None
    #: The table's last answer to a phone's names (issue 22); None when not sent.
    answer: Answer | None = None

    def payload(self, topics: Topics) -> bytes:
        """The message as ``topics``' table publishes it (the idle time to a tenth)."""
        body: JSONObject = {"v": VERSION, "cafe": topics.cafe, "table": topics.table}
        kept = self.kept()
        kept["idle"] = None if self.idle is None else round(self.idle, 1)
        return dump({**body, **kept})

    def kept(self) -> JSONObject:
        """The state's fields, as the cafe's server keeps them (its game renumbered,
        :mod:`companion.cafe.ingest`): the time, the game, the devices, the idle time,
        and the players' page before a game (issue 15) and the answer to a phone's
        names when they were sent."""
        kept: JSONObject = {
            "at": self.at,
            "game": None if self.game is None else self.game.fields(),
            "devices": dict(self.devices),
            "idle": self.idle,
        }
        if self.setup is not None:
            kept["setup"] = self.setup.fields()
        if self.answer is not None:
            kept["answer"] = self.answer.fields()
        return kept

    @classmethod
    def parse(cls, cafe: str, key: str, payload: bytes) -> TableState:
        """The state of the table ``key`` (lenient where only shown: the devices' words)."""
        value, what = table_message(cafe, key, "state", payload)
        return cls.of(key, value, what)

    @classmethod
    def of(cls, key: str, value: Mapping[str, JSON], what: str) -> TableState:
        """The state of the table ``key`` from its fields (a message's, or what the
        server kept: :meth:`kept`); MessageError naming the field."""
        game, devices = value.get("game"), value.get("devices", {})
        if not isinstance(devices, dict):
            raise MessageError(f"{what}: 'devices' is not an object")
        facts = None if game is None else GameFacts.parse(game, what)
        idle = value.get("idle")
        setup = None if facts is not None else PageLink.parse(value.get("setup"), what)
        return cls(
            table=key,
            at=time_of(value.get("at"), f"{what}: at") or 0.0,
            game=facts,
            devices={str(k): str(v) for k, v in devices.items()},
            idle=float(idle)
            if isinstance(idle, int | float) and not isinstance(idle, bool)
            else None,
            setup=setup,
            answer=Answer.parse(value.get("answer")),
        )


def parse_status(payload: bytes) -> str:
    """``online`` or ``offline``."""
    text = payload.decode("utf-8", errors="replace").strip()
    if text not in ("online", "offline"):
        raise MessageError(f"status {text[:20]!r}: neither online nor offline")
    return text


@dataclass(frozen=True)
class LogEntry:
    """A ``log`` message: line ``n`` of the table's run ``boot`` (``table``: the
    server's key of the table, its name at the table)."""

    table: str
    boot: str
    n: int
    at: float
    level: str
    logger: str
    text: str

    def payload(self, topics: Topics) -> bytes:
        """The message as ``topics``' table publishes it."""
        body: JSONObject = {"v": VERSION, "cafe": topics.cafe, "table": topics.table}
        fields: JSONObject = {
            "boot": self.boot,
            "n": self.n,
            "at": self.at,
            "level": self.level,
            "logger": self.logger,
        }
        return dump({**body, **fields, "text": self.text})

    @classmethod
    def parse(cls, cafe: str, key: str, payload: bytes) -> LogEntry:
        """A ``log`` line of the table ``key`` (its texts cut to what the staff see)."""
        value, what = table_message(cafe, key, "log", payload)
        words = [value.get(k) for k in ("boot", "level", "logger", "text")]
        if not all(isinstance(t, str) for t in words):
            raise MessageError(f"{what}: boot, level, logger and text are not all texts")
        boot, level, logger, text = (str(t) for t in words)
        at = time_of(value.get("at"), f"{what}: at") or 0.0
        n = number(value.get("n"), f"{what}: n")
        return cls(key, boot, n, at, level[:10], logger[:80], text[: MESSAGE_LIMIT * 5])
