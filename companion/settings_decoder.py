"""A settings file decoded into frozen dataclasses, every value checked for its shape.

The table's ``config.toml`` (:mod:`companion.config`) and the cafe server's ``cafe.toml``
(:mod:`companion.cafe.settings`) declare their sections as frozen dataclasses: a field's
type says its shape, and its bounds ride on the type (``Annotated[int, Meta(ge=1,
le=65535)]``, ``Literal["off", "key", "all"]``). msgspec checks the parsed TOML against
them (docs/settings.md: why msgspec); this module refuses the keys no section declares
(msgspec lets them through to a dataclass) and turns msgspec's refusal into the product's
one line, naming the file, ``section.key``, what is expected and what was given (issue
22, item 7), which ``companion`` prints before it exits 2.

    >>> from companion.config import Config
    >>> decode({"phone": {"port": 8000}}, Config, "config.toml", ValueError).phone.port
    8000
    >>> decode({"phone": {"port": [8080]}}, Config, "config.toml", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: config.toml: phone.port must be a whole number, not [8080]
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin, get_type_hints

import msgspec
from msgspec import Meta

from hardware.settings import shown

T = TypeVar("T")

#: A network port.
Port = Annotated[int, Meta(ge=1, le=65535)]
#: A finite number above 0 (a time, a rate): msgspec refuses ``inf`` by the upper bound.
Positive = Annotated[float, Meta(gt=0, le=sys.float_info.max)]

_SHAPES: dict[Any, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
}
_PLURALS: dict[Any, str] = {str: "strings", int: "whole numbers", float: "numbers"}
#: Where msgspec's message says the value was: ``... - at `$.web.port` ``.
_AT = re.compile(r" - at `\$((?:\.\w+)*)")


def decode(data: Mapping[str, Any], cls: type[T], source: str, error: type[Exception]) -> T:
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
    data: Mapping[str, Any], cls: type[Any], source: str, error: type[Exception]
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


def _message(exc: msgspec.ValidationError, data: Mapping[str, Any], cls: type[Any]) -> str:
    found = _AT.search(str(exc))
    path = found.group(1).split(".")[1:] if found else []
    if len(path) < 2:  # a section that is not a table
        section = path[0] if path else "?"
        return f"[{section}] must be a table, not {shown(data.get(section))}"
    section, key = path[:2]
    given = data[section][key]
    hint = get_type_hints(sections(cls)[section], include_extras=True)[key]
    return f"{section}.{key} must be {expected(hint, given)}, not {shown(given)}"


def expected(hint: Any, given: object) -> str:
    """What a field of type ``hint`` must be, in words, for the value ``given`` it
    refused: its shape if ``given`` is of another, else the bound it broke.

    >>> expected(Port, "80"), expected(Port, 0), expected(Positive, math.inf)
    ('a whole number', 'at least 1', 'a finite number')
    """
    base, metas = hint, list[Meta]()
    if get_origin(hint) is Annotated:
        base, *rest = get_args(hint)
        metas = [meta for meta in rest if isinstance(meta, Meta)]
    described = [meta.description for meta in metas if meta.description]
    if described:
        return described[0]
    if get_origin(base) is Literal:
        choices = ", ".join(sorted(map(str, get_args(base))))
        return f"one of {choices}" if isinstance(given, str) else "a string"
    if not _fits(given, base):
        return _shape(base)
    if isinstance(given, float) and not math.isfinite(given):
        return "a finite number"
    return next(filter(None, (_broken(meta, given) for meta in metas)), _shape(base))


def _fits(given: object, base: Any) -> bool:
    try:
        msgspec.convert(given, base)
    except msgspec.ValidationError:
        return False
    return True


def _shape(base: Any) -> str:
    origin, args = get_origin(base), get_args(base)
    if origin is list:
        return f"a list of {_PLURALS.get(args[0], 'values')}"
    if origin is dict:
        return f"a table of {_PLURALS.get(args[1], 'values')}"
    return _SHAPES.get(base, "a table")


def _broken(meta: Meta, given: Any) -> str:
    """The bound of ``meta`` that ``given`` (a number) is outside, or ''."""
    if meta.ge is not None and given < meta.ge:
        return f"at least {meta.ge:g}"
    if meta.gt is not None and not given > meta.gt:
        return f"more than {meta.gt:g}"
    if meta.le is not None and given > meta.le:
        return f"at most {meta.le:g}"
    return ""
