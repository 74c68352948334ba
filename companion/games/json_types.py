"""The type of a JSON value, for the places where JSON enters or leaves the product.

Records, reports, journal rows and bus messages are JSON at their edges. Inside, the
product works with typed values; at an edge a value is :data:`JSON`, a recursive type
mypy checks (a writer cannot put a set or a card object in it), and a reader narrows
it with the helpers below before using a field, so a wrong shape is caught where it
enters with the key it concerns.

>>> row: JSONObject = {"game": "trump", "players": ["Ana", "Ben"], "complete": False}
>>> text_field(row, "game"), [str(name) for name in list_field(row, "players")]
('trump', ['Ana', 'Ben'])
>>> int_field(row, "complete")
Traceback (most recent call last):
...
TypeError: "complete" is a number, not true/false
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TypeAlias

#: Any JSON value, as ``json.loads`` gives and ``json.dumps`` takes.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
#: A JSON object.
JSONObject: TypeAlias = "dict[str, JSON]"

_KINDS: dict[type, str] = {
    dict: "an object",
    list: "a list",
    str: "text",
    int: "a number",
    float: "a number",
    bool: "true/false",
}


def kind(value: object) -> str:
    """How a message names the kind of a JSON value (``null``, ``a list``...)."""
    return "null" if value is None else _KINDS.get(type(value), type(value).__name__)


def as_object(value: JSON, what: str = "a value") -> Mapping[str, JSON]:
    """``value`` as an object; raise ``TypeError`` naming ``what`` if it is none."""
    if not isinstance(value, dict):
        raise TypeError(f"{what} is an object, not {kind(value)}")
    return value


def as_list(value: JSON, what: str = "a value") -> list[JSON]:
    """``value`` as a list; raise ``TypeError`` naming ``what`` if it is none."""
    if not isinstance(value, list):
        raise TypeError(f"{what} is a list, not {kind(value)}")
    return value


def as_text(value: JSON, what: str = "a value") -> str:
    """``value`` as text; raise ``TypeError`` naming ``what`` if it is none."""
    if not isinstance(value, str):
        raise TypeError(f"{what} is text, not {kind(value)}")
    return value


def as_int(value: JSON, what: str = "a value") -> int:
    """``value`` as a whole number (not true/false); raise ``TypeError`` if it is none."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} is a number, not {kind(value)}")
    return value


def object_field(data: Mapping[str, JSON], key: str) -> Mapping[str, JSON]:
    """The object under ``key`` (``KeyError`` if missing, ``TypeError`` if no object)."""
    return as_object(data[key], f'"{key}"')


def list_field(data: Mapping[str, JSON], key: str) -> list[JSON]:
    """The list under ``key`` (``KeyError`` if missing, ``TypeError`` if no list)."""
    return as_list(data[key], f'"{key}"')


def text_field(data: Mapping[str, JSON], key: str) -> str:
    """The text under ``key`` (``KeyError`` if missing, ``TypeError`` if no text)."""
    return as_text(data[key], f'"{key}"')


def int_field(data: Mapping[str, JSON], key: str) -> int:
    """The number under ``key`` (``KeyError`` if missing, ``TypeError`` if no number)."""
    return as_int(data[key], f'"{key}"')


def ints(value: JSON, what: str = "a value") -> tuple[int, ...]:
    """A list of whole numbers as a tuple (per-seat figures)."""
    return tuple(as_int(item, what) for item in as_list(value, what))


def texts(value: JSON, what: str = "a value") -> tuple[str, ...]:
    """A list of texts as a tuple (names, cards)."""
    return tuple(as_text(item, what) for item in as_list(value, what))


def canonical(value: JSON) -> str:
    """``value`` as the databases' JSON columns hold it, the journal's and the cafe's
    alike: keys sorted, no spaces, text as it is (the cafe finds a player by the name's
    JSON inside a game's ``players``, so one writer writes both).

    >>> canonical({"b": ["Zoé"], "a": 1})
    '{"a":1,"b":["Zoé"]}'
    """
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
