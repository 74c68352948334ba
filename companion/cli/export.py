"""``companion export [--game ID] --format json|csv``: game records and score tables.

JSON gives the game records (the format ``companion score`` reads), one per game;
CSV gives the score table, one row per game, round and seat.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.cli.common import add_config_options, open_journal, writable_file
from companion.errors import UsageError
from companion.journal import GameEntry, Journal


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("export", help="write game records (JSON) or score tables (CSV)")
    add_config_options(parser)
    parser.add_argument("--game", type=int, default=None, help="one game by its history id")
    parser.add_argument("--format", choices=("json", "csv"), default="json")
    parser.add_argument("--out", type=Path, default=None, help="a file (default: stdout)")
    parser.set_defaults(func=run)


def record_of(journal: Journal, entry: GameEntry) -> dict[str, Any]:
    """The game record: kept with the result when the game ended, else replayed."""
    if entry.result is not None and "record" in entry.result:
        record: dict[str, Any] = entry.result["record"]
        return record
    from companion.session import Session

    session = Session.resume(journal, clock=lambda: 0.0)
    if session.flow is None or session.game_id != entry.id:
        return {
            "game": entry.game,
            "players": list(entry.players),
            "variants": list(entry.variants),
        }
    return session.flow.record()


def score_of(journal: Journal, entry: GameEntry) -> dict[str, Any]:
    if entry.result is not None and "score" in entry.result:
        score: dict[str, Any] = entry.result["score"]
        return score
    from companion.cli.score import score_record

    return score_record(record_of(journal, entry))


def _write_csv(journal: Journal, entries: list[GameEntry], out: TextIO) -> None:
    writer = csv.writer(out)
    writer.writerow(["game_id", "started", "game", "round", "seat", "player", "points", "total"])
    for entry in entries:
        score = score_of(journal, entry)
        if score.get("game") == "hex":
            writer.writerow(
                [entry.id, entry.started, entry.game, "", "", score.get("winner"), "", ""]
            )
            continue
        running = [0] * len(entry.players)
        for number, rnd in enumerate(score.get("rounds", []), start=1):
            for seat, points in enumerate(rnd["points"]):
                running[seat] += points
                writer.writerow(
                    [
                        entry.id,
                        entry.started,
                        entry.game,
                        number,
                        seat,
                        entry.players[seat],
                        points,
                        running[seat],
                    ]
                )


def _open_out(path: Path | None) -> TextIO:
    if path is None:
        return sys.stdout
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as exc:
        raise UsageError(f"--out {path}: cannot write ({exc.strerror})") from None


def run(args: argparse.Namespace) -> int:
    if args.out is not None:
        writable_file(args.out)  # before the journal is read
    with open_journal(args) as journal:
        entries = journal.games()
        if args.game is not None:
            entries = [e for e in entries if e.id == args.game]
            if not entries:
                raise UsageError(f"no game {args.game} in the journal (see companion history)")
        out = _open_out(args.out)
        try:
            if args.format == "json":
                records = [record_of(journal, e) for e in entries]
                body: Any = records[0] if args.game is not None else records
                json.dump(body, out, ensure_ascii=False, indent=1)
                out.write("\n")
            else:
                _write_csv(journal, entries, out)
        finally:
            if out is not sys.stdout:
                out.close()
    return 0
