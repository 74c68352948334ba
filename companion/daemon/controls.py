"""Control and staff cards: cards that work the companion instead of being played.

A control card put down on the table does what its button would: ``UNDO`` takes
back the last step, ``CONFIRM`` and ``NEXT-ROUND`` press SELECT (they dismiss the
round's scores and confirm a choice), ``NEW-GAME`` opens the start menu (a game in
play can be resumed from there), ``SEAT1``..``SEAT5`` mark where players sit (logged
with their place, to set up a layout's meld zones). A staff card is only ever read when it carries
this installation's signature (card_codes rejects any other), and opens the staff
actions for a few minutes; ``STAFF-RESET`` also ends the table's game at once.
"""

from __future__ import annotations

import logging

from companion.daemon.parts import ControlTable
from companion.table.cards import TableCard

log = logging.getLogger(__name__)


class Controls:
    """Carries out the control cards the table shows, through the table's facade (what
    their buttons would do: :class:`~companion.daemon.parts.ControlTable`)."""

    def __init__(self, table: ControlTable) -> None:
        self.table = table

    def placed(self, card: TableCard, now: float) -> None:
        name = card.notation.split("#")[0]
        table = self.table
        log.info("control card %s", name)
        if name == "UNDO":
            table.undo(now)
        elif name in ("CONFIRM", "NEXT-ROUND"):
            table.select(now)
        elif name == "NEW-GAME":
            table.open_start(now)
        elif name.startswith("SEAT") and name[4:].isdigit():
            log.info("seat %s marked at %s (frame fractions)", name[4:], card.position)
        elif name == "STAFF-SETTINGS":
            log.warning("staff card shown: staff actions open")
            table.unlock_staff(now)
            table.open_start(now)
        elif name == "STAFF-RESET":
            log.warning("staff card shown: the table is reset")
            table.unlock_staff(now)
            table.reset(now)
        else:
            log.warning("control card %s has no action here", card.notation)
