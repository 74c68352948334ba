"""What a screen or a page shows: the contract between the game flows and the screens.

A view is a small frozen value (:mod:`companion.views.model`). The OLED
(:mod:`companion.ui`) and the web pages draw views and never reach into a flow; the
flows (:mod:`companion.flows`) never draw and never import this layer.

Where facts end and words begin: a flow reports typed facts
(:mod:`companion.flows.status`: seats as numbers, cards as notation, what the table
must show as an enum; a notice's :class:`~companion.flows.said.Said`). The presenters
here (:mod:`companion.views.present`, :mod:`companion.views.words`) turn a fact and
the players' names into a view: the names ("Seat 2"), the titles ("Round 3"), the
cards as printed ("Red 13") and every sentence are made here, in the table's
language (:mod:`companion.views.i18n`, catalogues in ``locale/``).
"""

from companion.views.model import (
    HexView,
    IdleView,
    MenuView,
    MessageView,
    NameView,
    Play,
    QrView,
    RummyView,
    ScoresView,
    SetLine,
    Tone,
    TrickView,
    TrickWonView,
)
from companion.views.names import seat_names
from companion.views.plugins import present
from companion.views.present import (
    FlowView,
    present_notice,
    present_running,
    waiting_line,
)

__all__ = [
    "FlowView",
    "HexView",
    "IdleView",
    "MenuView",
    "MessageView",
    "NameView",
    "Play",
    "QrView",
    "RummyView",
    "ScoresView",
    "SetLine",
    "Tone",
    "TrickView",
    "TrickWonView",
    "present",
    "present_notice",
    "present_running",
    "seat_names",
    "waiting_line",
]
