"""Each table's journals (its SD cards' identities), looked up by identity, and how
many new ones a table may bring (docs/security.md).

A real table gets a new journal only when its SD card is replaced or reflashed: a
handful in its life. A hostile or broken one could name a new journal in every
``events`` message, each a row the server keeps; before, each of the table's messages
then searched all of them, so the server slowed message by message (20,000 of them
took 2.2 ms each, from 0.2 ms: ``bench/cafe_flood.py --journals``). Now a journal is
found by its identity in a dict, and a table brings at most :data:`NEW_PER_DAY` new
journals in any 24 hours (counted from the rows' ``since``, so a restart gives none
back); past that, its messages naming another new journal are held (not stored, not
acknowledged: a real table sends them again, and they are stored once the day has
passed).

    >>> journals = Journals()
    >>> journals.add(JournalRow("t1", "a", 0, 0, 100.0))
    >>> journals.find("t1", "a") == (JournalRow("t1", "a", 0, 0, 100.0), None)
    True
    >>> journals.find("t1", "b") is None
    True
    >>> journals.may_add("t1", 200.0), journals.newest("t1").journal
    (True, 'a')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.cafe.errors import JournalLimitError
from companion.cafe.store import JournalRow

#: New journals a table may bring in any 24 hours (a new SD card, a reflashed one).
NEW_PER_DAY = 4
DAY = 86400.0


class Journals:
    """Per table, its journals oldest first and the place of each identity."""

    def __init__(self, rows: Iterable[JournalRow] = ()) -> None:
        self._rows: dict[str, list[JournalRow]] = {}
        self._places: dict[str, dict[str, int]] = {}
        for row in rows:
            self.add(row)

    def of(self, table: str) -> Sequence[JournalRow]:
        """``table``'s journal rows, oldest first (the journal from before identities,
        ``""``, has none unless it was stored)."""
        return self._rows.get(table, ())

    def newest(self, table: str) -> JournalRow:
        """``table``'s newest journal (before identities: ``""`` with bases 0)."""
        rows = self._rows.get(table)
        return rows[-1] if rows else JournalRow(table, "", 0, 0, 0.0)

    def find(self, table: str, journal: str) -> tuple[JournalRow, JournalRow | None] | None:
        """The journal ``journal`` of ``table`` and the one after it (None: the newest);
        None when it is not known. The journal from before identities (``""``) is the
        table's first, with bases 0, whether or not it has a row."""
        rows = self._rows.get(table, [])
        place = self._places.get(table, {}).get(journal)
        if place is None:
            if journal != "":
                return None
            return JournalRow(table, "", 0, 0, float("-inf")), rows[0] if rows else None
        return rows[place], rows[place + 1] if place + 1 < len(rows) else None

    def may_add(self, table: str, now: float) -> bool:
        """Whether ``table`` may bring a new journal at ``now``: fewer than
        :data:`NEW_PER_DAY` of its journals were made within a day of it (a clock set
        back counts those of the day after too, not those of a year ahead)."""
        recent = self._rows.get(table, [])[-NEW_PER_DAY:]
        return len(recent) < NEW_PER_DAY or any(abs(now - row.since) >= DAY for row in recent)

    def allow(self, table: str, journal: str, now: float) -> None:
        """JournalLimitError unless ``table`` may bring its new ``journal`` at ``now``."""
        if not self.may_add(table, now):
            raise JournalLimitError(
                f"cafe: {table} names a new journal {journal[:32]!r}, past the "
                f"{NEW_PER_DAY} new journals (SD cards) a table may bring in a day: "
                "its messages are held, not stored nor acknowledged (a new card's games "
                "are stored once the day is over)"
            )

    def add(self, row: JournalRow) -> None:
        rows = self._rows.setdefault(row.table, [])
        places = self._places.setdefault(row.table, {})
        if row.journal in places:
            return
        places[row.journal] = len(rows)
        rows.append(row)

    def mark(self, table: str) -> int:
        """How many journals ``table`` has, for :meth:`undo`."""
        return len(self._rows.get(table, ()))

    def undo(self, table: str, mark: int) -> None:
        """``table``'s journals as they were at ``mark`` (a message set aside)."""
        rows = self._rows.get(table, [])
        places = self._places.get(table, {})
        for row in rows[mark:]:
            del places[row.journal]
        del rows[mark:]
