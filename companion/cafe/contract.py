"""The cafe bus contract, the server's half: topics, the messages tables send, the
``ack`` the server keeps retained for each table, and the signed staff commands.

The contract is CAFE_CONTRACT.md (docs/cafe.md quotes it): every message under
``companion/<cafe>/<table>/``, compact UTF-8 JSON with ``"v": 1``. Parsing is strict
where storing depends on it (ids, sequence numbers, times) and lenient elsewhere (a
state's device report is shown as sent), and a message that breaks the contract is a
:class:`~companion.cafe.errors.MessageError` naming the rule, never a ``KeyError``.

    >>> parse_topic("c", "companion/c/t2/events")
    ('t2', 'events')
    >>> ack_payload(57, 3)
    b'{"v":1,"seq":57,"games":3}'
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.bus.commands import signature
from companion.bus.limits import LimitError, check_id, check_payload, check_time, load
from companion.bus.limits import check_name as check_player
from companion.cafe.errors import MessageError

VERSION = 1
PREFIX = "companion"
NAME = re.compile(r"[a-z0-9-]{1,32}")
#: A journal's identity: random hex digits made with the journal (32 of them).
JOURNAL = re.compile(r"[0-9a-f]{8,64}")
#: The most open games an ack lists (a table has one in play; more is a lost end).
OPEN_LISTED = 16
#: The leaves a table publishes (and the server subscribes to under ``#``).
TABLE_LEAVES = ("status", "state", "events", "log")
ACTIONS = ("reset", "message", "names")
#: The longest message text a table shows (contract: at most 200 characters).
MESSAGE_LIMIT = 200


def check_name(kind: str, value: str) -> str:
    """A cafe or table name as the contract allows it, or :class:`MessageError`."""
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise MessageError(f"{kind} name {value!r}: must be 1-32 of a-z, 0-9 and '-'")
    return value


def topic(cafe: str, table: str, leaf: str) -> str:
    return f"{PREFIX}/{cafe}/{table}/{leaf}"


def subscriptions(*cafes: str) -> list[str]:
    """What the server subscribes to: what every table of its cafes publishes (not the
    acks and commands it publishes itself, which ``companion/<cafe>/#`` would echo).
    A chain's central server reads several cafes, or every one (``+``)."""
    return [f"{PREFIX}/{cafe}/+/{leaf}" for cafe in cafes for leaf in TABLE_LEAVES]


def key_of(own: str, cafe: str, table: str) -> str:
    """How a server names a table (in its database, on its dashboard): its own cafe's
    tables by their name, another cafe's (a chain's central server) as ``cafe.table``
    (names have no dots, so the key is never ambiguous)."""
    return table if cafe == own else f"{cafe}.{table}"


def split_key(own: str, key: str) -> tuple[str, str]:
    """``(cafe, table)`` of a key :func:`key_of` made."""
    cafe, dot, table = key.partition(".")
    return (cafe, table) if dot else (own, key)


def parse_topic(cafe: str, name: str, cafes: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """``(table key, leaf)`` of a topic of ``cafe`` (or of one of ``cafes``, ``+`` for
    any); None for anything else."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != PREFIX or not NAME.fullmatch(parts[2]):
        return None
    if parts[1] != cafe and not (parts[1] in cafes or ("+" in cafes and NAME.fullmatch(parts[1]))):
        return None
    return key_of(cafe, parts[1], parts[2]), parts[3]


def dumps(value: Mapping[str, Any]) -> bytes:
    """The contract's JSON: compact, UTF-8."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True)
class GameRow:
    """One game of one table, as the server keeps it (``ended`` None: in play)."""

    table: str
    id: int
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    options: Mapping[str, Any]
    started: float
    ended: float | None
    result: Mapping[str, Any] | None


@dataclass(frozen=True)
class EventRow:
    """One journal event of one table: its own ``seq`` is unique at that table."""

    table: str
    game_id: int
    seq: int
    at: float
    kind: str
    payload: Mapping[str, Any]


@dataclass(frozen=True)
class Update:
    """An ``events`` message: the game row, and the event (None for a game-row message),
    numbered as the table's journal numbers them; ``journal`` is that journal's
    identity ("" for a journal from before identities)."""

    game: GameRow
    event: EventRow | None
    journal: str = ""
    #: The table's word that its journal holds no event (for a game row: no game)
    #: numbered between ``after`` and this one; None: it did not say (the one before).
    after: int | None = None


@dataclass(frozen=True)
class TableState:
    """A ``state`` message as sent; ``game`` and ``devices`` are shown, not stored apart."""

    table: str
    at: float
    game: Mapping[str, Any] | None
    devices: Mapping[str, str]
    idle: float | None
    #: With no game in play, the players' page before the game (issue 15): its view
    #: (``live``) and the set-up link's digest (``link``); None when not sent.
    setup: Mapping[str, Any] | None = None
    #: The table's last answer to a phone's names (issue 22): the command's ``nonce``
    #: and what it ``said``; None when not sent.
    answer: Mapping[str, Any] | None = None


def _object(payload: bytes, what: str) -> dict[str, Any]:
    try:
        value = load(payload, what)  # size, depth, texts, numbers, lists (issue 22)
    except LimitError as exc:
        raise MessageError(str(exc)) from None
    if not isinstance(value, dict):
        raise MessageError(f"{what}: not a JSON object")
    if value.get("v") != VERSION:
        raise MessageError(f"{what}: version {value.get('v')!r}, this server reads {VERSION}")
    return value


def _whose(value: Mapping[str, Any], cafe: str, table: str, what: str) -> None:
    if value.get("cafe") != cafe or value.get("table") != table:
        raise MessageError(
            f"{what}: says cafe {value.get('cafe')!r} table {value.get('table')!r}, "
            f"published under {cafe}/{table}"
        )


def _int(value: Any, what: str) -> int:
    try:
        return check_id(value, what)
    except LimitError as exc:
        raise MessageError(str(exc)) from None


def _time(value: Any, what: str, *, optional: bool = False) -> float | None:
    if value is None and optional:
        return None
    try:
        return check_time(value, what)
    except LimitError as exc:
        raise MessageError(str(exc)) from None


def _names(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MessageError(f"{what}: not a list of texts")
    return tuple(value)


def _players(value: Any, what: str) -> tuple[str, ...]:
    """A game's players: every name as both sides take names (issue 22)."""
    names = _names(value, what)
    try:
        for name in names:
            check_player(name, f"{what}: name")
    except LimitError as exc:
        raise MessageError(str(exc)) from None
    return names


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


def _game_row(table: str, raw: Any, what: str) -> GameRow:
    if not isinstance(raw, dict):
        raise MessageError(f"{what}: 'game' is not an object")
    options, result = raw.get("options", {}), raw.get("result")
    if not isinstance(options, dict) or not (result is None or isinstance(result, dict)):
        raise MessageError(f"{what}: the game's options or result are not objects")
    game = raw.get("game")
    if not isinstance(game, str) or not game:
        raise MessageError(f"{what}: the game has no name")
    started = _time(raw.get("started"), f"{what}: game started")
    ended = _time(raw.get("ended"), f"{what}: game ended", optional=True)
    return GameRow(
        table=table,
        id=_int(raw.get("id"), f"{what}: game id"),
        game=game,
        players=_players(raw.get("players"), f"{what}: players"),
        variants=_names(raw.get("variants", []), f"{what}: variants"),
        options=options,
        started=started or 0.0,
        ended=ended,
        result=result if ended is not None else None,
    )


def parse_events(cafe: str, key: str, payload: bytes) -> Update:
    """An ``events`` message of the table ``key`` (:func:`key_of`) as its game row and
    event."""
    where = split_key(cafe, key)
    what = f"{topic(*where, 'events')}"
    value = _object(payload, what)
    _whose(value, *where, what)
    game = _game_row(key, value.get("game"), what)
    journal = value.get("journal", "")
    if journal != "" and (not isinstance(journal, str) or not JOURNAL.fullmatch(journal)):
        raise MessageError(f"{what}: journal {journal!r} is not an identity of hex digits")
    raw = value.get("event")
    after = value.get("after")
    if after is not None:
        after = _int(after, f"{what}: after")
        if after >= (game.id if raw is None else _int(_key(raw, "seq"), f"{what}: event seq")):
            raise MessageError(f"{what}: after {after} is not below the number it comes after")
    if raw is None:
        return Update(game, None, journal, after)
    if not isinstance(raw, dict) or not isinstance(raw.get("payload"), dict):
        raise MessageError(f"{what}: 'event' is not an object with a payload object")
    kind = raw.get("kind")
    if not isinstance(kind, str):
        raise MessageError(f"{what}: the event has no kind")
    seq = _int(raw.get("seq"), f"{what}: event seq")
    at = _time(raw.get("at"), f"{what}: event at") or 0.0
    return Update(game, EventRow(key, game.id, seq, at, kind, raw["payload"]), journal, after)


def _key(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


def parse_state(cafe: str, key: str, payload: bytes) -> TableState:
    where = split_key(cafe, key)
    what = f"{topic(*where, 'state')}"
    value = _object(payload, what)
    _whose(value, *where, what)
    game, devices = value.get("game"), value.get("devices", {})
    if not (game is None or isinstance(game, dict)) or not isinstance(devices, dict):
        raise MessageError(f"{what}: 'game' or 'devices' is not an object")
    idle = value.get("idle")
    setup, answer = value.get("setup"), value.get("answer")
    return TableState(
        table=key,
        at=_time(value.get("at"), f"{what}: at") or 0.0,
        game=game,
        devices={str(k): str(v) for k, v in devices.items()},
        idle=float(idle) if isinstance(idle, int | float) and not isinstance(idle, bool) else None,
        setup=setup if isinstance(setup, dict) and game is None else None,
        answer=answer if isinstance(answer, dict) else None,
    )


@dataclass(frozen=True)
class LogEntry:
    """A ``log`` message: line ``n`` of the table's run ``boot``."""

    table: str
    boot: str
    n: int
    at: float
    level: str
    logger: str
    text: str


def parse_log(cafe: str, key: str, payload: bytes) -> LogEntry:
    """A ``log`` line of the table ``key`` (:func:`key_of`)."""
    where = split_key(cafe, key)
    what = f"{topic(*where, 'log')}"
    value = _object(payload, what)
    _whose(value, *where, what)
    texts = [value.get(k) for k in ("boot", "level", "logger", "text")]
    if not all(isinstance(t, str) for t in texts):
        raise MessageError(f"{what}: boot, level, logger and text are not all texts")
    boot, level, logger, text = (str(t) for t in texts)
    at = _time(value.get("at"), f"{what}: at") or 0.0
    n = _int(value.get("n"), f"{what}: n")
    return LogEntry(key, boot, n, at, level[:10], logger[:80], text[: MESSAGE_LIMIT * 5])


def parse_status(payload: bytes) -> str:
    text = payload.decode("utf-8", errors="replace").strip()
    if text not in ("online", "offline"):
        raise MessageError(f"status {text[:20]!r}: neither online nor offline")
    return text


@dataclass(frozen=True)
class AckRow:
    """A table's ``ack`` in its journal's numbers: every event up to ``seq`` and every
    game up to ``games`` of journal ``journal`` held, the games of ``open`` held as not
    ended (at most :data:`OPEN_LISTED`, the lowest)."""

    seq: int
    games: int
    journal: str = ""
    open: tuple[int, ...] = ()

    def payload(self) -> bytes:
        return ack_payload(self.seq, self.games, self.journal, self.open)


def ack_payload(seq: int, games: int, journal: str = "", open_: tuple[int, ...] = ()) -> bytes:
    """The retained ``ack``: every event up to ``seq`` and every game up to ``games`` held
    (``journal`` and ``open`` left out when empty, as a server before them sent it)."""
    body: dict[str, Any] = {"v": VERSION, "seq": seq, "games": games}
    if journal:
        body["journal"] = journal
    if open_:
        body["open"] = list(open_[:OPEN_LISTED])
    return dumps(body)


def command(
    cafe: str,
    table: str,
    action: str,
    args: Mapping[str, Any],
    key: bytes,
    *,
    now: float,
    nonce: str | None = None,
) -> dict[str, Any]:
    """A staff command for ``table``, signed with the cafe's staff key."""
    if action not in ACTIONS:
        raise MessageError(f"command {action!r}: not one of {', '.join(ACTIONS)}")
    body: dict[str, Any] = {
        "v": VERSION,
        "cafe": check_name("cafe", cafe),
        "table": check_name("table", table),
        "action": action,
        "args": dict(args),
        "ts": float(now),
        "nonce": nonce or secrets.token_hex(16),
    }
    body["sig"] = signature(body, key)
    return body


def message_args(text: str) -> dict[str, Any]:
    """The ``message`` command's arguments: one line, at most 200 characters."""
    line = " ".join(text.split())
    if not line:
        raise MessageError("a message to a table cannot be empty")
    return {"text": line[:MESSAGE_LIMIT]}
