"""The rummy games' own errors: a fault keeps its place apart from what went wrong.

A live table shows the one-line message; the record reader puts the round in
front of the place (round 2, seat 1, closed set 3, card 2) and raises a
:class:`~companion.games.errors.RecordError` with the same fault and rule.
"""

from __future__ import annotations

from companion.games.errors import IllegalActionError, NotationError


class RummyActionError(IllegalActionError):
    """An action the rules forbid, at its place (a turn, a seat's set) when it has one.

    >>> from companion.games.errors import Place
    >>> where = Place.of("seat", 1).then("open set", 2)
    >>> str(RummyActionError("B5 only starts a set", "R2", where=where))
    'seat 1, open set 2: B5 only starts a set (R2)'
    """


class UnknownCardError(NotationError):
    """Text that is no card of the deck in play (R1) or a bad declaration (R5).

    >>> str(UnknownCardError("unknown card 'B21' in rummy13"))
    "unknown card 'B21' in rummy13 (R1)"
    """

    rule: str

    def __init__(self, what: str, rule: str = "R1") -> None:
        super().__init__(what, rule)
