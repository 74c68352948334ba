"""The cafe server's errors, under the product's tree (a message that breaks the bus's
contract is :class:`companion.bus.errors.MessageError`, the same on both sides)."""

from __future__ import annotations

from companion.errors import CompanionError


class CafeError(CompanionError):
    """Root of the cafe server's errors."""


class StoreError(CafeError, OSError):
    """The cafe's database cannot be opened, read or written (the message names it)."""


class SettingsError(CafeError, ValueError):
    """A setting of the cafe server that cannot be used (the message names the key)."""


class JournalLimitError(CafeError):
    """A table names a new journal past those it may bring in a day (journals.py): its
    message is held, not set aside (the message names the table and the limit)."""
