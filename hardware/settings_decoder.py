"""A section's settings decoded into a frozen dataclass with msgspec, and the words of
its refusal: what a setting must be, read from the field's own type.

A backend declares the keys it reads from its ``[camera]``, ``[display]``, ``[buttons]``
or ``[speaker]`` section as a frozen dataclass; a field's type says its shape and its
rule rides on the type (``Annotated[int, Meta(ge=1, le=8192)]``, ``Literal[32, 64]``).
msgspec checks the values strictly (``1000.0`` is no whole number, ``1`` no true/false)
and :func:`decode_section` turns its refusal into one line naming ``section.key``, what
it must be and what was given (issue 22, item 7). The table's own settings files are
decoded the same way (:mod:`companion.settings_decoder` uses :func:`expected`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Size:
    ...     width: Annotated[int, Meta(ge=16, le=8192)] = 1280
    ...     fps: Rate = 30.0
    >>> decode_section({"width": 640}, Size, "camera")
    Size(width=640, fps=30.0)
    >>> decode_section({"width": 8}, Size, "camera")
    Traceback (most recent call last):
    ...
    hardware.errors.ConfigurationError: camera.width must be at least 16, not 8
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Mapping
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

import msgspec
from msgspec import Meta

from hardware.errors import ConfigurationError

T = TypeVar("T")

#: Any finite number (TOML writes ``nan`` and ``inf``; msgspec refuses them by the bounds).
Finite = Annotated[float, Meta(ge=-sys.float_info.max, le=sys.float_info.max)]
#: A finite number above 0 (a frame rate, a time).
Rate = Annotated[float, Meta(gt=0, le=sys.float_info.max)]
#: A file or folder path, not empty (whether it exists is the backend's rule).
PathText = Annotated[str, Meta(min_length=1, description="a path")]

_SHAPES: dict[Any, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
}
_PLURALS: dict[Any, str] = {str: "strings", int: "whole numbers", float: "numbers"}
#: Where msgspec's message says the value was: ``... - at `$.width` ``.
_AT = re.compile(r" - at `\$((?:\.\w+)*)")


def decode_section(values: Mapping[str, object], cls: type[T], section: str) -> T:
    """``values`` (keys of ``cls`` only) as ``cls``, a frozen dataclass of settings with
    defaults; :class:`ConfigurationError` naming ``section.key`` for a value msgspec
    refuses. Keys ``cls`` does not declare are the caller's to refuse. A field that may
    be ``None`` is one whose default depends on other keys: given, it is never ``None``
    (TOML has no null)."""
    hints = get_type_hints(cls, include_extras=True)
    for key, given in values.items():
        if given is None:
            raise _refusal(section, key, hints.get(key, Any), given)
    try:
        return msgspec.convert(dict(values), cls)
    except msgspec.ValidationError as exc:
        key = (refused_at(exc) or ["?"])[0]
        raise _refusal(section, key, hints.get(key, Any), values.get(key)) from None


def _refusal(section: str, key: str, hint: Any, given: object) -> ConfigurationError:
    what = f"{section}.{key} must be {expected(hint, given)}, not {shown(given)}"
    return ConfigurationError(what)


def refused_at(exc: msgspec.ValidationError) -> list[str]:
    """The keys to the value msgspec refused (``[]`` for the whole object)."""
    found = _AT.search(str(exc))
    return found.group(1).split(".")[1:] if found else []


def shown(value: object) -> str:
    """A value as a setting's message shows it: its repr, cut to one short line.

    >>> shown([0.5, 0.5]), shown("x" * 80)[-6:]
    ('[0.5, 0.5]', 'xxx...')
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def expected(hint: Any, given: object) -> str:
    """What a field of type ``hint`` must be, in words, for the value ``given`` it
    refused: its shape if ``given`` is of another, else the bound it broke.

    >>> expected(Rate, "80"), expected(Rate, 0), expected(Finite, math.inf)
    ('a number', 'more than 0', 'a finite number')
    >>> expected(Literal[128, 64, 96], 32), expected(Literal["i2c", "spi"], 3)
    ('one of 64, 96, 128', 'a string')
    >>> expected(Rate | None, -1)
    'more than 0'
    """
    if get_origin(hint) in (Union, UnionType) and type(None) in get_args(hint):
        hint = next(arg for arg in get_args(hint) if arg is not type(None))  # when given
    base, metas = hint, list[Meta]()
    if get_origin(hint) is Annotated:
        base, *rest = get_args(hint)
        metas = [meta for meta in rest if isinstance(meta, Meta)]
    described = [meta.description for meta in metas if meta.description]
    if described:
        return described[0]
    if get_origin(base) is Literal:
        return _choices(get_args(base), given)
    if not _fits(given, base):
        return _shape(base)
    if isinstance(given, float) and not math.isfinite(given):
        return "a finite number"
    return next(filter(None, (_broken(meta, given) for meta in metas)), _shape(base))


def _choices(choices: tuple[Any, ...], given: object) -> str:
    """``one of ...`` (sorted as numbers or as text) for a value of the choices' kind."""
    if all(isinstance(c, int) for c in choices):
        if isinstance(given, bool) or not isinstance(given, int):
            return "a whole number"
        return "one of " + ", ".join(map(str, sorted(choices)))
    return (
        "one of " + ", ".join(sorted(map(str, choices))) if isinstance(given, str) else "a string"
    )


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
