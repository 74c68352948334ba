"""The exception tree of the rules engines.

Every error is a ``ValueError`` (as in python-chess): a caller that only wants to
reject bad input catches ``ValueError``; a caller that wants to say *why* catches
the precise class. Messages name the thing, the place and the rule id of
``RULES.md`` ("round 2, trick 5, play 3: R7 does not follow the lead suit R (F5)").
"""

from __future__ import annotations


class GameError(ValueError):
    """Root of every error raised by ``companion.games``."""


class NotationError(GameError):
    """A card, cell or move written in a notation that does not exist (bad syntax)."""


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` is the RULES.md id that forbids it (``"F5"``, ``"H3"``...).
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


class UnknownVariantError(GameError):
    """A variant name that RULES.md does not define for this game."""


class UnknownGameError(GameError):
    """A game name that no engine answers to."""


class RecordError(GameError):
    """A game record that cannot be read or does not follow the rules.

    ``where`` names the place ("round 2, trick 5, play 3"), ``what`` the fault and
    ``rule`` the RULES.md id (or ``"record"`` for a fault of the file's shape).
    The string form is the one line the command line prints.
    """

    def __init__(self, where: str, what: str, rule: str) -> None:
        place = f"{where}: " if where else ""
        super().__init__(f"{place}{what} ({rule})")
        self.where = where
        self.what = what
        self.rule = rule
