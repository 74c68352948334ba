"""Each table's share of storage as the database keeps it (:mod:`companion.cafe.share`):
a table of its own, so that a restarted server goes on from what was left.

A row is a table's bucket: the bytes left in it, when (the server's clock, seconds
since the epoch: read back after a restart, the time elapsed since is refilled), and
since when the table is held for its share (None: it is not). The writer keeps the rows
within its batches, at most every few seconds and whenever a table is held or stored
again (:meth:`companion.cafe.share.Shares.due`), not once per message.

The table is created with ``IF NOT EXISTS`` with the others, so a database made by a
version from before it opens as it was and gains it; until a row is written, every
table has a whole day's share, as it had at each start before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class ShareRow:
    """What is left of ``table``'s share: ``left`` bytes at ``at``, and since when it is
    held for its share (None: not held)."""

    table: str
    left: float
    at: float
    held: float | None = None


class ShareKeeping(Protocol):
    """The store's half: the writer puts rows inside a batch, the server reads them at start."""

    def put_shares(self, rows: Sequence[ShareRow]) -> None: ...
    def shares(self) -> list[ShareRow]: ...


SHARE_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS shares (
        table_name TEXT PRIMARY KEY,
        left_bytes DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        held_since DOUBLE PRECISION
    )""",
)
PUT_SHARE = """
INSERT INTO shares (table_name, left_bytes, at, held_since) VALUES (?, ?, ?, ?)
ON CONFLICT (table_name) DO UPDATE SET
    left_bytes = excluded.left_bytes, at = excluded.at, held_since = excluded.held_since
"""
SHARES = "SELECT table_name, left_bytes, at, held_since FROM shares ORDER BY table_name"


def share_params(row: ShareRow) -> tuple[Any, ...]:
    return (row.table, row.left, row.at, row.held)


def share_of(raw: Sequence[Any]) -> ShareRow:
    table, left, at, held = raw
    return ShareRow(table, float(left), float(at), float(held) if held is not None else None)
