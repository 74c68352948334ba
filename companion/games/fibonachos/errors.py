"""Fibonachos' own errors, so that a record and a live table name a fault the same way.

An illegal action knows its place (round 1, trick 4, play 2) apart from the fault
("R13 played more often than the deck holds"): the record reader turns it into a
:class:`~companion.games.errors.RecordError` with the same place, and the live
table shows the fault.
"""

from __future__ import annotations

from companion.games.errors import GameError, IllegalActionError, NotationError


class FibonachosActionError(IllegalActionError):
    """An action the rules forbid here, at the place of the next action.

    >>> from companion.games.errors import Place
    >>> where = Place.of("round", 1).then("trick", 2).then("play", 3)
    >>> str(FibonachosActionError("R7 is not in hand", "F3", where=where))
    'round 1, trick 2, play 3: R7 is not in hand (F3)'
    """


class SetupError(GameError):
    """A game that cannot start as asked (a player count outside 2-5, a bad dealer)."""

    rule: str

    def __init__(self, what: str, rule: str) -> None:
        super().__init__(what, rule)


class UnknownCardError(NotationError):
    """Text that is no Fibonachos card (F1).

    >>> str(UnknownCardError("unknown card 'R17'"))
    "unknown card 'R17' (F1)"
    """

    rule: str

    def __init__(self, what: str) -> None:
        super().__init__(what, "F1")
