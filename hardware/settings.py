"""Checked access to a backend's settings, so every bad key is named ``section.key``.

A hardware section of the configuration (``[camera]``, ``[display]``) hands its
keys to the backend it names; the backend takes each key through a ``Settings``
with its default and its rule, then calls ``done()`` so a misspelt key is refused
rather than silently ignored.

    >>> s = Settings("camera", {"width": 640, "hflip": True})
    >>> s.integer("width", 1280, low=16), s.flag("hflip", False), s.flag("vflip", False)
    (640, True, False)
    >>> s.done()
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any, TypeVar

from hardware.errors import ConfigurationError
from hardware.settings_decoder import decode_section, shown

T = TypeVar("T")


class Settings:
    """The keys of one section, taken one by one; ``done()`` refuses the rest."""

    def __init__(self, section: str, values: Mapping[str, Any], *, backend: str = "") -> None:
        self.section = section
        self.backend = backend
        self._values = dict(values)
        self._taken: set[str] = set()

    def _name(self, key: str) -> str:
        return f"{self.section}.{key}"

    def _bad(self, key: str, rule: str, value: Any) -> ConfigurationError:
        return ConfigurationError(f"{self._name(key)} must be {rule}, not {shown(value)}")

    def _take(self, key: str) -> tuple[bool, Any]:
        self._taken.add(key)
        if key in self._values:
            return True, self._values[key]
        return False, None

    def decode(self, cls: type[T]) -> T:
        """The keys ``cls`` (a frozen dataclass of settings with defaults) declares,
        decoded into it by :func:`hardware.settings_decoder.decode_section`; the others
        are left to :meth:`value` and to :meth:`done`, which refuses them."""
        names = {spec.name for spec in fields(cls)}  # type: ignore[arg-type]
        self._taken |= names
        given = {key: _plain(value) for key, value in self._values.items() if key in names}
        return decode_section(given, cls, self.section)

    def has(self, key: str) -> bool:
        """Whether the key was given (for settings whose default depends on the source)."""
        return key in self._values

    def integer(
        self,
        key: str,
        default: int,
        *,
        low: int | None = None,
        high: int | None = None,
        choices: Collection[int] | None = None,
    ) -> int:
        """A whole number from ``low`` to ``high`` (inclusive), or one of ``choices``."""
        given, value = self._take(key)
        if not given:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(key, "a whole number", value)
        if choices is not None and value not in choices:
            raise self._bad(key, "one of " + ", ".join(map(str, sorted(choices))), value)
        _check_range(self._name(key), value, low, high)
        return value

    def number(
        self,
        key: str,
        default: float,
        *,
        low: float | None = None,
        high: float | None = None,
        above: float | None = None,
    ) -> float:
        """A finite float; ``above`` is an exclusive lower bound (a frame rate above 0)."""
        given, value = self._take(key)
        if not given:
            return default
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, "a number", value)
        if not math.isfinite(value):  # TOML writes nan and inf
            raise self._bad(key, "a finite number", value)
        if above is not None and not value > above:
            raise self._bad(key, f"more than {above:g}", value)
        _check_range(self._name(key), value, low, high)
        return float(value)

    def flag(self, key: str, default: bool) -> bool:
        given, value = self._take(key)
        if not given:
            return default
        if not isinstance(value, bool):
            raise self._bad(key, "true or false", value)
        return value

    def text(self, key: str, default: str, *, choices: Collection[str] | None = None) -> str:
        given, value = self._take(key)
        if not given:
            return default
        if not isinstance(value, str):
            raise self._bad(key, "a string", value)
        if choices is not None and value not in choices:
            raise self._bad(key, "one of " + ", ".join(sorted(choices)), value)
        return value

    def path(self, key: str, default: str) -> Path:
        """A file or folder path (``~`` expanded); whether it exists is the backend's rule."""
        given, value = self._take(key)
        if not given:
            return Path(default).expanduser()
        if not isinstance(value, str | Path) or not str(value):
            raise self._bad(key, "a path", value)
        return Path(value).expanduser()

    def clock(self) -> Callable[[], float]:
        """``clock``: the seconds a backend reads (``time.monotonic``; a test's own)."""
        found: Callable[[], float] = self.value(
            "clock", time.monotonic, callable, "a function () -> seconds"
        )
        return found

    def stream(self, key: str, method: str) -> Any:
        """A text stream handed in by a test (None: the terminal's); it has ``method``."""
        return self.value(key, None, lambda v: v is None or hasattr(v, method), "a text stream")

    def value(self, key: str, default: Any, check: Callable[[Any], bool], rule: str) -> Any:
        """A value of any other shape, accepted when ``check`` says so (a device, a callable)."""
        given, value = self._take(key)
        if not given:
            return default
        if not check(value):
            raise self._bad(key, rule, value)
        return value

    def done(self) -> None:
        """Refuse the keys nobody took: a misspelt setting must not be ignored."""
        unknown = sorted(set(self._values) - self._taken)
        if unknown:
            where = f" for the {self.backend} {self.section}" if self.backend else ""
            known = ", ".join(sorted(self._taken))
            names = ", ".join(self._name(k) for k in unknown)
            raise ConfigurationError(f"unknown setting {names}{where} (known: {known})")


def _check_range(name: str, value: float, low: float | None, high: float | None) -> None:
    if low is not None and value < low:
        raise ConfigurationError(f"{name} must be at least {low:g}, not {value!r}")
    if high is not None and value > high:
        raise ConfigurationError(f"{name} must be at most {high:g}, not {value!r}")


def _plain(value: object) -> object:
    """A path handed in by a caller (not read from TOML) as the text a field declares."""
    return os.fspath(value) if isinstance(value, os.PathLike) else value
