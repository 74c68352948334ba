"""``companion score RECORD [--json]``: referee and score a game record.

    $ companion score examples/fibonachos/short.json
    Fibonachos: Ana, Ben, Cy
    round  Ana  Ben  Cy
    1       21   21  20  (spicy 13/0/20; tricks 8/2/7)
    total   21   21  20
    game not finished

An invalid record exits 2 with one line naming the place, the fault and the rule. A
record of the button referee from before the game ``hex-referee`` existed (``"game":
"hex", "mode": "referee"``) is read as a ``hex-referee`` record.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.render import json_line, render_report
from companion.errors import InputError
from companion.games import RecordError
from companion.games.json_types import JSON, JSONObject
from companion.games.scoring import score_record
from companion.inputs import MAX_RECORD_BYTES, parse_json, read_limited, source_name
from companion.views.names import name_key

#: What a record holds, for a file that holds nothing (docs/notation.md).
_WRITE = (
    'a record is a JSON object, as {"game": "fibonachos", "players": [...], ...} (docs/notation.md)'
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "score",
        help="score and referee a game record (JSON)",
        description="Validate a game record against the rules and print its scores.",
    )
    parser.add_argument("record", type=Path, help="the game record, a JSON file ('-' reads stdin)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def load_record(path: Path) -> JSONObject:
    """Read a record file within the limits of companion.inputs (docs/notation.md).

    A file that cannot be read is an InputError; one whose content is not a JSON object
    within the limits is a RecordError of rule ``record``.
    """
    return parse_record(read_limited(path, MAX_RECORD_BYTES), source_name(path))


def parse_record(data: bytes, source: str) -> JSONObject:
    """The record in a file's ``data`` (:func:`load_record`), ``source`` its name: a
    JSON object whose players, when it lists them as text, each have a name of their
    own (:func:`check_names`)."""
    if not data.strip():
        raise RecordError(f"{source}: empty: {_WRITE}", "record")
    try:
        record = parse_json(data, source)
    except InputError as exc:
        raise RecordError(str(exc), "record") from None
    if isinstance(record, list) and record and all(_a_game(one) for one in record):
        # companion export's games, each a record
        raise RecordError(
            f"{source}: a list of games, not one game's record (companion export writes "
            "every game: give it --game ID, the id companion history shows)",
            "record",
        )
    if not isinstance(record, dict):
        raise RecordError(
            f"{source}: a record is a JSON object, not {type(record).__name__}", "record"
        )
    check_names(record.get("players"), source)
    return record


def _a_game(value: JSON) -> bool:
    """Whether ``value`` looks like one game's record: an object naming its game."""
    return isinstance(value, dict) and "game" in value


def check_names(players: object, source: str) -> None:
    """A hand-written record's ``"players"`` (a list of texts; other shapes are the game
    reader's to refuse): each seat named, no name twice, capitals aside (as ``--players``
    and the OLED's name wheel: a column a player, each told apart).

    >>> check_names(["Ana", "ana"], "r.json")
    Traceback (most recent call last):
    ...
    companion.games.errors.RecordError: r.json: "players": ana is named twice (seats 1 and 2): ...
    """
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        return
    keys = [name_key(name) for name in players]
    for seat, (name, key) in enumerate(zip(players, keys, strict=True)):
        if not key:
            raise RecordError(
                f'{source}: "players": seat {seat + 1} has no name: write one for each seat,'
                ' e.g. "players": ["Ana", "Ben", "Cy"]',
                "record",
            )
        if key in keys[:seat]:
            first = keys.index(key)
            raise RecordError(
                f'{source}: "players": {name} is named twice'
                f" (seats {first + 1} and {seat + 1}): give each seat its own name",
                "record",
            )


def run(args: argparse.Namespace) -> int:
    report = score_record(load_record(args.record))
    if args.json:
        print(json_line(report.to_json()))
    else:
        print(render_report(report))
    return 0
