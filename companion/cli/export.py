"""``companion export [--game ID] --format json|csv``: game records and score tables.

JSON gives the game records (the format ``companion score`` reads), one per game;
CSV gives the score table, one row per game, round and seat; a hex game (board or
referee) has one row per game, its winner in the ``player`` column. ``started`` is the
local date and time, ISO 8601 to the minute (``2026-11-24 14:03``). The journal is only
read: a game that cannot be read is left out with one warning line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from companion.cli.common import (
    add_config_options,
    local_time,
    open_journal,
    warn_unread,
    writable_file,
)
from companion.errors import CompanionError, UsageError
from companion.games import GameReport, HexReport
from companion.games.errors import GameError
from companion.games.hex import upgrade_record
from companion.games.json_types import JSONObject
from companion.games.scoring import score_record
from companion.journal import GameEntry, Journal
from companion.web.spreadsheet import write_rows

#: What a damaged record or score makes the code that reads it raise.
DAMAGED = (GameError, CompanionError, LookupError, TypeError, ValueError, AttributeError)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "export",
        help="write game records (JSON) or score tables (CSV)",
        description="Write the games of this table's journal (read, never changed) as game "
        "records, which companion score reads, or as score tables for a spreadsheet.",
    )
    add_config_options(parser)
    parser.add_argument("--game", type=int, default=None, help="one game by its history id")
    parser.add_argument(
        "--format",
        choices=("json", "csv"),
        default="json",
        help="json: the game records (default); csv: one row per game, round and seat",
    )
    parser.add_argument("--out", type=Path, default=None, help="a file (default: stdout)")
    parser.set_defaults(func=run)


def record_of(journal: Journal, entry: GameEntry) -> JSONObject:
    """The game record: kept with the result when the game ended, else replayed."""
    kept = entry.result.record if entry.result is not None else None
    if kept is not None:
        # A hex referee game kept before hex-referee existed is written in today's format.
        return dict(upgrade_record(kept))
    from companion.session import replay

    done = replay(journal, entry)
    if done.problem is not None:
        journal.note(f"game {entry.id} past its event {done.used} ({done.problem})")
    if done.flow is None:
        return {
            "game": entry.game,
            "players": list(entry.players),
            "variants": list(entry.variants),
        }
    return done.flow.record()


def score_of(journal: Journal, entry: GameEntry) -> GameReport:
    """The game's score: kept with the result when the game ended, else replayed."""
    kept = entry.result.score if entry.result is not None else None
    if kept is not None:
        return kept  # a referee score from before hex-referee too (report_from_json)
    return score_record(record_of(journal, entry))


def score_rows(journal: Journal, entry: GameEntry) -> list[list[Any]]:
    """The CSV rows of one game: per round and seat, the points and the running total."""
    score = score_of(journal, entry)
    started = local_time(entry.started)
    if isinstance(score, HexReport):
        winner = None if score.winner is None else score.winner.value
        return [[entry.id, started, entry.game, "", "", winner, "", ""]]
    rows: list[list[Any]] = []
    running = [0] * len(entry.players)
    for number, rnd in enumerate(score.rounds, start=1):
        for seat, points in enumerate(rnd.points):
            running[seat] += points
            player = entry.players[seat]
            rows.append(
                [entry.id, started, entry.game, number, seat, player, points, running[seat]]
            )
    return rows


def _each(journal: Journal, entries: list[GameEntry], make: Any) -> list[Any]:
    """``make(journal, entry)`` for each game; a game it cannot read is left out, named."""
    made = []
    for entry in entries:
        try:
            made.append(make(journal, entry))
        except DAMAGED as exc:
            journal.note(f"game {entry.id} ({type(exc).__name__}: {exc})")
    return made


def _write_out(path: Path | None, write: Callable[[TextIO], object]) -> None:
    """``write`` to standard output, or to ``--out``: a file is written beside it under
    a temporary name and renamed over it once whole (a full disk leaves the old file as
    it was, and no file cut short); a device, a pipe or a link is written as it is."""
    if path is None:
        write(sys.stdout)
        return
    # a link (/dev/stdout) is written through, never replaced; so is a file in a folder
    # that takes no new file (the file's own permission let it be written, as before)
    whole = not path.is_symlink() and (not path.exists() or path.is_file())
    whole = whole and os.access(path.parent, os.W_OK | os.X_OK)
    target = path.with_name(f".{path.name}.part") if whole else path
    try:
        with open(target, "w", encoding="utf-8", newline="") as out:
            write(out)
        if whole:
            if path.exists():  # the file replaced keeps who may read it (a private 0600)
                shutil.copymode(path, target)
            os.replace(target, path)
    except OSError as exc:
        raise UsageError(f"--out {path}: cannot write ({exc.strerror}); nothing written") from None
    finally:
        if whole:
            target.unlink(missing_ok=True)


def run(args: argparse.Namespace) -> int:
    if args.out is not None:
        writable_file(args.out)  # before the journal is read
    with open_journal(args) as journal:
        entries = journal.games()
        if args.game is not None:
            entries = [e for e in entries if e.id == args.game]
            if not entries:
                raise UsageError(f"no game {args.game} in the journal (see companion history)")
        if args.format == "json":
            made = _each(journal, entries, record_of)
        else:
            made = _each(journal, entries, score_rows)
        warn_unread("export", journal, len(made))

    def write(out: TextIO) -> None:
        if args.format == "json":
            body: Any = made[0] if args.game is not None else made
            json.dump(body, out, ensure_ascii=False, indent=1)
            out.write("\n")
        else:
            header = ["game_id", "started", "game", "round", "seat", "player", "points", "total"]
            write_rows(out, header, [row for rows in made for row in rows])

    _write_out(args.out, write)
    return 0
