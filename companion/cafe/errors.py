"""The cafe server's errors, under the product's tree."""

from __future__ import annotations

from companion.errors import CompanionError


class CafeError(CompanionError):
    """Root of the cafe server's errors."""


class MessageError(CafeError, ValueError):
    """A bus message that does not follow the contract (the message says which rule)."""


class StoreError(CafeError, OSError):
    """The cafe's database cannot be opened, read or written (the message names it)."""


class SettingsError(CafeError, ValueError):
    """A setting of the cafe server that cannot be used (the message names the key)."""
