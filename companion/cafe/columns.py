"""The cafe's rows as the database's columns and back, the same on SQLite and on
PostgreSQL (:mod:`companion.cafe.store`'s SQL): JSON as canonical text, a table's state
read back into its one typed shape (:class:`~companion.bus.contract.TableState`)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any

from companion.bus.contract import GameRow, MessageError, TableState
from companion.bus.limits import MAX_PAYLOAD
from companion.cafe.store import JournalRow, QuarantineRow, SeatRow, TableRow
from companion.games.errors import GameError
from companion.games.json_types import JSONObject, canonical
from companion.journal.result import GameResult

log = logging.getLogger("companion.cafe")


def game_params(row: GameRow) -> tuple[Any, ...]:
    result = row.result_json
    return (
        row.table,
        row.id,
        row.game,
        canonical(list(row.players)),
        canonical(list(row.variants)),
        canonical(dict(row.options)),
        row.started,
        row.ended,
        None if result is None else canonical(result),
    )


def seat_params(s: SeatRow) -> tuple[Any, ...]:
    """A seat's leaderboard row as ``PUT_SEAT`` takes it."""
    return (s.table, s.game_id, s.seat, s.game, s.ended, s.player, s.total, int(s.won))


def result_of(table: str, game_id: int, text: str | None) -> GameResult | None:
    """A game's result kept (None: in play, or one this version cannot read: the game's
    page then replays its events)."""
    return kept_result(table, game_id, text)[0]


def kept_result(
    table: str, game_id: int, text: str | None
) -> tuple[GameResult | None, JSONObject | None]:
    """A game's result kept, read back: the result, or else a JSON object of a shape
    this version cannot read (:attr:`GameRow.unread`, a newer table's, said in the log
    when it came); anything else is logged, naming the table, the game and why."""
    if text is None:
        return None, None
    try:
        return GameResult.from_text(text), None
    except GameError as exc:
        try:
            kept = json.loads(text)
        except ValueError:
            kept = None
        if isinstance(kept, dict):
            return None, kept
        log.warning("cafe: %s game %d: the result kept cannot be read (%s)", table, game_id, exc)
        return None, None


def game_of(raw: Sequence[Any]) -> GameRow:
    table, gid, game, players, variants, options, started, ended, result = raw
    read, unread = kept_result(table, int(gid), result)
    return GameRow(
        table=table,
        id=int(gid),
        game=game,
        players=tuple(json.loads(players)),
        variants=tuple(json.loads(variants)),
        options=json.loads(options),
        started=float(started),
        ended=float(ended) if ended is not None else None,
        result=read,
        unread=unread if ended is not None else None,
    )


def quarantine_params(row: QuarantineRow) -> tuple[Any, ...]:
    digest = hashlib.sha256(row.topic.encode() + b"\0" + row.payload).hexdigest()
    payload = row.payload[:MAX_PAYLOAD]
    return (row.table, digest, row.topic, payload, row.reason[:500], row.first, row.last)


def quarantine_of(raw: Sequence[Any]) -> QuarantineRow:
    table, topic, payload, reason, first, last, times = raw
    return QuarantineRow(
        table, topic, bytes(payload), reason, float(first), float(last), int(times)
    )


def journal_of(raw: Sequence[Any]) -> JournalRow:
    table, journal, game_base, seq_base, since = raw
    return JournalRow(table, journal, int(game_base), int(seq_base), float(since))


def table_params(row: TableRow) -> tuple[Any, ...]:
    """The parameters of :data:`PUT_TABLE` for ``row`` (its state as JSON text)."""
    state = None if row.state is None else canonical(row.state.kept())
    return (row.name, row.status, state, row.seen, row.ack_seq, row.ack_games, int(row.trusted))


def state_of(name: str, text: str | None) -> TableState | None:
    """The state kept of table ``name``; None when none, or when a version of the server
    that kept another shape left one this version does not read (the card shows no
    game until the table's next state, within a minute)."""
    if text is None:
        return None
    try:
        return TableState.of(name, json.loads(text), f"the state kept of {name}")
    except (MessageError, ValueError, TypeError) as exc:
        log.warning("cafe: %s", exc)
        return None


def table_of(raw: Sequence[Any]) -> TableRow:
    name, status, state, seen, ack_seq, ack_games, trusted = raw
    return TableRow(
        name=name,
        status=status,
        state=state_of(name, state),
        seen=float(seen),
        ack_seq=int(ack_seq),
        ack_games=int(ack_games),
        trusted=bool(trusted),
    )
