"""The table session: the game in play, whose state is the replay of its journal.

Modules by job: ``game`` (:class:`Session`: the game in play, its inputs journaled
then handed to the flow), ``codec`` (the journal's rows to and from the typed
inputs), ``replay`` (a game rebuilt from its journal), ``lying`` (the cards on the
table by the journal, which a restarted tracker starts from) and ``faults`` (what
the table is told about its journal).

    session = open_table(path, clock=time.time)    # what `companion run` does: never raises
    options = check_options("fibonachos", {"seed": 7}, 3)   # checked where they enter
    session.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], options)
    session.table(CardPlaced(card))
"""

from __future__ import annotations

from companion.session.faults import DISK_FULL, NOT_SAVED
from companion.session.game import RECENT_NAMES, Session, open_table, recent_names
from companion.session.lying import PENDING_SECONDS, Lying
from companion.session.replay import FlowFactory, Replay, feed, replay

__all__ = [
    "DISK_FULL",
    "NOT_SAVED",
    "PENDING_SECONDS",
    "RECENT_NAMES",
    "FlowFactory",
    "Lying",
    "Replay",
    "Session",
    "feed",
    "open_table",
    "recent_names",
    "replay",
]
