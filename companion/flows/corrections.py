"""Corrections kept so that "Undo last" takes back the last thing the table did.

A flow keeps its record as a list (the rummy flow's inputs, the trick flows' steps),
and a correction (:class:`~companion.flows.commands.Replace`) rewrites one item of it
in place. Undo takes back the newest item, which after a correction is not what the
table did last: the correction is. So each correction is kept with the length of the
list when it was made; while the list is that long again (nothing recorded since, or
all of it undone), undo restores the item as it was read instead.

    >>> kept = Corrections[str]()
    >>> kept.made(1, "R3 as read", length=2)
    >>> kept.take(length=3) is None    # a card played since: undo takes that first
    True
    >>> kept.take(length=2)
    Correction(index=1, old='R3 as read', length=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Correction(Generic[T]):
    """Item ``index`` was ``old`` before a correction made with ``length`` items on record."""

    index: int
    old: T
    length: int


class Corrections(Generic[T]):
    """The corrections of a flow, newest last (module docstring)."""

    def __init__(self) -> None:
        self.done: list[Correction[T]] = []

    def made(self, index: int, old: T, *, length: int) -> None:
        """Item ``index`` of a list of ``length`` items was ``old`` until corrected."""
        self.done.append(Correction(index, old, length))

    def take(self, *, length: int) -> Correction[T] | None:
        """The correction to undo when the list has ``length`` items: the newest, if
        nothing was recorded after it; it is forgotten (undone). A correction whose
        items were taken back from under it is forgotten too."""
        while self.done and (self.done[-1].length > length or self.done[-1].index >= length):
            self.done.pop()
        if self.done and self.done[-1].length == length:
            return self.done.pop()
        return None
