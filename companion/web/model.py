"""What the dashboard shows, and the source it asks for it (the seam to the server).

The server (``companion.cafe``) implements :class:`CafeSource`; the pages only read
these values and never see the database, the broker or the contract's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Protocol

from companion.games.hex import Move, Position
from companion.games.json_types import JSON, JSONObject


@dataclass(frozen=True)
class TableCard:
    """One table at a glance. ``troubles`` names the parts not working (``camera``,
    ``display``, ``buttons``, ``journal``); ``idle_since`` is when its last card or
    button press was (seconds since the epoch); ``version`` grows with each change."""

    name: str
    online: bool
    game: str | None = None
    label: str | None = None
    game_id: int | None = None
    players: tuple[str, ...] = ()
    totals: tuple[int, ...] | None = None
    #: The totals counting the round under way (a trick game's running tally, as the
    #: phones show it: issue 26); None between rounds or where a game has none.
    running: tuple[int, ...] | None = None
    round: int | None = None
    #: The hex game's turn in play and its moves left and allowed (H2, H5), as its
    #: players' page shows them (None: another game, or the moves while a move card
    #: is due).
    turn: int | None = None
    moves_left: int | None = None
    moves_allowed: int | None = None
    to_play: int | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    troubles: tuple[str, ...] = ()
    idle_since: float | None = None
    seen: float = 0.0
    version: int = 0
    #: Why the table is shut out at the broker (it flooded), or None; staff let it in.
    shut_out: str | None = None
    #: Why its games are not stored now: ``share`` (it used up its share of storage:
    #: staff may store them again) or ``disk`` (the server's disk is nearly full); None.
    held: str | None = None

    def to_json(self) -> JSONObject:
        return asdict(self)


@dataclass(frozen=True)
class GameLine:
    """One game of the history; ``reason`` is why it ended (None: in play)."""

    table: str
    id: int
    game: str
    label: str
    players: tuple[str, ...]
    started: float
    ended: float | None
    reason: str | None
    totals: tuple[int, ...] | None
    winners: tuple[str, ...]

    def to_json(self) -> JSONObject:
        return asdict(self)


@dataclass(frozen=True)
class GameDetail:
    """A game with its rounds (points per seat, in order) and how many events it has; a
    hex game the table saw the board of, with its board and the moves last made."""

    line: GameLine
    rounds: tuple[tuple[int, ...], ...]
    events: int
    board: Position | None = None
    moved: tuple[Move, ...] = ()

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            **self.line.to_json(),
            "rounds": [list(r) for r in self.rounds],
            "events": self.events,
        }
        if self.board is not None:
            out["board"] = self.board.board()
            out["moved"] = [str(move) for move in self.moved]
        return out


@dataclass(frozen=True)
class Standing:
    """A player's line in a game's leaderboard (scores None for games without points)."""

    player: str
    played: int
    wins: int
    average: float | None
    best: int | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    def to_json(self) -> JSONObject:
        return {**asdict(self), "win_rate": round(self.win_rate, 4)}


@dataclass(frozen=True)
class HistoryFilter:
    """The history's filters (None: any); times in seconds since the epoch."""

    table: str | None = None
    game: str | None = None
    player: str | None = None
    since: float | None = None
    until: float | None = None
    ended: bool | None = None
    limit: int = 100
    offset: int = 0


@dataclass(frozen=True)
class LogLine:
    """One line of a table's log (staff only): its time, level, logger and text."""

    at: float
    level: str
    logger: str
    text: str

    def to_json(self) -> JSONObject:
        return asdict(self)


class Quarantined(Protocol):
    """A message the server set aside (issue 22), as staff see it."""

    @property
    def table(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def payload(self) -> bytes: ...
    @property
    def reason(self) -> str: ...
    @property
    def first(self) -> float: ...
    @property
    def last(self) -> float: ...
    @property
    def times(self) -> int: ...


class CafeSource(Protocol):
    """What the dashboard needs from the server."""

    @property
    def cafe(self) -> str: ...

    def tables(self) -> Sequence[TableCard]: ...

    def history(self, query: HistoryFilter) -> Sequence[GameLine]: ...

    def game(self, table: str, game_id: int) -> GameDetail | None: ...

    def record(self, table: str, game_id: int) -> Mapping[str, JSON] | None:
        """The game record (the JSON ``companion score`` reads)."""
        ...

    def leaderboard(self, game: str, since: float | None) -> Sequence[Standing]: ...

    def games(self) -> Sequence[tuple[str, str]]:
        """Every game known, as ``(name, label)``."""
        ...

    def version(self) -> int: ...

    async def wait(self, after: int, timeout: float) -> int:
        """The version once past ``after`` (or as it is after ``timeout`` seconds)."""
        ...

    def log_lines(self, table: str) -> Sequence[LogLine]:
        """The table's recent log lines, the oldest first (shown to staff only)."""
        ...

    def send(self, table: str, action: str, args: Mapping[str, JSON]) -> object:
        """A staff command to a table (``reset``, ``message``); ValueError if refused.
        What it returns (the cafe server: the nonce) is not the dashboard's."""
        ...

    def receiving(self) -> bool:
        """Whether what tables send is received and stored now (issue 22)."""
        ...

    def let_in(self, table: str) -> None:
        """Let a table shut out at the broker (it flooded) in again; ValueError if it
        is not shut out."""
        ...

    def store_again(self, table: str) -> None:
        """Give a table that used up its share of storage a day's share again;
        ValueError if it has not."""
        ...

    def disk_low(self) -> tuple[int, int] | None:
        """While the database's disk is nearly full: its free bytes and the reserve."""
        ...

    def quarantined(self, limit: int) -> Sequence[Quarantined]:
        """The messages set aside, the latest first (staff only)."""
        ...
