"""F6 on the screen: a trick played once the spicy deck is used up (3 players: tricks 16
and 17) says so where the spicy card at stake is shown, in every layout and language,
so the empty place is not read as a spicy card the camera missed."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import Keys, load

from companion.flows.registry import make_flow
from companion.flows.status import TrickStatus
from companion.ui.draw import recording_texts
from companion.ui.screens import render
from companion.views.i18n import speaking
from companion.views.present import present_trick

PLAYERS = ["Ana", "Ben", "Cy"]
#: What each language says, on a full line and in a title bar.
SAID = {"en": ("No spicy card left", "No spicy"), "fr": ("Plus de carte piment", "Sans piment")}


def _played_to(tricks: int, first_play: bool) -> Any:
    """full-3p.json's first round played for ``tricks`` tricks (and the next trick's
    spicy card, if any, and first card with ``first_play``)."""
    record = load("fibonachos", "full-3p.json")
    flow = make_flow("fibonachos", PLAYERS, [], options={"dealer": record["rounds"][0]["dealer"]})
    keys = Keys("fibonachos")
    played = record["rounds"][0]["tricks"]
    for number, trick in enumerate(played[: tricks + first_play]):
        if trick["spicy"] is not None:
            flow.placed(keys.card(trick["spicy"], "spicy"))
        for text in trick["plays"][: 1 if number == tricks else None]:
            flow.placed(keys.card(text, "play"))
    return flow


def _drawn(status: TrickStatus, size: tuple[int, int], lang: str, large: bool) -> list[str]:
    with speaking(lang), recording_texts() as texts:
        render(present_trick(status, PLAYERS), size, large=large)
    return texts


@pytest.mark.parametrize("first_play", [False, True])
@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_trick_without_a_spicy_card_says_none_is_left(first_play: bool, lang: str) -> None:
    """F6: trick 16 of 3 players, before and after its first card, on the 128x64 and
    128x32 panels and in large type: no spicy card is at stake, and the screen says so."""
    status = _played_to(15, first_play).status()
    assert isinstance(status, TrickStatus) and status.trick == 16 and status.spicy_spent
    line, short = SAID[lang]
    assert line in _drawn(status, (128, 64), lang, large=False)
    for size, large in (((128, 32), False), ((128, 64), True), ((128, 32), True)):
        assert any(short in text for text in _drawn(status, size, lang, large)), (size, large)


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_trick_with_its_spicy_card_shows_the_card_not_none(lang: str) -> None:
    """F6: trick 15 carries the deck's last spicy card: the card is at stake."""
    status = _played_to(14, first_play=True).status()
    assert isinstance(status, TrickStatus) and status.spicy and not status.spicy_spent
    texts = " ".join(_drawn(status, (128, 64), lang, large=False))
    assert not any(said in texts for said in SAID[lang])
    assert ("at stake" if lang == "en" else "en jeu") in texts
