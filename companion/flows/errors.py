"""Errors of the game flows: a game that cannot start as asked, a command that cannot
be read, and a refusal.

A flow never raises for something a person at the table did: a card the rules
refuse becomes a REFUSED notice. :class:`RefusedError` is how the parts of a flow say
so to each other before it becomes that notice. A game started with an option
the flow does not know is a setup error, the games' :class:`OptionError` (kept here
too, where the flows' callers have always caught it).

    >>> str(RefusedError("R7 played twice", "F1"))
    'R7 played twice (F1)'
"""

from __future__ import annotations

from companion.flows.said import Said
from companion.games.errors import GameError, OptionError, Place

__all__ = ["CommandError", "OptionError", "RefusedError"]


class CommandError(GameError):
    """A command that cannot be read: a name no flow knows, or an argument of the
    wrong type (a journal written by another version, or by hand).

    >>> str(CommandError("unknown command 'jump' (the commands are: undo, ...)"))
    "unknown command 'jump' (the commands are: undo, ...)"
    """


class RefusedError(GameError):
    """The rules (or the table) refuse a card or a command; ``rule`` is its RULES.md id.

    ``what`` is English, for the log; ``said`` is what the screen says (a message
    id and its facts, :mod:`companion.flows.said`), when it is more than the rule.
    """

    def __init__(
        self,
        what: str,
        rule: str | None = None,
        said: Said | None = None,
        *,
        where: Place | None = None,
    ) -> None:
        super().__init__(what, rule, where=where)
        self.said = said
