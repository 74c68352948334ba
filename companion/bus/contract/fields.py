"""Reading a message's fields strictly, where storing depends on them (ids, sequence
numbers, times, names), with the limits both sides run (:mod:`companion.bus.limits`):
anything else is a :class:`~companion.bus.errors.MessageError` naming the rule, never a
``KeyError``."""

from __future__ import annotations

from companion.bus.contract.topics import VERSION, split_key, topic
from companion.bus.errors import MessageError
from companion.bus.limits import LimitError, check_id, check_time, load
from companion.bus.limits import check_name as check_player
from companion.games.json_types import JSONObject


def whole(value: object, what: str) -> int:
    """``value`` as a whole number >= 0 (not a bool), or MessageError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MessageError(f"{what} {value!r} is not a whole number >= 0")
    return value


def message_object(payload: bytes, what: str) -> JSONObject:
    """The JSON object of ``payload`` (every limit, this version), or MessageError."""
    try:
        value = load(payload, what)  # size, depth, texts, numbers, lists (issue 22)
    except LimitError as exc:
        raise MessageError(str(exc)) from None
    if not isinstance(value, dict):
        raise MessageError(f"{what}: not a JSON object")
    if value.get("v") != VERSION:
        raise MessageError(f"{what}: version {value.get('v')!r}, this server reads {VERSION}")
    return value


def table_message(cafe: str, key: str, leaf: str, payload: bytes) -> tuple[JSONObject, str]:
    """The JSON object a table published on ``leaf`` (the server's cafe ``cafe``, the
    table's key ``key``) and the topic to name in errors; MessageError unless it names
    the cafe and table it was published under."""
    where = split_key(cafe, key)
    what = topic(*where, leaf)
    value = message_object(payload, what)
    if value.get("cafe") != where[0] or value.get("table") != where[1]:
        raise MessageError(
            f"{what}: says cafe {value.get('cafe')!r} table {value.get('table')!r}, "
            f"published under {where[0]}/{where[1]}"
        )
    return value, what


def number(value: object, what: str) -> int:
    try:
        return check_id(value, what)
    except LimitError as exc:
        raise MessageError(str(exc)) from None


def time_of(value: object, what: str, *, optional: bool = False) -> float | None:
    if value is None and optional:
        return None
    try:
        return check_time(value, what)
    except LimitError as exc:
        raise MessageError(str(exc)) from None


def texts(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MessageError(f"{what}: not a list of texts")
    return tuple(value)


def players(value: object, what: str) -> tuple[str, ...]:
    """A game's players: every name as both sides take names (issue 22)."""
    names = texts(value, what)
    try:
        for name in names:
            check_player(name, f"{what}: name")
    except LimitError as exc:
        raise MessageError(str(exc)) from None
    return names


def field(value: object, key: str) -> object:
    """``value[key]`` if ``value`` is an object, else None."""
    return value.get(key) if isinstance(value, dict) else None
