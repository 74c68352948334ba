"""The ``events`` message: one journal event of a table, or one of its game rows,
numbered as the table's journal numbers them; the server keeps each once.

    >>> from companion.bus.contract.topics import Topics
    >>> row = GameRow("t2", 1, "trump", ("Ana", "Ben"), (), {}, 10.0, None, None)
    >>> payload = Update(row, EventRow("t2", 1, 4, 11.0, "command", {"name": "undo"})).payload(
    ...     Topics("rosie", "t2"))
    >>> Update.parse("rosie", "t2", payload).event
    EventRow(table='t2', game_id=1, seq=4, at=11.0, kind='command', payload={'name': 'undo'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from companion.bus.contract.fields import (
    field,
    number,
    players,
    table_message,
    texts,
    time_of,
)
from companion.bus.contract.topics import JOURNAL, VERSION, Topics, dump
from companion.bus.errors import MessageError
from companion.bus.limits import check_id, check_payload
from companion.games.errors import GameError
from companion.games.json_types import JSON, JSONObject
from companion.journal.result import GameResult


@dataclass(frozen=True)
class GameRow:
    """One game of one table (``ended`` None: in play); ``table`` is the server's key of
    the table (:func:`~companion.bus.contract.topics.key_of`), its name at the table."""

    table: str
    id: int
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    options: Mapping[str, JSON]
    started: float
    ended: float | None
    #: Why it ended, its record and its scores (:class:`GameResult`); None in play, or
    #: when the table's journal could not read it back.
    result: GameResult | None
    #: An ended game's result as the table sent it, of a shape this version cannot read
    #: (a table updated before the server): kept as it came, the game ended but not
    #: counted (docs/cafe.md); None otherwise.
    unread: JSONObject | None = None

    @property
    def result_json(self) -> JSONObject | None:
        """The result as the contract (and the cafe's ``result`` column) has it: the one
        read, or else the one kept as sent; None in play."""
        return self.unread if self.result is None else self.result.to_json()

    def fields(self) -> JSONObject:
        """The contract's ``game`` object."""
        return {
            "id": self.id,
            "game": self.game,
            "players": list(self.players),
            "variants": list(self.variants),
            "options": dict(self.options),
            "started": self.started,
            "ended": self.ended,
            "result": self.result_json,
        }

    @classmethod
    def parse(cls, table: str, raw: object, what: str) -> GameRow:
        if not isinstance(raw, dict):
            raise MessageError(f"{what}: 'game' is not an object")
        options, result = raw.get("options", {}), raw.get("result")
        if not isinstance(options, dict) or not (result is None or isinstance(result, dict)):
            raise MessageError(f"{what}: the game's options or result are not objects")
        game = raw.get("game")
        if not isinstance(game, str) or not game:
            raise MessageError(f"{what}: the game has no name")
        started = time_of(raw.get("started"), f"{what}: game started")
        ended = time_of(raw.get("ended"), f"{what}: game ended", optional=True)
        unread = None
        try:
            outcome = None if result is None else GameResult.from_json(result)
        except GameError as exc:
            if ended is None:
                raise MessageError(f"{what}: the game's result: {exc}") from None
            outcome, unread = None, result  # a newer table's: kept as sent, not counted
        return cls(
            table=table,
            id=number(raw.get("id"), f"{what}: game id"),
            game=game,
            players=players(raw.get("players"), f"{what}: players"),
            variants=texts(raw.get("variants", []), f"{what}: variants"),
            options=options,
            started=started or 0.0,
            ended=ended,
            result=outcome if ended is not None else None,
            unread=unread,
        )


@dataclass(frozen=True)
class EventRow:
    """One journal event of one table: its own ``seq`` is unique at that table."""

    table: str
    game_id: int
    seq: int
    at: float
    kind: str
    payload: Mapping[str, JSON]

    def fields(self) -> JSONObject:
        """The contract's ``event`` object (a damaged time, NaN, is sent as unknown)."""
        at = self.at if self.at == self.at else None
        return {"seq": self.seq, "at": at, "kind": self.kind, "payload": dict(self.payload)}


@dataclass(frozen=True)
class Update:
    """An ``events`` message: the game row, and the event (None for a game-row message);
    ``journal`` is the journal's identity ("" for a journal from before identities)."""

    game: GameRow
    event: EventRow | None
    journal: str = ""
    #: The table's word that its journal holds no event (for a game row: no game)
    #: numbered between ``after`` and this one, so the server's ack may pass a hole the
    #: journal really has (an event set aside by a salvage) and no other; None: it did
    #: not say (the one before).
    after: int | None = None

    def payload(self, topics: Topics) -> bytes:
        """The message as ``topics``' table publishes it."""
        body: JSONObject = {"v": VERSION, "cafe": topics.cafe, "table": topics.table}
        if self.journal:
            body["journal"] = self.journal
        if self.after is not None:
            body["after"] = self.after
        body["game"] = self.game.fields()
        body["event"] = None if self.event is None else self.event.fields()
        return dump(body)

    @classmethod
    def parse(cls, cafe: str, key: str, payload: bytes) -> Update:
        """The message of the table ``key`` (:func:`~companion.bus.contract.topics.key_of`)
        of the server's cafe ``cafe``."""
        value, what = table_message(cafe, key, "events", payload)
        game = GameRow.parse(key, value.get("game"), what)
        journal = value.get("journal", "")
        if journal != "" and (not isinstance(journal, str) or not JOURNAL.fullmatch(journal)):
            raise MessageError(f"{what}: journal {journal!r} is not an identity of hex digits")
        raw = value.get("event")
        after = value.get("after")
        if after is not None:
            after = number(after, f"{what}: after")
            if after >= (
                game.id if raw is None else number(field(raw, "seq"), f"{what}: event seq")
            ):
                raise MessageError(f"{what}: after {after} is not below the number it comes after")
        if raw is None:
            return cls(game, None, journal, after)
        carried = raw.get("payload") if isinstance(raw, dict) else None
        if not isinstance(raw, dict) or not isinstance(carried, dict):
            raise MessageError(f"{what}: 'event' is not an object with a payload object")
        kind = raw.get("kind")
        if not isinstance(kind, str):
            raise MessageError(f"{what}: the event has no kind")
        seq = number(raw.get("seq"), f"{what}: event seq")
        at = time_of(raw.get("at"), f"{what}: event at") or 0.0
        event = EventRow(key, game.id, seq, at, kind, carried)
        return cls(game, event, journal, after)


def peek_numbers(payload: bytes) -> tuple[str, int, int | None, int | None] | None:
    """``(journal, game id, event seq or None, after or None)`` of an ``events``
    message that could not be stored, if they can be read (its size and depth within
    the limits, its numbers whole and in range, whatever else is wrong with it); None
    otherwise."""
    try:
        check_payload(payload, "events")
        value = json.loads(payload.decode("utf-8", errors="replace"))
        game, event = value["game"], value.get("event")
        journal = value.get("journal", "")
        after = value.get("after")
        seq = None if event is None else check_id(event["seq"], "seq")
        return (
            journal if isinstance(journal, str) else "",
            check_id(game["id"], "game id"),
            seq,
            None if after is None else check_id(after, "after"),
        )
    except (ValueError, LookupError, TypeError, RecursionError):
        return None
