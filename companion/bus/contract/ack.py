"""The ``ack``: the server's retained receipt of what it holds of a table's journal.

>>> Ack.parse(b'{"v":1,"seq":57,"games":3}')
Ack(seq=57, games=3, journal='', open=(), resend=None)
>>> Ack.parse(b'{"v":1,"seq":57,"games":3,"journal":"ab","open":[2]}').of("cd")
Ack(seq=0, games=0, journal='cd', open=(), resend=None)
>>> Ack(57, 3).payload()
b'{"v":1,"seq":57,"games":3}'
>>> Ack.parse(b'{"v":1,"seq":57,"games":3,"resend":1700000000.5}').resend
1700000000.5
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.bus.contract.fields import time_of, whole
from companion.bus.contract.topics import VERSION, dump
from companion.bus.errors import MessageError
from companion.bus.limits import load
from companion.games.json_types import JSONObject

#: The most open games an ack lists (a table has one in play; more is a lost end).
OPEN_LISTED = 16


@dataclass(frozen=True)
class Ack:
    """Every event up to ``seq`` and every game row up to ``games`` of the journal
    ``journal`` is stored, and ``open`` lists the games the server holds as not ended
    (so a table whose end row was lost sends it again: the ack's ``games`` cannot say
    it; at most :data:`OPEN_LISTED` are sent, the lowest).

    ``resend`` (optional; a table from before it ignores it, as any field it does not
    know) is the server asking the table to send again from this ack now, not at its
    resend's slowing pace: the staff stored its games again, or the disk it was held
    for has room again (docs/cafe.md, "A table's share of storage"). It is the
    server's time then, a new one each time: a table resends once per new value, and a
    connection's first ack is resent from anyway."""

    seq: int = 0
    games: int = 0
    journal: str = ""
    open: tuple[int, ...] = ()
    resend: float | None = None

    @classmethod
    def parse(cls, payload: bytes) -> Ack:
        """The ack in ``payload``; :class:`MessageError` naming what is wrong."""
        value = load(payload, "ack")  # bounded before parsing (issue 22)
        if not isinstance(value, dict) or value.get("v") != VERSION:
            raise MessageError(f"not a version {VERSION} ack object")
        seq, games = whole(value.get("seq"), "its seq"), whole(value.get("games"), "its games")
        opened = value.get("open", [])
        if not isinstance(opened, list):
            raise MessageError(f"its open {opened!r} is not a list of game ids")
        ids = tuple(whole(n, "its open game id") for n in opened)
        journal = value.get("journal", "")
        if not isinstance(journal, str):
            raise MessageError(f"its journal {journal!r} is not a text")
        resend = time_of(value.get("resend"), "its resend", optional=True)
        return cls(seq, games, journal, ids, resend)

    def payload(self) -> bytes:
        """The retained ``ack`` (``journal``, ``open`` and ``resend`` left out when
        empty, as a server before them sent it)."""
        body: JSONObject = {"v": VERSION, "seq": self.seq, "games": self.games}
        if self.journal:
            body["journal"] = self.journal
        if self.open:
            body["open"] = list(self.open[:OPEN_LISTED])
        if self.resend is not None:
            body["resend"] = self.resend
        return dump(body)

    def of(self, journal: str) -> Ack:
        """This ack as it concerns ``journal``: the server holds nothing of a journal
        other than the one it acknowledges (a new SD card starts again at 1)."""
        return self if self.journal == journal else Ack(journal=journal)

    def behind(self, other: Ack) -> bool:
        """Whether this ack holds less than ``other`` of the same journal (the server
        restored from a backup): what it no longer holds must be sent again."""
        same = self.journal == other.journal
        return same and (self.seq < other.seq or self.games < other.games)
