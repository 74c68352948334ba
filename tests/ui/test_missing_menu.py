"""Issue 10 item 4 at the OLED: a trick cleared too soon asks for its card by name.

The game screen names whose card is missing; SELECT opens the menu of the choices
the rules leave (the cards seen first); choosing one gives the flow a Missing
command. The notice is a passing alert, so it never eats a press.
"""

from __future__ import annotations

from ui_keys import Finger

from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import Missing
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, MissingCard, Played, TrickStatus
from companion.ui.app import UiApp
from companion.ui.commands import Flow
from companion.ui.screens import render
from companion.views import MenuView, MessageView, TrickView, waiting_line

WANTED = MissingCard(2, 4, ("Y7", "R1", "R2", "Y1"), ("Y7",))
STATUS = TrickStatus(
    "fibonachos",
    1,
    4,
    2,
    plays=(Played(0, "R16"), Played(1, "G16")),
    awaiting=Awaiting.MISSING_CARD,
    missing=WANTED,
)


def in_game() -> Finger:
    """A Fibonachos game of three unnamed seats on the game screen."""
    app = UiApp(now=1000.0)
    app.game_started("fibonachos", ("", "", ""))
    return Finger(app)


def waiting() -> Finger:
    finger = in_game()
    said = Said(Say.CARD_MISSING, seat=2, number=4)
    notice = Notice(NoticeKind.INFO, "trick 4 was cleared", seat=2, detail=WANTED, said=said)
    finger.app.notices([notice], finger.now)
    finger.app.flow_status(STATUS)
    return finger


def test_the_screen_names_whose_card_is_missing() -> None:
    finger = waiting()
    alert = finger.screen()
    assert isinstance(alert, MessageView) and alert.title == "Card missing"
    assert alert.lines == ("Trick 4 was cleared,", "Seat 3's card is missing")
    finger.app.tick(finger.now + 10.0)  # a passing alert; the game screen asks on
    shown = finger.app.screen(finger.now + 10.0)
    assert isinstance(shown, TrickView) and shown.missing == "Seat 3"  # "Missing card of"
    assert shown.waiting_for == ""
    for size in ((128, 64), (128, 32)):
        assert render(shown, size).size == size
    assert waiting_line(STATUS, ["Ana", "Ben", "Cy"]) == "Cy's card of trick 4 is missing"


def test_select_opens_the_choices_the_seen_card_first() -> None:
    finger = waiting()
    assert finger.press("SELECT") == []  # the alert passes with the press...
    menu = finger.screen()
    assert isinstance(menu, MenuView)  # ...which opened the menu
    assert menu.title == "Card missing"  # whose: the game screen, a name may fill a row
    assert menu.items == ("Yellow 7 (seen)", "Red", "Yellow")  # as printed (issue 12)
    assert finger.press("SELECT") == [Flow(Missing(2, "Y7"))]


def test_a_face_chosen_by_its_suit() -> None:
    finger = waiting()
    finger.press("SELECT")
    finger.choose("Yellow")
    faces = finger.screen()
    assert isinstance(faces, MenuView) and faces.items == ("Yellow 1", "Yellow 7")
    assert finger.press("SELECT") == [Flow(Missing(2, "Y1"))]


def test_without_a_missing_card_select_shows_the_scores() -> None:
    finger = in_game()
    finger.app.flow_status(TrickStatus("fibonachos", 1, 1, 0))
    finger.press("SELECT")
    assert not isinstance(finger.screen(), MenuView)
