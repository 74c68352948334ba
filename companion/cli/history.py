"""``companion history``: the games played at this table.

$ companion history
  id  date              game        players          scores       winner
   1  2026-11-22 20:15  fibonachos  Ana, Ben, Cy     21, 34, 13   Ben
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from companion.cli.common import add_config_options, open_journal
from companion.games import HexReport, report_from_json
from companion.journal import GameEntry


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("history", help="list the games played (from the journal)")
    add_config_options(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.set_defaults(func=run)


def _when(stamp: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else "-"


def summary(entry: GameEntry) -> dict[str, Any]:
    """Date, game, players, totals and winners of one game (in play: the totals so far)."""
    score = (entry.result or {}).get("score")
    report = report_from_json(score) if score else None
    totals: list[int] | None = None
    winners: list[str] = []
    if isinstance(report, HexReport):
        winners = [report.winner.value] if report.winner else []
    elif report is not None:
        totals = list(report.totals)
        winners = [entry.players[seat] for seat in report.winners]
    state = "in play" if entry.ended is None else (entry.result or {}).get("reason", "over")
    return {
        "id": entry.id,
        "started": entry.started,
        "ended": entry.ended,
        "game": entry.game,
        "players": list(entry.players),
        "variants": list(entry.variants),
        "state": state,
        "totals": totals,
        "winners": winners,
    }


def run(args: argparse.Namespace) -> int:
    with open_journal(args) as journal:
        rows = [summary(entry) for entry in journal.games()]
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        return 0
    if not rows:
        print("no game yet")
        return 0
    header = ("id", "date", "game", "players", "scores", "winner", "state")
    table = [
        (
            str(row["id"]),
            _when(row["started"]),
            row["game"],
            ", ".join(row["players"]),
            ", ".join(map(str, row["totals"])) if row["totals"] else "-",
            " & ".join(map(str, row["winners"])) or "-",
            row["state"],
        )
        for row in rows
    ]
    widths = [max(len(r[i]) for r in (header, *table)) for i in range(len(header))]
    for line in (header, *table):
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        )
    return 0
