"""R6 on the seat's screen: once Count hands is chosen the round is over, so the line
that said who plays ("Ben plays") says the hands are being counted, in both languages
and on both panels."""

from __future__ import annotations

import pytest
from flow_tables import Keys, set_cards

from companion.flows.commands import CountHands
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus
from companion.ui.draw import recording_texts
from companion.ui.screens import render
from companion.views.i18n import speaking
from companion.views.present import present_rummy

PLAYERS = ["Ana", "Ben"]
SAID = {"en": ("Counting hands", "Ben plays"), "fr": ("Décompte des mains", "Ben joue")}


def _drawn(status: RummyStatus, lang: str) -> str:
    texts: list[str] = []
    for size in ((128, 64), (128, 32)):
        with speaking(lang), recording_texts() as drawn:
            render(present_rummy(status, PLAYERS), size)
        texts.append(" | ".join(drawn))
    return " || ".join(texts)


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_seat_screen_says_the_hands_are_counted_not_who_plays(lang: str) -> None:
    """R4 then R6: Ben lays a set (Ben plays); after Count hands, the hands are counted."""
    flow = make_flow("rummy21", PLAYERS, [], options={})
    for card, _number in set_cards(Keys("rummy21"), ["B5#1", "8#1", "8#2"], "meld-1", 0):
        flow.placed(card)
    counting, plays = SAID[lang]
    before = flow.status()
    assert isinstance(before, RummyStatus) and not before.counting
    shown = _drawn(before, lang)
    assert plays in shown and counting not in shown
    flow.command(CountHands())
    after = flow.status()
    assert isinstance(after, RummyStatus) and after.counting
    shown = _drawn(after, lang)
    assert shown.count(counting) == 2 and plays not in shown, shown
