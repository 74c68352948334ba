"""``companion cafe``'s composition root: the database, the writer thread, the MQTT
link, and the dashboard's source (:class:`companion.web.model.CafeSource`).

    server = CafeServer(settings, SqliteStore(path), key=load_key(settings.staff.key_file))
    server.start()                       # the writer and the broker connection
    app = create_app(server, ...)        # the dashboard reads the server
    server.stop()
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from companion.bus.contract import Ack, Command, GameRow, LogEntry, MessageError, split_key
from companion.cafe.burst_log import BurstLog
from companion.cafe.doorman import Doorman
from companion.cafe.flood import FloodWatch, Limits
from companion.cafe.games import board_of, record_and_score
from companion.cafe.ingest import Applied, Incoming, Ingest
from companion.cafe.link import Link
from companion.cafe.logbook import LogBook
from companion.cafe.outcome import outcome_of, rounds_of
from companion.cafe.rescore import Rescore
from companion.cafe.settings import CafeSettings
from companion.cafe.share import Share, Shares, disk_free
from companion.cafe.sqlite import SqliteStore
from companion.cafe.store import QuarantineRow, Store, TableRow
from companion.cafe.writer import Writer
from companion.flows.status import Awaiting
from companion.games.json_types import JSON
from companion.web.changes import Changes
from companion.web.model import (
    GameDetail,
    GameLine,
    HistoryFilter,
    LogLine,
    Standing,
    TableCard,
)

log = logging.getLogger("companion.cafe")

DEVICES = ("camera", "display", "buttons", "journal")


def label_of(game: str) -> str:
    from companion.games.errors import UnknownGameError
    from companion.games.registry import get_game

    try:
        return get_game(game).label
    except UnknownGameError:
        return game


def card_of(row: TableRow, version: int) -> TableCard:
    """A table's card from its last state and status."""
    state = row.state
    devices = state.devices if state is not None else {}
    troubles = tuple(d for d in DEVICES if devices.get(d, "ok") != "ok")
    since = None if state is None or state.idle is None else state.at - state.idle
    card = TableCard(
        name=row.name,
        online=row.status == "online",
        troubles=troubles,
        idle_since=since,
        seen=row.seen,
        version=version,
    )
    game = None if state is None else state.game
    if game is None:
        return card
    turn, left, allowed = game.turn, game.moves_left, game.moves_allowed
    hexed = game.live.hex if game.live is not None and not game.over else None
    if turn is None and hexed is not None:  # a table from before the state's own turn
        turn = hexed.turn
        if hexed.awaiting != Awaiting.MOVE_CARD.value:  # H5: no card yet
            left, allowed = hexed.left, hexed.allowed
    return replace(
        card,
        turn=turn,
        moves_left=left,
        moves_allowed=allowed,
        game=game.game,
        label=game.label or label_of(game.game),
        game_id=game.id,
        players=game.players,
        totals=game.totals,
        running=game.running,
        round=game.round,
        to_play=game.to_play,
        over=game.over,
        winners=game.winners,
    )


def _disk_of(store: Store) -> Callable[[], int | None]:
    """The free bytes of an SQLite file's disk (a PostgreSQL server's is its own)."""
    if isinstance(store, SqliteStore) and store.path != ":memory:":
        return disk_free(Path(store.path))
    return lambda: None


def line_of(row: GameRow) -> GameLine:
    outcome = outcome_of(row.result, len(row.players))
    reason = row.result.reason if row.result is not None else "over"
    return GameLine(
        table=row.table,
        id=row.id,
        game=row.game,
        label=label_of(row.game),
        players=row.players,
        started=row.started,
        ended=row.ended,
        reason=reason if row.ended is not None else None,
        totals=outcome.totals,
        winners=tuple(row.players[s] for s in outcome.winners),
    )


class CafeServer:
    """The cafe server: stores what tables send, acks it, and answers the dashboard."""

    def __init__(
        self,
        settings: CafeSettings,
        store: Store,
        *,
        key: bytes | None,
        clock: Callable[[], float] = time.time,
        flood: Limits | None = None,
    ) -> None:
        """``flood``: how much a table may send before it is shut out (the tests')."""
        self.settings = settings
        self.store = store
        self.key = key
        self.clock = clock
        self.changes = Changes()
        database = settings.database
        self.shares = Shares(
            Share.in_mb(database.table_mb_per_day, database.keep_free_mb),
            free=_disk_of(store),
            changed=lambda table: self._changed([table]),
            clock=clock,
            kept=store.shares(),  # as the last run left them (docs/security.md)
        )
        self.ingest = Ingest(store, settings.cafe.name, clock=clock, shares=self.shares)
        self.writer = Writer(self.ingest, self._stored, self._dropped)
        self.rescore = Rescore(store, self.ingest.lock)  # once after an update
        self.logs = LogBook()
        #: Log lines refused, said at most once a minute per table (the MQTT thread's own).
        self.refused_logs = BurstLog(log)
        watch = FloodWatch(flood)
        self.doorman = Doorman(
            settings, lambda table: self._changed([table]), watch=watch, clock=clock
        )
        self.link = Link(
            settings,
            self.writer.put,
            self._connected,
            self._logged,
            self.doorman.arrived,
            receiving=self.changes.bump,  # the live feeds say "not receiving" at once
        )
        self._versions: dict[str, int] = {}
        self._versions_lock = threading.Lock()
        #: Each table's card and the row it was made from (rows are replaced, never
        #: changed): the live feed asks for every card at each change, and only the
        #: tables that changed are made again.
        self._cards: dict[str, tuple[TableRow, TableCard]] = {}

    def start(self) -> None:
        self.writer.start()
        self.rescore.start()
        self.doorman.start()
        self.link.start()

    def stop(self) -> None:
        self.link.stop()
        self.doorman.stop()
        self.rescore.stop()
        self.writer.stop()

    def _connected(self) -> None:
        """The acks again, as the database has them: after a restore from a backup the
        broker's retained acks are ahead of it, and the tables must send again."""
        self.doorman.connected()
        for name in sorted(dict(self.ingest.tables)):
            self.link.publish_ack(name, self.ingest.ack_of(name))

    def _dropped(self, item: Incoming) -> None:
        """A message the writer's queue had no room for (a table flooding, issue 22):
        acknowledged to the broker, so it holds no slot of the in-flight window."""
        if item.token is not None:
            self.link.acknowledge([item.token])

    def _logged(self, table: str, payload: bytes) -> None:
        """A table's log line (the MQTT thread): kept in memory for the staff."""
        try:
            self.logs.keep(LogEntry.parse(self.cafe, table, payload))
        except MessageError as exc:  # a flood of bad lines is not a flood of lines here
            self.refused_logs.warn(f"{table}/log", f"cafe: log line refused: {str(exc)[:300]}")

    def dead(self) -> str | None:
        """Which of the server's threads died (the network's, the writer's), if one did:
        nothing is received or stored any more, the process must restart (issue 22)."""
        if not self.writer.alive():
            return "the database writer's thread"
        if not self.link.alive():
            return "the MQTT network thread"
        if not self.doorman.alive():
            return "the broker admin's network thread"
        return None

    def receiving(self) -> bool:
        """Whether what tables send is received and stored now (the dashboard says
        "not receiving" otherwise): both threads alive, the broker connected (its
        subscription made) and the database writing. With the broker down, the
        tables' cards would still say what they said last: online."""
        connected = self.link.connected.is_set()
        return self.dead() is None and connected and not self.writer.failing.is_set()

    def quarantined(self, limit: int = 100) -> Sequence[QuarantineRow]:
        """The messages set aside, the latest first (staff only)."""
        return self.store.quarantined(limit)

    def take(self, items: Sequence[Incoming]) -> Applied:
        """Store ``items`` now, on this thread (an import, a test): as the writer would."""
        applied = self.ingest.apply(items)
        self._stored(applied, list(items))
        return applied

    def _stored(self, applied: Applied, items: list[Incoming]) -> None:
        self.link.acknowledge([item.token for item in items if item.token is not None])
        for table, ack in sorted(applied.acks.items()):
            self.doorman.acked(table)  # before it goes: the table's next may come at once
            self.link.publish_ack(table, ack)
        if applied.changed:
            self._changed(applied.changed)

    def _changed(self, tables: Iterable[str]) -> None:
        """The cards carry the new version before the pages waiting for it wake up."""
        with self._versions_lock:
            version = self.changes.version + 1
            for table in tables:
                self._versions[table] = version
            self.changes.bump()

    # -- the dashboard's source ---------------------------------------------------------

    @property
    def cafe(self) -> str:
        return self.settings.cafe.name

    def tables(self) -> Sequence[TableCard]:
        rows = dict(self.ingest.tables)  # a copy: the writer thread changes it
        with self._versions_lock:
            versions = dict(self._versions)
        shut, held = self.doorman.shut(), self.shares.held()
        cards = []
        for name in sorted(rows):
            row, version = rows[name], versions.get(name, 0)
            kept = self._cards.get(name)
            if kept is None or kept[0] is not row or kept[1].version != version:
                kept = self._cards[name] = (row, card_of(row, version))
            card = kept[1]
            if name in held:
                card = replace(card, held=held[name].reason)
            # Shut out, it is offline whatever it said last (the broker kicks it without
            # its last will).
            cards.append(replace(card, online=False, shut_out=shut[name]) if name in shut else card)
        return cards

    def history(self, query: HistoryFilter) -> Sequence[GameLine]:
        return [line_of(row) for row in self.store.games(query)]

    def game(self, table: str, game_id: int) -> GameDetail | None:
        row = self.store.game(table, game_id)
        if row is None:
            return None
        events = self.store.events(table, game_id)
        _, score = record_and_score(row, events)
        rounds = rounds_of(score, len(row.players))
        line = line_of(row)
        if line.totals is None and rounds:
            totals = tuple(sum(r[seat] for r in rounds) for seat in range(len(row.players)))
            line = replace(line, totals=totals)
        board, moved = board_of(score)
        return GameDetail(line, tuple(rounds), len(events), board, moved)

    def record(self, table: str, game_id: int) -> Mapping[str, JSON] | None:
        row = self.store.game(table, game_id)
        if row is None:
            return None
        record, _ = record_and_score(row, self.store.events(table, game_id))
        return record

    def leaderboard(self, game: str, since: float | None) -> Sequence[Standing]:
        return [
            Standing(s.player, s.played, s.wins, s.average, s.best)
            for s in self.store.standings(game, since)
        ]

    def games(self) -> Sequence[tuple[str, str]]:
        return [(name, label_of(name)) for name in self.store.game_names()]

    def version(self) -> int:
        return self.changes.version

    async def wait(self, after: int, timeout: float) -> int:
        return await self.changes.wait(after, timeout)

    def log_lines(self, table: str) -> Sequence[LogLine]:
        return [LogLine(e.at, e.level, e.logger, e.text) for e in self.logs.lines(table)]

    def let_in(self, table: str) -> None:
        """Let a table shut out at the broker in again (staff); ValueError if it is not."""
        if table not in self.doorman.shut():
            self._known(table)
        self.doorman.let_in(table)

    def store_again(self, table: str) -> None:
        """A day's share of storage again for ``table`` (staff); ValueError if it has
        not used its share up. Its ack again, asking it to resend now (contract "ack")."""
        if table not in self.shares.held():
            self._known(table)
        self.shares.store_again(table)
        ack = self.ingest.ack_of(table) if table in self.ingest.tables else Ack()
        self.link.publish_ack(table, replace(ack, resend=self.clock()))

    def disk_low(self) -> tuple[int, int] | None:
        return self.shares.disk()

    def _known(self, table: str) -> None:
        """MessageError naming the tables the server knows, unless ``table`` is one."""
        known = sorted(self.ingest.tables)
        if table not in known:
            listed = ", ".join(known[:20]) + (f" and {len(known) - 20} more" if known[20:] else "")
            raise MessageError(
                f"no table {table!r} in cafe {self.cafe}: "
                + (f"its tables are {listed} (the dashboard lists them)" if known else "none yet")
            )

    def send(self, table: str, action: str, args: Mapping[str, JSON]) -> str:
        """A staff command to ``table``, signed; its nonce (the table's answer names it)."""
        self._known(table)
        if self.key is None:
            raise MessageError(
                f"no staff key ({self.settings.staff.key_file}): commands cannot be signed"
            )
        try:  # the table's own check (issue 22): refused here, not there
            checked = Command.parse(action, args)
        except ValueError as exc:
            raise MessageError(f"{action} for {table}: {exc}") from None
        where = split_key(self.cafe, table)
        body = checked.body(*where, self.key, now=self.clock())
        self.link.publish_command(table, body)
        log.info("cafe: staff %s sent to %s", action, table)
        return str(body["nonce"])
