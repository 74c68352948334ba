"""A settings file decoded into frozen dataclasses, every value checked for its shape.

The table's ``config.toml`` (:mod:`companion.config`) and the cafe server's ``cafe.toml``
(:mod:`companion.cafe.settings`) declare their sections as frozen dataclasses: a field's
type says its shape, and its bounds ride on the type (``Annotated[int, Meta(ge=1,
le=65535)]``, ``Literal["off", "key", "all"]``). msgspec checks the parsed TOML against
them (docs/settings.md: why msgspec); this module refuses the keys no section declares
(msgspec lets them through to a dataclass) and turns msgspec's refusal into the product's
one line, naming the file, ``section.key``, what is expected and what was given (issue
22, item 7), which ``companion`` prints before it exits 2. What a field expects, in
words, is :func:`hardware.settings_decoder.expected`'s, which the hardware backends'
sections share.

    >>> from companion.config import Config
    >>> decode({"phone": {"port": 8000}}, Config, "config.toml", ValueError).phone.port
    8000
    >>> decode({"phone": {"port": [8080]}}, Config, "config.toml", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: config.toml: phone.port must be a whole number, not [8080]
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Annotated, Any, TypeAlias, TypeVar, get_type_hints

import msgspec
from msgspec import Meta

from hardware.settings_decoder import expected, refused_at, shown

T = TypeVar("T")

#: A TOML value as :mod:`tomllib` reads it: JSON's kinds (no null) and dates and times.
TOMLValue: TypeAlias = (
    "bool | int | float | str | datetime.datetime | datetime.date | datetime.time"
    " | list[TOMLValue] | dict[str, TOMLValue]"
)
#: A TOML document or table.
TOMLTable: TypeAlias = "dict[str, TOMLValue]"

#: A network port.
Port = Annotated[int, Meta(ge=1, le=65535)]
#: A finite number above 0 (a time, a rate): msgspec refuses ``inf`` by the upper bound.
Positive = Annotated[float, Meta(gt=0, le=sys.float_info.max)]


def decode(data: Mapping[str, TOMLValue], cls: type[T], source: str, error: type[Exception]) -> T:
    """The sections of ``data`` (parsed TOML) as ``cls``, a dataclass of section
    dataclasses; ``error`` (one line: the file, the key, what is expected, what was
    given) for a key no section declares and for a value of the wrong shape."""
    _refuse_unknown(data, cls, source, error)
    try:
        return msgspec.convert(data, cls)
    except msgspec.ValidationError as exc:
        raise error(f"{source}: {_message(exc, data, cls)}") from None


def sections(cls: type[Any]) -> dict[str, type[Any]]:
    """The sections of a settings dataclass, by name: its fields that are dataclasses."""
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in fields(cls) if is_dataclass(hints[f.name])}


def _refuse_unknown(
    data: Mapping[str, TOMLValue], cls: type[Any], source: str, error: type[Exception]
) -> None:
    known = sections(cls)
    for name, raw in data.items():
        if name not in known:
            raise error(f"{source}: unknown section [{name}] (known: {', '.join(known)})")
        keys = [f.name for f in fields(known[name])]
        unknown = sorted(set(raw) - set(keys)) if isinstance(raw, dict) else []
        if unknown:
            names = ", ".join(f"{name}.{key}" for key in unknown)
            raise error(f"{source}: unknown setting {names} (known: {', '.join(sorted(keys))})")


def _message(exc: msgspec.ValidationError, data: Mapping[str, TOMLValue], cls: type[Any]) -> str:
    path = refused_at(exc)
    if len(path) < 2:  # a section that is not a table
        section = path[0] if path else "?"
        return f"[{section}] must be a table, not {shown(data.get(section))}"
    section, key = path[:2]
    table = data.get(section)
    given = table.get(key) if isinstance(table, dict) else table
    hint = get_type_hints(sections(cls)[section], include_extras=True)[key]
    return f"{section}.{key} must be {expected(hint, given)}, not {shown(given)}"
