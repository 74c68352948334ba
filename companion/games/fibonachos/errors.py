"""Fibonachos' own errors, so that a record and a live table name a fault the same way.

An illegal action knows its place ("round 1, trick 4, play 2") apart from the fault
("R13 played more often than the deck holds"): the record reader turns it into a
:class:`~companion.games.errors.RecordError` with the same place, and the live
table shows the one-line message.
"""

from __future__ import annotations

from companion.games.errors import GameError, IllegalActionError, NotationError


class FibonachosActionError(IllegalActionError):
    """An action the rules forbid here; ``where`` and ``what`` are kept apart.

    >>> str(FibonachosActionError("round 1, trick 2, play 3", "R7 is not in hand", "F3"))
    'round 1, trick 2, play 3: R7 is not in hand (F3)'
    """

    def __init__(self, where: str, what: str, rule: str) -> None:
        super().__init__(f"{where}: {what}", rule)
        self.where = where
        self.what = what


class SetupError(GameError):
    """A game that cannot start as asked (a player count outside 2-5, a bad dealer)."""

    def __init__(self, what: str, rule: str) -> None:
        super().__init__(f"{what} ({rule})")
        self.what = what
        self.rule = rule


class UnknownCardError(NotationError):
    """Text that is no Fibonachos card (F1); ``what`` is the fault without the rule.

    >>> str(UnknownCardError("unknown card 'R17'"))
    "unknown card 'R17' (F1)"
    """

    rule = "F1"

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} ({self.rule})")
        self.what = what
