"""The table's errors that are not a bad command line: a table event that cannot be read.

:class:`EventError` is a ``ValueError``: a journaled table event (a row written by
:meth:`companion.table.events.CardPlaced.to_json` and its kin) that does not hold a
card the game can read, with the key and the value that are wrong.
"""

from __future__ import annotations

from companion.errors import CompanionError


class EventError(CompanionError, ValueError):
    """A journaled input the game cannot read (a key missing, a value of the wrong type)."""
