"""Issue 26 item 2: the pages of "Set up the table", driven by the buttons."""

from __future__ import annotations

from ui_keys import Finger

from companion.config import KioskSection
from companion.table.layout import rummy_layout
from companion.table.markers import SeatProblem, SeatReading
from companion.ui.app import UiApp
from companion.ui.commands import SetUpTable
from companion.views import MenuView, MessageView
from companion.views.i18n import speaking


def _looking(finger: Finger, players: str) -> list[object]:
    finger.choose("Set up the table")
    finger.choose(players)
    return list(finger.press("SELECT"))


def test_select_asks_the_daemon_for_the_seats_of_the_players_chosen() -> None:
    """Issue 26: the command carries the number of players; the screen waits."""
    finger = Finger(UiApp())
    assert _looking(finger, "3 players") == [SetUpTable(3)]
    view = finger.screen()
    assert isinstance(view, MessageView) and view.lines == ("Looking at the table...",)


def test_an_answer_after_back_shows_nothing() -> None:
    """Issue 26: a set-up given up with BACK stays given up when the answer comes."""
    finger = Finger(UiApp())
    _looking(finger, "2 players")
    finger.press("BACK")
    finger.app.table_set_up(SeatReading(rummy_layout(2), count=2))
    view = finger.screen()
    assert isinstance(view, MenuView) and view.title == "Start"


def test_a_layout_that_cannot_be_written_says_so_and_select_looks_again() -> None:
    """Issue 26: a full or read-only memory card is said, never a traceback."""
    finger = Finger(UiApp())
    _looking(finger, "2 players")
    finger.app.table_set_up(SeatReading(rummy_layout(2), count=2), saved=False)
    view = finger.screen()
    assert isinstance(view, MessageView)
    assert view.lines == ("The table could not be saved: the memory card is full or read-only",)
    assert finger.press("SELECT") == [SetUpTable(2)]


def test_the_seats_are_said_by_their_sides_in_french() -> None:
    """Issue 26 (docs/ui.md "Languages"): the sides in the table's language."""
    with speaking("fr"):
        finger = Finger(UiApp())
        finger.choose("Régler la table")
        finger.choose("2 joueurs")
        finger.press("SELECT")
        finger.app.table_set_up(SeatReading(rummy_layout(2), count=2))
        view = finger.screen()
    assert isinstance(view, MessageView)
    assert view.title == "2 places trouvées"
    assert view.lines == ("Joueur 1\u00a0: en bas", "Joueur 2\u00a0: en haut")


def test_a_problem_is_one_sentence_of_what_to_change() -> None:
    """Issue 26: "Only 2 SEAT cards seen: lay one in front of each player"."""
    finger = Finger(UiApp())
    _looking(finger, "4 players")
    finger.app.table_set_up(SeatReading(None, SeatProblem.TWICE, seat=1))
    view = finger.screen()
    assert isinstance(view, MessageView)
    assert view.lines == ("SEAT 2 seen twice: lay one card per player",)
    finger.press("BACK")
    assert isinstance(finger.screen(), MenuView)


def test_a_kiosk_offers_the_set_up_to_staff_only() -> None:
    """Issue 26: a cafe's seats are set up by its staff, not by any guest."""
    app = UiApp(kiosk=KioskSection(enabled=True))
    guest = app.start_page().view()
    assert isinstance(guest, MenuView) and "Set up the table" not in guest.items
    app.staff_unlocked(0.0)
    staff = app.start_page().view()
    assert isinstance(staff, MenuView) and "Set up the table" in staff.items
