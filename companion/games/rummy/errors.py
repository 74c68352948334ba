"""The rummy games' own errors: a fault keeps its place apart from what went wrong.

A live table shows the one-line message; the record reader puts the round in
front of the place ("round 2, seat 1, closed set 3, card 2") and raises a
:class:`~companion.games.errors.RecordError` with the same fault and rule.
"""

from __future__ import annotations

from companion.games.errors import IllegalActionError, NotationError


class RummyActionError(IllegalActionError):
    """An action the rules forbid; ``where`` may be empty (the place is the turn).

    >>> str(RummyActionError("seat 1, open set 2", "B5 only starts a set", "R2"))
    'seat 1, open set 2: B5 only starts a set (R2)'
    """

    def __init__(self, where: str, what: str, rule: str) -> None:
        super().__init__(f"{where}: {what}" if where else what, rule)
        self.where = where
        self.what = what


class UnknownCardError(NotationError):
    """Text that is no card of the deck in play (R1) or a bad declaration (R5).

    >>> str(UnknownCardError("unknown card 'B21' in rummy13"))
    "unknown card 'B21' in rummy13 (R1)"
    """

    def __init__(self, what: str, rule: str = "R1") -> None:
        super().__init__(f"{what} ({rule})")
        self.what = what
        self.rule = rule
