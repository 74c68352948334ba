"""What a table says on the cafe's bus, and what it reads: the bus contract of docs/cafe.md in code.

Every topic is ``companion/<cafe>/<table>/<leaf>``; every JSON payload is compact UTF-8
with ``"v": 1``. The table publishes ``status`` (``online``/``offline``, retained, the
offline one also its last will), ``state`` (retained: the game, the devices, the idle
time) and ``events`` (one per journal event or game-row change); it reads ``ack`` (the
server's retained receipt) and ``command`` (signed: :mod:`companion.bus.commands`).

    >>> topics = Topics("rosie", "t2")
    >>> topics.events, topics.subscriptions()
    ('companion/rosie/t2/events', ('companion/rosie/t2/ack', 'companion/rosie/t2/command'))
    >>> Ack.parse(b'{"v":1,"seq":57,"games":3}')
    Ack(seq=57, games=3, journal='', open=())
    >>> Ack.parse(b'{"v":1,"seq":57,"games":3,"journal":"ab","open":[2]}').of("cd")
    Ack(seq=0, games=0, journal='cd', open=())
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.bus.limits import load
from companion.bus.logs import LogLine
from companion.flows.base import GameFlow
from companion.journal import GameEntry, JournalEvent
from companion.views.live import game_facts

VERSION = 1
ONLINE = b"online"
OFFLINE = b"offline"


def dump(value: dict[str, Any]) -> bytes:
    """The contract's JSON: compact, UTF-8."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True)
class Topics:
    """The topics of one table of one cafe."""

    cafe: str
    table: str

    def _leaf(self, name: str) -> str:
        return f"companion/{self.cafe}/{self.table}/{name}"

    @property
    def status(self) -> str:
        return self._leaf("status")

    @property
    def state(self) -> str:
        return self._leaf("state")

    @property
    def events(self) -> str:
        return self._leaf("events")

    @property
    def ack(self) -> str:
        return self._leaf("ack")

    @property
    def command(self) -> str:
        return self._leaf("command")

    @property
    def log(self) -> str:
        return self._leaf("log")

    def subscriptions(self) -> tuple[str, str]:
        """What the table reads, the ``ack`` first (see :mod:`companion.bus.client`)."""
        return self.ack, self.command


@dataclass(frozen=True)
class Ack:
    """The server's receipt: every event up to ``seq`` and every game row up to
    ``games`` of the journal ``journal`` is stored (the contract's ``ack``), and
    ``open`` lists the games it holds as not ended (so a table whose end row was lost
    sends it again: the ack's ``games`` cannot say it)."""

    seq: int = 0
    games: int = 0
    journal: str = ""
    open: tuple[int, ...] = ()

    @classmethod
    def parse(cls, payload: bytes) -> Ack:
        """The ack in ``payload``; raises ValueError naming what is wrong."""
        value = load(payload, "ack")  # bounded before parsing (issue 22)
        if not isinstance(value, dict) or value.get("v") != VERSION:
            raise ValueError(f"not a version {VERSION} ack object")
        seq, games = value.get("seq"), value.get("games")
        opened = value.get("open", [])
        for name, number in (("seq", seq), ("games", games)):
            if not _count(number):
                raise ValueError(f"its {name} {number!r} is not a whole number >= 0")
        if not isinstance(opened, list) or not all(_count(n) for n in opened):
            raise ValueError(f"its open {opened!r} is not a list of game ids")
        journal = value.get("journal", "")
        if not isinstance(journal, str):
            raise ValueError(f"its journal {journal!r} is not a text")
        assert isinstance(seq, int) and isinstance(games, int)
        return cls(seq, games, journal, tuple(opened))

    def of(self, journal: str) -> Ack:
        """This ack as it concerns ``journal``: the server holds nothing of a journal
        other than the one it acknowledges (a new SD card starts again at 1)."""
        return self if self.journal == journal else Ack(journal=journal)

    def behind(self, other: Ack) -> bool:
        """Whether this ack holds less than ``other`` of the same journal (the server
        restored from a backup): what it no longer holds must be sent again."""
        same = self.journal == other.journal
        return same and (self.seq < other.seq or self.games < other.games)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# -- events ---------------------------------------------------------------------------------


def game_row(entry: GameEntry) -> dict[str, Any]:
    """A journal game as the contract's ``game`` object."""
    return {
        "id": entry.id,
        "game": entry.game,
        "players": list(entry.players),
        "variants": list(entry.variants),
        "options": entry.options,
        "started": entry.started,
        "ended": entry.ended,
        "result": entry.result,
    }


def event_message(
    topics: Topics,
    entry: GameEntry,
    event: JournalEvent | None,
    journal: str = "",
    after: int | None = None,
) -> bytes:
    """One ``events`` message: a journal event of ``entry``, or (None) its game row;
    ``journal`` is the journal's identity (left out for a journal without one).
    ``after``: the journal has no event (for a game row: no game) numbered between it
    and this one, so the server's ack may pass a hole the journal really has (an event
    set aside by a salvage) and no other (left out: the number just before)."""
    body: dict[str, Any] = {"v": VERSION, "cafe": topics.cafe, "table": topics.table}
    if journal:
        body["journal"] = journal
    if after is not None:
        body["after"] = after
    body["game"] = game_row(entry)
    body["event"] = None
    if event is not None:
        at = event.at if event.at == event.at else None  # a damaged time (NaN) is unknown
        body["event"] = {"seq": event.seq, "at": at, "kind": event.kind, "payload": event.payload}
    return dump(body)


def log_message(topics: Topics, boot: str, line: LogLine) -> bytes:
    """One ``log`` message: a line of the table's log (:mod:`companion.bus.logs`)."""
    body = {"v": VERSION, "cafe": topics.cafe, "table": topics.table, "boot": boot}
    fields = {"n": line.n, "at": line.at, "level": line.level, "logger": line.logger}
    return dump({**body, **fields, "text": line.text})


# -- state ----------------------------------------------------------------------------------


def game_state(game_id: int | None, flow: GameFlow, players: list[str]) -> dict[str, Any]:
    """The ``game`` of the state: where the game in play stands, as facts (the game's
    live view gives them, :func:`companion.views.live.game_facts`)."""
    return game_facts(game_id, flow, players)


def state_message(
    topics: Topics,
    *,
    at: float,
    game: dict[str, Any] | None,
    devices: dict[str, str],
    idle: float,
    setup: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` object (dumped by the bus when it publishes it); ``setup``: with
    no game in play, the players' page before the game (its view and link digest)."""
    body = {
        "v": VERSION,
        "cafe": topics.cafe,
        "table": topics.table,
        "at": at,
        "game": game,
        "devices": devices,
        "idle": round(idle, 1),
    }
    if setup:
        body["setup"] = setup
    return body
