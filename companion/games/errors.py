"""The exception tree of the rules engines, and the place a fault names.

Every error is a ``ValueError`` (as in python-chess): a caller that only wants to
reject bad input catches ``ValueError``; a caller that wants to say *why* catches
the precise class. Every error has the same three parts, set where it is raised:
``what`` went wrong, the ``rule`` that says so (a RULES.md id, ``"record"`` for a
fault of a file's shape, ``None`` where no rule applies) and ``where`` (a
:class:`Place`, ``None`` where the fault has no place). The message is the one line
the command line prints:

>>> error = RecordError("R7 does not follow the lead suit R", "F5",
...                     where=Place.of("round", 2).then("trick", 5).then("play", 3))
>>> str(error)
'round 2, trick 5, play 3: R7 does not follow the lead suit R (F5)'
>>> error.where.number("trick"), error.rule
(5, 'F5')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """Where in a game or a record a fault lies: named parts, the widest first.

    A part is a name and maybe a number: ``round 2, trick 5, play 3``; ``seat 1,
    closed set 3, card 2``; ``turn 4, move 2``; or a record's key alone, ``players``.

    >>> place = Place.of("round", 2).then("seat", 1).then("hand")
    >>> str(place), place.number("seat"), place.number("trick")
    ('round 2, seat 1, hand', 1, None)
    >>> str(Place.of("round", 2) + Place.of("seat", 0))
    'round 2, seat 0'
    """

    parts: tuple[tuple[str, int | None], ...]

    @classmethod
    def of(cls, name: str, number: int | None = None) -> Place:
        return cls(((name, number),))

    def then(self, name: str, number: int | None = None) -> Place:
        """This place, narrowed to a part of it."""
        return Place((*self.parts, (name, number)))

    def __add__(self, other: Place) -> Place:
        return Place((*self.parts, *other.parts))

    def number(self, name: str) -> int | None:
        """The number of the part called ``name`` (``None`` if there is none)."""
        return next((number for part, number in self.parts if part == name), None)

    def __str__(self) -> str:
        return ", ".join(name if n is None else f"{name} {n}" for name, n in self.parts)


class GameError(ValueError):
    """Root of every error raised by ``companion.games``: ``what``, ``rule`` and ``where``.

    The string form is ``"where: what (rule)"``, without the parts that are ``None``.
    """

    def __init__(self, what: str, rule: str | None = None, *, where: Place | None = None) -> None:
        self.what = what
        self.rule = rule
        self.where = where
        super().__init__(f"{self.reason} ({rule})" if rule else self.reason)

    @property
    def reason(self) -> str:
        """The message without its rule: the place and the fault."""
        return self.what if self.where is None else f"{self.where}: {self.what}"


class NotationError(GameError):
    """A card, cell or move written in a notation that does not exist (bad syntax)."""


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` is the RULES.md id that forbids it (``"F5"``, ``"H3"``...).
    """

    rule: str

    def __init__(self, what: str, rule: str, *, where: Place | None = None) -> None:
        super().__init__(what, rule, where=where)


class UnknownVariantError(GameError):
    """A variant name that RULES.md does not define for this game."""


class UnknownGameError(GameError):
    """A game name that no engine answers to."""


class OptionError(GameError):
    """An option that the game does not take, or a value it cannot use: the message
    names the game, the option and the values it takes.

    >>> str(OptionError("fibonachos: unknown option 'speed' (it takes: dealer, seed)"))
    "fibonachos: unknown option 'speed' (it takes: dealer, seed)"
    """


class RecordError(GameError):
    """A game record that cannot be read or does not follow the rules.

    ``where`` names the place (round 2, trick 5, play 3), ``what`` the fault and
    ``rule`` the RULES.md id (or ``"record"`` for a fault of the file's shape).
    """

    rule: str

    def __init__(self, what: str, rule: str, *, where: Place | None = None) -> None:
        super().__init__(what, rule, where=where)
