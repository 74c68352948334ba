"""Reading a table view's JSON strictly (:meth:`companion.views.live_types.TableView.from_json`):
each field of its one type, each seat within the players, each list of one number a
seat as long as the players; anything else a :class:`ViewError` naming the field.
Fields this version does not know are left (a newer table may add some).

    >>> Fields({"round": 2, "to_play": 3}, "live").whole("round")
    2
    >>> Fields({"round": 2, "to_play": 3}, "live").seat("to_play", 3)
    Traceback (most recent call last):
    ...
    companion.views.view_fields.ViewError: live.to_play: seat 3 of 3 players
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from companion.games.json_types import JSON, kind

#: The longest word of the table's a view may carry, and its shape.
WORD_CHARS = 32
WORD = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{WORD_CHARS - 1}}}")


class ViewError(ValueError):
    """A table view that breaks its shape (a field of the wrong type, a seat past the
    players, a tally of another count of seats): the message names the field."""


class ViewVersionError(ViewError):
    """A view of another version than this one reads: a newer table's page, kept
    from the phones rather than drawn wrong (its state is kept)."""


class Fields:
    """The fields of one JSON object of a view, at ``where`` (``live.trick``...)."""

    def __init__(self, raw: object, where: str) -> None:
        if not isinstance(raw, dict):
            raise ViewError(f"{where}: {kind(raw)}, not an object")
        self.raw: Mapping[str, JSON] = raw
        self.where = where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def has(self, key: str) -> bool:
        return key in self.raw

    def value(self, key: str) -> JSON:
        if key not in self.raw:
            raise ViewError(f"{self.at(key)}: missing")
        return self.raw[key]

    def object(self, key: str) -> Fields:
        return Fields(self.value(key), self.at(key))

    def objects(self, key: str) -> list[Fields]:
        return [Fields(item, f"{self.at(key)}[{i}]") for i, item in enumerate(self.items(key))]

    def items(self, key: str) -> list[JSON]:
        value = self.value(key)
        if not isinstance(value, list):
            raise ViewError(f"{self.at(key)}: {kind(value)}, not a list")
        return value

    def flag(self, key: str) -> bool:
        value = self.value(key)
        if not isinstance(value, bool):
            raise ViewError(f"{self.at(key)}: {kind(value)}, neither true nor false")
        return value

    def integer(self, key: str) -> int:
        return _integer(self.value(key), self.at(key))

    def whole(self, key: str) -> int:
        number = self.integer(key)
        if number < 0:
            raise ViewError(f"{self.at(key)}: {number} is below 0")
        return number

    def maybe_whole(self, key: str) -> int | None:
        return None if self.value(key) is None else self.whole(key)

    def text(self, key: str) -> str:
        value = self.value(key)
        if not isinstance(value, str):
            raise ViewError(f"{self.at(key)}: {kind(value)}, not text")
        return value

    def maybe_text(self, key: str) -> str | None:
        return None if self.value(key) is None else self.text(key)

    def word(self, key: str, known: frozenset[str]) -> str:
        """A word of the table's (what it waits for, a set's state...): one of ``known``,
        or one a newer table may add (lower-case letters, digits and hyphens, at most
        :data:`WORD_CHARS`), which the page words plainly; anything else is refused."""
        value = self.text(key)
        if value not in known and not WORD.fullmatch(value):
            raise ViewError(f"{self.at(key)}: {value[:20]!r} is no word of the table's")
        return value

    def seat(self, key: str, seats: int) -> int | None:
        """A seat of ``seats`` players, or None."""
        seat = self.maybe_whole(key)
        if seat is not None and seat >= seats:
            raise ViewError(f"{self.at(key)}: seat {seat} of {seats} players")
        return seat

    def seats(self, key: str, seats: int) -> tuple[int, ...]:
        """A list of seats (the winners)."""
        return tuple(
            _seat(value, seats, f"{self.at(key)}[{i}]") for i, value in enumerate(self.items(key))
        )

    def tally(self, key: str, seats: int, *, empty: bool = False) -> tuple[int, ...]:
        """A number a seat (points may be below 0); ``empty``: or none at all."""
        return _tally(self.items(key), seats, self.at(key), empty=empty)

    def maybe_tally(self, key: str, seats: int) -> tuple[int, ...] | None:
        return None if self.value(key) is None else self.tally(key, seats)

    def tallies(self, key: str, seats: int) -> tuple[tuple[int, ...], ...]:
        """A list of tallies (the rounds' points)."""
        at = self.at(key)
        return tuple(
            _tally(_list(row, f"{at}[{i}]"), seats, f"{at}[{i}]")
            for i, row in enumerate(self.items(key))
        )


def _integer(value: JSON, at: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ViewError(f"{at}: {kind(value)}, not a whole number")
    return value


def _seat(value: JSON, seats: int, at: str) -> int:
    seat = _integer(value, at)
    if not 0 <= seat < seats:
        raise ViewError(f"{at}: seat {seat} of {seats} players")
    return seat


def _list(value: JSON, at: str) -> list[JSON]:
    if not isinstance(value, list):
        raise ViewError(f"{at}: {kind(value)}, not a list")
    return value


def _tally(values: list[JSON], seats: int, at: str, *, empty: bool = False) -> tuple[int, ...]:
    if len(values) != seats and not (empty and not values):
        raise ViewError(f"{at}: {len(values)} numbers for {seats} players")
    return tuple(_integer(value, f"{at}[{i}]") for i, value in enumerate(values))
