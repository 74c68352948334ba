"""``companion history``: the games played at this table.

$ companion history
  id  date              game        players          scores       winner
   1  2026-11-22 20:15  fibonachos  Ana, Ben, Cy     21, 34, 13   Ben
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from companion.cli.common import add_config_options, local_time, open_journal, warn_unread
from companion.cli.render import json_line
from companion.games import HexReport
from companion.games.json_types import JSONObject
from companion.games.report import ended_winners
from companion.journal import GameEntry


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "history",
        help="list the games played (from the journal)",
        description="The games played at this table, read from its journal without changing "
        "it: id, date, game, players, scores, winner and how each game stands.",
    )
    add_config_options(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.set_defaults(func=run)


def _outcome(entry: GameEntry) -> tuple[list[int] | None, list[str]]:
    """The totals and the winners' names of a kept score (none from a damaged one)."""
    report = entry.result.score if entry.result is not None else None
    if report is None:
        return None, []
    if isinstance(report, HexReport):
        return None, [report.winner.value] if report.winner else []
    # An ended game's winners are those its final scores screen showed (R9: a rummy
    # match ended by the table is won by the highest total).
    won = ended_winners(report) if entry.ended is not None else report.winners
    return list(report.totals), _names(entry, won)


def _names(entry: GameEntry, seats: tuple[int, ...]) -> list[str]:
    """Winners as names (a seat the players do not have, from a damaged result, left)."""
    return [entry.players[seat] for seat in seats if 0 <= seat < len(entry.players)]


#: How the table says a game ended (the journal's ``reason``, as the cafe dashboard
#: words it): a rummy match ended from the menu is "ended by the players", not abandoned.
STATES = {
    "over": "over",
    "abandoned": "ended by the players",
    "idle": "table left",
    "staff": "reset by staff",
    "replaced": "replaced by a new game",
}


@dataclass(frozen=True)
class GameSummary:
    """One line of the history: ``--json`` writes :meth:`as_json`."""

    id: int
    started: float
    ended: float | None
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    state: str
    totals: list[int] | None
    winners: list[str]

    def as_json(self) -> JSONObject:
        return {
            "id": self.id,
            "started": self.started,
            "ended": self.ended,
            "game": self.game,
            "players": list(self.players),
            "variants": list(self.variants),
            "state": self.state,
            "totals": None if self.totals is None else list(self.totals),
            "winners": list(self.winners),
        }


def summary(entry: GameEntry) -> GameSummary:
    """Date, game, players, totals and winners of one game (in play: the totals so far)."""
    totals, winners = _outcome(entry)
    reason = entry.result.reason if entry.result is not None else "over"
    state = "in play" if entry.ended is None else reason
    return GameSummary(
        entry.id,
        entry.started,
        entry.ended,
        entry.game,
        entry.players,
        entry.variants,
        state,
        totals,
        winners,
    )


def run(args: argparse.Namespace) -> int:
    with open_journal(args) as journal:
        rows = [summary(entry) for entry in journal.games()]
        warn_unread("history", journal, len(rows))
    if args.json:
        for row in rows:
            print(json_line(row.as_json()))
        return 0
    if not rows:
        print("no game yet")
        return 0
    header = ("id", "date", "game", "players", "scores", "winner", "state")
    table = [
        (
            str(row.id),
            local_time(row.started),
            row.game,
            ", ".join(row.players),
            ", ".join(map(str, row.totals)) if row.totals else "-",
            " & ".join(map(str, row.winners)) or "-",
            STATES.get(row.state, row.state),
        )
        for row in rows
    ]
    widths = [max(len(r[i]) for r in (header, *table)) for i in range(len(header))]
    for line in (header, *table):
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        )
    return 0
