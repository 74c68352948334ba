"""The cafe bus's errors, under the product's tree: what crosses the bus and breaks the
contract (:class:`MessageError`, and its :class:`~companion.bus.limits.LimitError` for a
message over a limit), and a staff command a table refuses."""

from __future__ import annotations

from companion.errors import CompanionError


class BusError(CompanionError):
    """Root of the cafe bus's errors (both sides: the table's and the server's)."""


class MessageError(BusError, ValueError):
    """A bus message that does not follow the contract (the message says which rule)."""


class CommandRefusedError(BusError, ValueError):
    """A command the table does not act on; the message says why."""
