"""The bus contract's edge: the one validation both sides run on what crosses it
(issue 22). The table checks what it accepts (staff commands, names from a phone) and
the server what it stores, with the same limits:

- a message's size (:data:`MAX_PAYLOAD` bytes) and nesting (:data:`MAX_DEPTH`), both
  bounded *before* JSON parsing, so a 48 MB or a deep-nested message costs nothing;
- every text without NUL or lone surrogates (PostgreSQL cannot hold the first, UTF-8
  cannot encode the second), every whole number within 64 bits, every number finite
  (Python's JSON reads ``NaN`` and ``Infinity``), every list at most :data:`MAX_LIST`;
- a player's name: 1 to :data:`NAME_CHARS` characters, no control characters.

    >>> load(b'{"v":1,"n":[1,2]}', "test")
    {'v': 1, 'n': [1, 2]}
    >>> load(b'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', "x")
    Traceback (most recent call last):
    ...
    companion.bus.limits.LimitError: x: nested deeper than 32
    >>> check_name("Ana\\x00")
    Traceback (most recent call last):
    ...
    companion.bus.limits.LimitError: name 'Ana\\x00': holds NUL
"""

from __future__ import annotations

import json
import math
from typing import NoReturn

from companion.bus.errors import MessageError
from companion.games.json_types import JSON
from companion.views.names import NAME_CHARS, shown_plainly

#: The largest message either side reads (a state with its table view is a few KB).
MAX_PAYLOAD = 256 * 1024
#: The deepest nesting of objects and lists in a message (the deepest sent is about 8).
MAX_DEPTH = 32
#: The longest list in a message (a round's events, a game's players, a log's lines).
MAX_LIST = 4096
#: Whole numbers fit a signed 64-bit column (SQLite's INTEGER, PostgreSQL's BIGINT).
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
#: Ids and sequence numbers: small enough that the server's journal bases added to them
#: still fit 64 bits.
ID_MAX = 2**53
#: The latest time a message may carry: the last second of the year 9999 (UTC), the
#: last a date can show.
TIME_MAX = 253_402_300_799.0
#: The most names a game has (a name's most characters: the phone page's and the
#: table's one number, :data:`companion.views.names.NAME_CHARS`).
MAX_NAMES = 8


class LimitError(MessageError):
    """A message or value outside the contract's limits; the message says which."""


def check_payload(payload: bytes, what: str) -> None:
    """Size and nesting of ``payload``, before anything parses it."""
    if len(payload) > MAX_PAYLOAD:
        raise LimitError(f"{what}: {len(payload)} bytes, more than {MAX_PAYLOAD}")
    if payload.count(b"[") + payload.count(b"{") <= MAX_DEPTH:
        return  # cannot be nested deeper than it has brackets
    depth, in_text, escaped = 0, False, False
    for byte in payload:
        if in_text:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_text = False
        elif byte == 0x22:
            in_text = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitError(f"{what}: nested deeper than {MAX_DEPTH}")
        elif byte in (0x5D, 0x7D):
            depth -= 1


def _refuse_constant(name: str) -> NoReturn:
    raise LimitError(f"{name} is not a number of the contract")


def load(payload: bytes, what: str) -> JSON:
    """The JSON value of ``payload`` within every limit, or :class:`LimitError`: typed
    :data:`JSON`, so a reader narrows each field before it uses it."""
    check_payload(payload, what)
    try:
        value: JSON = json.loads(payload.decode("utf-8"), parse_constant=_refuse_constant)
    except LimitError as exc:
        raise LimitError(f"{what}: {exc}") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise LimitError(f"{what}: not UTF-8 JSON") from None
    check_value(value, what)
    return value


def check_text(text: str, what: str) -> str:
    if "\x00" in text:
        raise LimitError(f"{what} {text[:40]!r}: holds NUL")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise LimitError(f"{what} {text[:40]!r}: holds a lone surrogate") from None
    return text


def check_value(value: object, what: str) -> None:
    """Every text, number and list inside ``value`` within the limits (iterative: the
    depth was bounded, but a checker should not lean on that)."""
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            check_text(item, f"{what}: text")
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not INT_MIN <= item <= INT_MAX:
                raise LimitError(f"{what}: {item} does not fit 64 bits")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise LimitError(f"{what}: {item} is not a finite number")
        elif isinstance(item, list):
            if len(item) > MAX_LIST:
                raise LimitError(f"{what}: a list of {len(item)}, more than {MAX_LIST}")
            stack.extend(item)
        elif isinstance(item, dict):
            if len(item) > MAX_LIST:
                raise LimitError(f"{what}: an object of {len(item)} keys, more than {MAX_LIST}")
            for key, inner in item.items():
                check_text(key, f"{what}: key")
                stack.append(inner)


def check_id(value: object, what: str) -> int:
    """A game id, a sequence number, a count: a whole number from 0 to :data:`ID_MAX`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= ID_MAX:
        raise LimitError(f"{what}: {value!r} is not a whole number from 0 to {ID_MAX}")
    return value


def check_time(value: object, what: str) -> float:
    """A time (seconds since the epoch): a finite number a date can show, from 1970 to
    the year 9999 (issue 22: a game started at 1e300 was stored, and every page listing
    it answered 500: no date has that time)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise LimitError(f"{what}: {value!r} is not a time")
    if not 0 <= value <= TIME_MAX:
        raise LimitError(f"{what}: {value!r} is not a time from 1970 to the year 9999")
    return float(value)


def check_name(name: object, what: str = "name") -> str:
    """A player's name as both sides take it: a text, trimmed, 1 to :data:`NAME_CHARS`
    characters, without NUL, lone surrogates or control characters."""
    return check_line(name, what, NAME_CHARS)


#: The longest game label a table shows ("Fibonacci's Trump", "Hex camera referee").
LABEL_CHARS = 64


def check_line(text: object, what: str, most: int) -> str:
    """A text people read on a page (a name, a game's label), trimmed: 1 to ``most``
    characters, without NUL, lone surrogates or control characters (bidi overrides and
    zero-width characters are format characters: they turn or hide what follows)."""
    if not isinstance(text, str):
        raise LimitError(f"{what} {text!r}: not a text")
    check_text(text, what)
    if not shown_plainly(text):
        raise LimitError(f"{what} {text[:40]!r}: holds a control character")
    trimmed = " ".join(text.split())
    if not 0 < len(trimmed) <= most:
        raise LimitError(f"{what} {text[:40]!r}: must be 1 to {most} characters")
    return trimmed


def check_names(names: object, what: str = "names") -> list[str]:
    """A list of 1 to :data:`MAX_NAMES` names (:func:`check_name`)."""
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_NAMES:
        raise LimitError(f"{what}: not a list of 1 to {MAX_NAMES} names")
    return [check_name(name, what[:-1] if what.endswith("s") else what) for name in names]
