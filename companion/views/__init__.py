"""What a screen or a page shows: the contract between the game flows and the screens.

A view is a small frozen value. The OLED (:mod:`companion.ui`) and the web pages draw
views and never reach into a flow; the flows (:mod:`companion.flows`) never draw and
never import this layer. The values are in :mod:`companion.views.model`.
"""

from companion.views.model import (
    HexView,
    IdleView,
    MenuView,
    MessageView,
    Play,
    RummyView,
    ScoresView,
    SetLine,
    Tone,
    TrickView,
    TrickWonView,
)

__all__ = [
    "HexView",
    "IdleView",
    "MenuView",
    "MessageView",
    "Play",
    "RummyView",
    "ScoresView",
    "SetLine",
    "Tone",
    "TrickView",
    "TrickWonView",
]
