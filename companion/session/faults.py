"""What the table is told about its journal: a game not saved, a journal repaired.

The words are for people at a table (the OLED says them through the views layer);
paths, counts of rows and the errors go to the log.
"""

from __future__ import annotations

import logging

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.journal import Journal, JournalFullError
from companion.views.faults import Fault, FaultKind

log = logging.getLogger(__name__)

#: What the OLED says when the games are not written (the title is the words before ':').
NOT_SAVED = "Not saved: this game is kept in memory only"
DISK_FULL = "Disk full: this game is kept in memory only"


def not_saved(journal: Journal) -> Notice:
    """The notice that the game in play is kept in memory only (a full disk says so)."""
    full = isinstance(journal.fault, JournalFullError)
    said = Said(Say.DISK_FULL if full else Say.NOT_SAVED)
    return Notice(NoticeKind.INFO, DISK_FULL if full else NOT_SAVED, rule=None, said=said)


def journal_faults(journal: Journal, *, closed_unreadable: bool) -> list[tuple[str, Fault]]:
    """``(kind, fault)`` for :meth:`~companion.ui.app.UiApp.hardware_status` at start:
    a damaged journal repaired, a game in play closed because it could not be rebuilt
    (``closed_unreadable``), events set aside, games not written."""
    faults: list[tuple[str, Fault]] = []
    if journal.repair is not None:
        repair = journal.repair
        kept = Fault(FaultKind.REPAIRED, games=repair.games, moves=repair.events)
        faults.append(("repaired", kept))
    elif closed_unreadable:
        faults.append(("repaired", Fault(FaultKind.GAME_CLOSED)))
    elif journal.dropped:
        log.warning("resumed before a damaged move (%d set aside)", journal.dropped)
        faults.append(("repaired", Fault(FaultKind.RESUMED)))
    elif journal.problems:
        faults.append(("repaired", Fault(FaultKind.LEFT_OUT)))
    fault = journal.fault
    if fault is not None:
        full = isinstance(fault, JournalFullError)
        kind = "disk" if full else "journal"
        faults.append((kind, Fault(FaultKind.DISK_FULL if full else FaultKind.NOT_SAVED)))
    return faults
