"""Long UP in a game (issue 25, docs/ui.md "The buttons"): with speech on it says the
last announcement again; with speech off it keeps its meaning in the game, the scores
in a trick game and the previous seat in rummy."""

from __future__ import annotations

from ui_keys import Finger

from companion.flows.commands import Page
from companion.flows.status import RummyStatus, TrickStatus
from companion.ui.app import UiApp
from companion.ui.commands import Flow, SayAgain
from companion.views import ScoresView

NAMES = ("Ana", "Ben", "Cy")


def in_game(game: str, *, speech: bool) -> Finger:
    app = UiApp()
    app.repeats = speech  # what a voice listening on the table's facade sets
    app.game_started(game, NAMES)
    if game == "fibonachos":
        app.flow_status(TrickStatus("fibonachos", 1, 2, 0, totals=(0, 0, 0), points=(3, 0, 0)))
    else:
        app.flow_status(RummyStatus("rummy21", 1, 0, (), totals=(0, 0, 0)))
    return Finger(app)


def test_speech_off_long_up_shows_the_scores_in_a_trick_game() -> None:
    """Issue 25: speech off, long UP in Fibonachos is UP: the scores, nothing to repeat."""
    finger = in_game("fibonachos", speech=False)
    assert finger.hold("UP") == []
    assert isinstance(finger.screen(), ScoresView)


def test_speech_off_long_up_pages_back_in_rummy() -> None:
    """Issue 25: speech off, long UP in rummy is UP: the previous seat's sets."""
    finger = in_game("rummy21", speech=False)
    assert finger.hold("UP") == [Flow(Page(-1))]


def test_speech_on_long_up_says_it_again_in_every_card_game() -> None:
    """Issue 25 §2: speech on, long UP asks for the last announcement again, and the
    screen stays on the game."""
    for game in ("fibonachos", "rummy21"):
        finger = in_game(game, speech=True)
        assert finger.hold("UP") == [SayAgain()]
        assert not isinstance(finger.screen(), ScoresView)
    assert in_game("rummy21", speech=True).press("UP") == [Flow(Page(-1))]  # short UP
