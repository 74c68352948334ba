"""The four buttons and their long presses, as the interface reads them.

The button port (``hardware.buttons``) delivers ``ButtonEvent(button, kind, time)``
with ``Button`` UP/DOWN/SELECT/BACK and ``PressKind`` PRESS/LONG_PRESS. The
interface folds the two into one :class:`Key` (eight in all), read by name so any
event of that shape works (the real port, a replay, a test's stand-in).

    >>> from types import SimpleNamespace as E
    >>> key_of(E(button=E(name="SELECT"), kind=E(name="LONG_PRESS"), time=1.0))
    <Key.LONG_SELECT: 'long-select'>
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol


class Key(Enum):
    UP = "up"
    DOWN = "down"
    SELECT = "select"
    BACK = "back"
    LONG_UP = "long-up"
    LONG_DOWN = "long-down"
    LONG_SELECT = "long-select"
    LONG_BACK = "long-back"

    @property
    def short(self) -> Key:
        """The key without its long press (LONG_UP -> UP)."""
        return Key(self.value.removeprefix("long-"))


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class ButtonLike(Protocol):
    """The shape of ``hardware.buttons.ButtonEvent`` the interface needs."""

    @property
    def button(self) -> _Named: ...

    @property
    def kind(self) -> _Named: ...

    @property
    def time(self) -> float: ...


def key_of(event: ButtonLike) -> Key:
    """The key of a button event; a long press of a button is its ``LONG_`` key."""
    name = event.button.name.lower()
    if event.kind.name == "LONG_PRESS":
        return Key(f"long-{name}")
    return Key(name)
