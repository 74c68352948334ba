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

from companion.bus.contract.fields import field, number, players, table_message, time_of
from companion.bus.contract.topics import VERSION, Topics, dump
from companion.bus.errors import MessageError
from companion.bus.limits import LABEL_CHARS, MAX_NAMES, check_line
from companion.games.json_types import JSON, JSONObject

#: The longest staff message a table shows (contract: at most 200 characters).
MESSAGE_LIMIT = 200


@dataclass(frozen=True)
class TableState:
    """A ``state`` message; ``game`` and ``devices`` are shown as sent, not stored apart
    (``game``: where the game in play stands, :func:`companion.bus.messages.game_state`
    and the players' page's fields; None between games)."""

    table: str
    at: float
    game: Mapping[str, JSON] | None
    devices: Mapping[str, str]
    idle: float | None
    #: With no game in play, the players' page before the game (issue 15): its view
    #: (``live``) and the set-up link's digest (``link``); None when not sent.
    setup: Mapping[str, JSON] | None = None
    #: The table's last answer to a phone's names (issue 22): the command's ``nonce``
    #: and what it ``said``; None when not sent.
    answer: Mapping[str, JSON] | None = None

    def payload(self, topics: Topics) -> bytes:
        """The message as ``topics``' table publishes it (the idle time to a tenth)."""
        body: JSONObject = {
            "v": VERSION,
            "cafe": topics.cafe,
            "table": topics.table,
            "at": self.at,
            "game": None if self.game is None else dict(self.game),
            "devices": dict(self.devices),
            "idle": None if self.idle is None else round(self.idle, 1),
        }
        if self.setup:
            body["setup"] = dict(self.setup)
        if self.answer:
            body["answer"] = dict(self.answer)
        return dump(body)

    def kept(self, game: Mapping[str, JSON] | None) -> JSONObject:
        """What the cafe's server keeps of the state, with ``game`` (its own numbering):
        the time, the devices, the idle time, and the players' page before a game
        (issue 15) and the answer to a phone's names when they were sent."""
        kept: JSONObject = {
            "at": self.at,
            "game": None if game is None else dict(game),
            "devices": dict(self.devices),
            "idle": self.idle,
        }
        for key, extra in (("setup", self.setup), ("answer", self.answer)):
            if extra:
                kept[key] = dict(extra)
        return kept

    @classmethod
    def parse(cls, cafe: str, key: str, payload: bytes) -> TableState:
        """The state of the table ``key`` (lenient where only shown: the devices' words)."""
        value, what = table_message(cafe, key, "state", payload)
        game, devices = value.get("game"), value.get("devices", {})
        if not (game is None or isinstance(game, dict)) or not isinstance(devices, dict):
            raise MessageError(f"{what}: 'game' or 'devices' is not an object")
        idle = value.get("idle")
        if isinstance(idle, bool) or not isinstance(idle, int | float):
            idle = None
        setup, answer = value.get("setup"), value.get("answer")
        for where, shown in (("game", game), ("game.live", field(game, "live"))):
            _check_shown(shown, f"{what}: {where}")
        _check_shown(field(setup, "live"), f"{what}: setup.live")
        return cls(
            table=key,
            at=time_of(value.get("at"), f"{what}: at") or 0.0,
            game=game,
            devices={str(k): str(v) for k, v in devices.items()},
            idle=float(idle)
            if isinstance(idle, int | float) and not isinstance(idle, bool)
            else None,
            setup=setup if isinstance(setup, dict) and game is None else None,
            answer=answer if isinstance(answer, dict) else None,
        )


def _check_shown(view: object, what: str) -> None:
    """The texts of a game the dashboard and the phones show (issue 22: a state's
    names of 10,000 characters, or with a bidi override turning the staff's page, were
    shown as sent): its players names as both sides take them, its label a line."""
    if not isinstance(view, dict):
        return
    if "players" in view:
        names = players(view["players"], f"{what}: players")
        if len(names) > MAX_NAMES:
            raise MessageError(f"{what}: {len(names)} players, more than {MAX_NAMES}")
    if view.get("label") not in (None, ""):  # "": no game chosen yet
        check_line(view["label"], f"{what}: label", LABEL_CHARS)  # a MessageError


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
