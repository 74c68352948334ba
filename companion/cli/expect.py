"""``companion replay ... --expect PLAYED``: the record the camera read, checked against
the record of what was really played (written down at the table, or a record file).

The check a real table's trial needs (issue 24: a game played on the printed board
"replays into its exact record"): both records are read by the game's engine (an
invalid one is refused as ``companion score`` refuses it) and compared, each card's
copy (``#2``) left out, since which copy of a card lay there is not the game. The
first difference is said by its place in the game, not as JSON:

    >>> first_difference({"turns": [{"moves": ["b2-c2"]}, {"moves": ["k1-j1"]}]},
    ...                  {"turns": [{"moves": ["b2-c2"]}, {"moves": ["k1-j2"]}]})
    'turn 2, move 1: the camera read "k1-j1", the record says "k1-j2"'
    >>> first_difference({"turns": [["b2-c2"]]}, {"turns": [["b2-c3"]]})
    'turn 1, move 1: the camera read "b2-c2", the record says "b2-c3"'
    >>> first_difference({"turns": [["b2-c2"]]}, {"turns": [["b2-c2"], ["k1-j1"]]})
    'turns: the camera read 1 turn, the record says 2'
    >>> first_difference({"turns": [["b2-c2"], ["k1-j1"], ["c2-c3"]]},
    ...                  {"turns": [["b2-c2"], ["k1-j1", "k2-j2"], ["c2-c3"], ["j1-i1"]]})
    'turn 2: the camera read 1 move, the record says 2'
    >>> hand = {"rounds": [{"tables": [{"hand": ["8", "5", "5"]}]}]}
    >>> first_difference(hand, {"rounds": [{"tables": [{"hand": ["5", "5", "8", "W"]}]}]})
    'round 1, table 1, hand: the record says "W" too, which the camera did not read'
    >>> first_difference({"players": ["A", "B"]}, {"players": ["A", "B"]}) is None
    True

A turn begun with no move yet that only one record has last is not a difference: the
recording stopped after the turn before it ended (SELECT held, H2), which moves written
down one line a turn do not say (:func:`begun_turn`):

    >>> first_difference({"turns": [["b2-c2"], []]}, {"turns": [["b2-c2"]]}) is None
    True
    >>> print(first_difference({"players": ["Zoé"]}, {"players": ["Zoé\x1b[2J"]}))
    player 1: the camera read "Zoé", the record says "Zoé\\u001b[2J"
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.cli.render import json_line
from companion.cli.score import parse_record
from companion.errors import InputError, UsageError
from companion.games import RecordError, get_game
from companion.games.hex import SPEC as HEX_SPEC
from companion.games.hex.written import read_written
from companion.games.json_types import JSON, JSONObject
from companion.inputs import MAX_RECORD_BYTES, read_limited, source_name, utf8

HEX = HEX_SPEC.name
#: The hex game's variant with the move cards (H5).
CARDS_VARIANT = "cards"
#: The mark some editors put at the start of a UTF-8 file.
BOM = b"\xef\xbb\xbf"

#: A card's copy: ``Y1#2`` is the second copy of Y1.
_COPY = re.compile(r"#\d+\b")


def expected_record(
    path: Path,
    game: str,
    players: Sequence[str] = (),
    variants: Sequence[str] = (),
    start: str | None = None,
) -> JSONObject:
    """The record in ``path``, of ``game``, as its engine writes it (UsageError naming
    ``--expect`` and the file when it cannot be read, is another game's or breaks a rule).
    For the hex game the file may instead be the moves written down at the table, one
    line a turn (:mod:`companion.games.hex.written`), played by ``players`` with
    ``variants`` from ``start`` (a board diagram; None: H1's); a rule broken is then
    said with its line."""
    named = source_name(path)
    lines: tuple[int, ...] = ()
    try:
        data = read_limited(path, MAX_RECORD_BYTES).removeprefix(BOM)  # Notepad's
        if game == HEX and not _is_json(data):
            written = read_written(utf8(data, named), cards=CARDS_VARIANT in variants)
            record: JSONObject = {
                "game": game,
                "players": list[JSON](players),
                "variants": list[JSON](variants),
                "turns": written.turns,
            }
            if start is not None:
                record["start"] = start
            if written.resigned is not None:
                record["resigned"] = written.resigned
            lines = written.lines
        else:
            record = parse_record(data, named)
    except (InputError, RecordError) as exc:  # "PATH: no such file": said as the option's
        said = str(exc)
        raise UsageError(
            f"--expect {said}" if said.startswith(f"{named}: ") else f"--expect {named}: {said}"
        ) from None
    if "game" not in record:
        raise UsageError(
            f'--expect {path}: not a game record (no "game" name; the record of the '
            f"game of {game} played, as companion score reads it)"
        )
    if record.get("game") != game:
        raise UsageError(f"--expect {path}: a record of {record.get('game')!r}, not of {game!r}")
    try:
        return get_game(game).from_record(record).to_record()
    except RecordError as exc:
        turn = exc.where.number("turn") if exc.where is not None else None
        line = f"line {lines[turn - 1]}, " if turn is not None and 0 < turn <= len(lines) else ""
        raise UsageError(f"--expect {path}: {line}{exc}") from None


def _is_json(data: bytes) -> bool:
    """Whether a file's text is JSON (an object, a list): it starts with ``{`` or ``[``."""
    return data.lstrip(b" \t\r\n")[:1] in (b"{", b"[")


def without_copies(value: JSON) -> JSON:
    """``value`` (a record, or part of one) with each card's copy (``#2``) left out."""
    if isinstance(value, str):
        return _COPY.sub("", value)
    if isinstance(value, list):
        return [without_copies(item) for item in value]
    if isinstance(value, dict):
        return {key: without_copies(item) for key, item in value.items()}
    return value


def _shown(value: JSON) -> str:
    """A value as the last line shows it: a list by its length, a text with what a
    terminal would act on escaped (a hostile record's ESC, as companion score's)."""
    if isinstance(value, list):
        return str(len(value))
    return json_line(value)


#: What the items of a list in a list are called: a hex turn's moves (the camera's
#: record: ``"turns": [["b2-c2"], ...]``), a trick's cards.
INNER = {"turns": "move", "tricks": "card"}


def _place(path: list[str | int]) -> str:
    """``["turns", 1, "moves", 0]`` as "turn 2, move 1", ``["turns", 1, 0]`` too."""
    words: list[str] = []
    named = ""
    for index, step in enumerate(path):
        following = path[index + 1] if index + 1 < len(path) else None
        if isinstance(step, str):
            named = step
            if not isinstance(following, int):
                words.append(step)
        elif index > 0 and isinstance(path[index - 1], str):
            words.append(f"{named.removesuffix('s')} {step + 1}")
        else:
            words.append(f"{INNER.get(named, 'item')} {step + 1}")
    return ", ".join(words) or "the record"


#: What the items of a list under these keys are called, said by their count.
COUNTED = {
    "turns": "turn",
    "rounds": "round",
    "tricks": "trick",
    "moves": "move",
    "tables": "table",
}
#: The lists whose order is not the game: a rummy table's hand and its sets, compared
#: as the items they hold, each as often as it is there.
UNORDERED = frozenset({"hand", "open", "closed"})
#: The most items of an unordered list said in a difference.
MOST_SAID = 5


def _items(path: list[str | int]) -> str:
    """What the items of the list at ``path`` are: ``["turns"]`` turns, ``["turns", 1]``
    a turn's moves, anything else items."""
    if path and isinstance(path[-1], str):
        return COUNTED.get(path[-1], "item")
    named = next((step for step in reversed(path) if isinstance(step, str)), "")
    return INNER.get(named, "item")


def _unordered(a: list[JSON], b: list[JSON], path: list[str | int]) -> str | None:
    """Where two lists whose order is not the game (:data:`UNORDERED`) differ: what the
    camera read that the record has not, and what the record has that it did not read."""
    read, written = Counter(map(json_line, a)), Counter(map(json_line, b))
    if read == written:
        return None

    def said(items: Counter[str]) -> str:
        every = list(items.elements())
        more = len(every) - MOST_SAID
        return ", ".join(every[:MOST_SAID]) + (f" and {more} more" if more > 0 else "")

    extra, missing, place = read - written, written - read, _place(path)
    if extra and missing:
        return f"{place}: the camera read {said(extra)} where the record says {said(missing)}"
    if missing:
        return f"{place}: the record says {said(missing)} too, which the camera did not read"
    return f"{place}: the camera read {said(extra)} too, which the record does not say"


def first_difference(read: Mapping[str, JSON], played: Mapping[str, JSON]) -> str | None:
    """Where the camera's record first differs from the record played, in words; None
    when they are the same game. Of two lists of unlike lengths (turns, a turn's moves),
    the items both have are compared first: a move missed in turn 3 is said there, not
    as the count of turns it changed."""

    begun = begun_turn(read, played)
    if begun is not None:
        read, played = (
            (_without_last_turn(read), played) if begun[1] else (read, _without_last_turn(played))
        )

    def walk(a: JSON, b: JSON, path: list[str | int]) -> str | None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in [*a, *(k for k in b if k not in a)]:
                found = walk(a.get(key), b.get(key), [*path, key])
                if found is not None:
                    return found
            return None
        if isinstance(a, list) and isinstance(b, list) and path and path[-1] in UNORDERED:
            return _unordered(a, b, path)
        if isinstance(a, list) and isinstance(b, list):  # the items both have, first
            for index, (x, y) in enumerate(zip(a, b, strict=False)):
                found = walk(x, y, [*path, index])
                if found is not None:
                    return found
            if len(a) == len(b):
                return None
            noun = _items(path) + ("" if len(a) == 1 else "s")
            return f"{_place(path)}: the camera read {len(a)} {noun}, the record says {len(b)}"
        if a == b:
            return None
        return f"{_place(path)}: the camera read {_shown(a)}, the record says {_shown(b)}"

    return walk(without_copies(dict(read)), without_copies(dict(played)), [])


def _no_move(turn: JSON) -> bool:
    """Whether a hex turn has no move and no card yet: ``[]``, ``{"card": null, "moves": []}``."""
    if isinstance(turn, dict):
        return turn.get("moves") == [] and turn.get("card") is None
    return turn == []


def begun_turn(read: Mapping[str, JSON], played: Mapping[str, JSON]) -> tuple[int, bool] | None:
    """The number of the last turn when only one of the two records has it and it has no
    move yet (nor a move card), and whether that one is ``read`` (the camera's): the
    record that has it saw the turn before it end.

    >>> begun_turn({"turns": [["b2-c2"], []]}, {"turns": [["b2-c2"]]})
    (2, True)
    >>> begun_turn({"turns": [["b2-c2"]]}, {"turns": [["b2-c2"], {"card": None, "moves": []}]})
    (2, False)
    >>> begun_turn({"turns": [["b2-c2"], ["k1-j1"]]}, {"turns": [["b2-c2"]]}) is None
    True
    """
    a, b = read.get("turns"), played.get("turns")
    if not isinstance(a, list) or not isinstance(b, list) or abs(len(a) - len(b)) != 1:
        return None
    longer = max(a, b, key=len)
    return (len(longer), longer is a) if _no_move(longer[-1]) else None


def _without_last_turn(record: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """``record`` without its last turn (:func:`begun_turn`'s)."""
    turns = record.get("turns")
    return {**record, "turns": turns[:-1]} if isinstance(turns, list) else record
