"""What the dashboard reads from the cafe's database: the same SQL on SQLite and on
PostgreSQL (docs/cafe.md), so one implementation serves both stores; each store gives
only how a query runs (``_read``) and its name for "where is a text in another"."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

from companion.bus.contract import EventRow, GameRow
from companion.cafe.columns import game_of, journal_of, quarantine_of, table_of
from companion.cafe.share_rows import SHARES, ShareRow, share_of
from companion.cafe.store import (
    GAME_COLUMNS,
    JOURNALS,
    LINK,
    LINKED,
    QUARANTINED,
    STANDINGS,
    GameQuery,
    JournalRow,
    QuarantineRow,
    StandingRow,
    TableRow,
    game_filter,
)


class StoreReads:
    """The reading half of the ``Store`` protocol, on a store's ``_read``."""

    #: The SQL function giving where a text is in another (0: nowhere).
    FIND: ClassVar[str] = "instr"

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def tables(self) -> list[TableRow]:
        sql = "SELECT name, status, state, seen, ack_seq, ack_games, trusted FROM tables"
        return [table_of(r) for r in self._read(sql + " ORDER BY name")]

    def journals(self) -> list[JournalRow]:
        return [journal_of(r) for r in self._read(JOURNALS)]

    def games(self, query: GameQuery) -> list[GameRow]:
        where, params = game_filter(query, find=self.FIND)
        sql = (
            f"SELECT {GAME_COLUMNS} FROM games {where}"
            " ORDER BY started DESC, table_name, id DESC LIMIT ? OFFSET ?"
        )
        return [game_of(r) for r in self._read(sql, [*params, query.limit, query.offset])]

    def game(self, table: str, game_id: int) -> GameRow | None:
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE table_name = ? AND id = ?"
        rows = self._read(sql, (table, game_id))
        return game_of(rows[0]) if rows else None

    def events(self, table: str, game_id: int) -> list[EventRow]:
        sql = (
            "SELECT seq, at, kind, payload FROM events WHERE table_name = ? AND game_id = ?"
            " ORDER BY seq"
        )
        return [
            EventRow(table, game_id, int(seq), float(at), kind, json.loads(payload))
            for seq, at, kind, payload in self._read(sql, (table, game_id))
        ]

    def standings(self, game: str, since: float | None) -> list[StandingRow]:
        rows = self._read(STANDINGS, (game, since if since is not None else float("-inf")))
        return [
            StandingRow(
                player,
                int(played),
                int(wins),
                float(average) if average is not None else None,
                int(best) if best is not None else None,
            )
            for player, played, wins, average, best in rows
        ]

    def game_names(self) -> list[str]:
        return [r[0] for r in self._read("SELECT DISTINCT game FROM games ORDER BY game")]

    def link(self, table: str, game_id: int) -> str | None:
        rows = self._read(LINK, (table, game_id))
        return str(rows[0][0]) if rows else None

    def linked(self, table: str, digest: str) -> int | None:
        """The game of ``table`` whose link has ``digest``."""
        rows = self._read(LINKED, (table, digest))
        return int(rows[0][0]) if rows else None

    def counts(self) -> tuple[int, int]:
        """How many games and events are held (for the log and the bench)."""
        games = self._read("SELECT COUNT(*) FROM games")[0][0]
        events = self._read("SELECT COUNT(*) FROM events")[0][0]
        return int(games), int(events)

    def quarantined(self, limit: int) -> list[QuarantineRow]:
        """The messages set aside, the latest first."""
        return [quarantine_of(r) for r in self._read(QUARANTINED, (limit,))]

    def shares(self) -> list[ShareRow]:
        """Each table's share of storage as last kept (read at start)."""
        return [share_of(r) for r in self._read(SHARES)]
