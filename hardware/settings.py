"""Checked access to a backend's settings, so every bad key is named ``section.key``.

A hardware section of the configuration (``[camera]``, ``[display]``) hands its
keys to the backend it names. The backend declares the keys a file may give as a
frozen dataclass and :meth:`Settings.decode` decodes them into it with msgspec
(:mod:`hardware.settings_decoder`); what only a caller hands in (a clock, a stream,
frames) it takes with :meth:`Settings.value`; then ``done()`` refuses the keys nobody
took, so a misspelt key is refused rather than silently ignored.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Size:
    ...     width: int = 1280
    ...     hflip: bool = False
    >>> s = Settings("camera", {"width": 640, "hflip": True})
    >>> s.decode(Size)
    Size(width=640, hflip=True)
    >>> s.done()
    >>> s = Settings("camera", {"widht": 640})
    >>> s.decode(Size).width
    1280
    >>> s.done()
    Traceback (most recent call last):
    ...
    hardware.errors.ConfigurationError: unknown setting camera.widht (known: hflip, width)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import fields
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


def _plain(value: object) -> object:
    """A path handed in by a caller (not read from TOML) as the text a field declares."""
    return os.fspath(value) if isinstance(value, os.PathLike) else value
