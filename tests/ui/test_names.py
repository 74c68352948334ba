"""Players' own names from the buttons (issue 12 section 3): the letter wheel, the names
played lately offered first, and the names kept with their games in the history."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from ui_keys import Finger

from companion.cli import main
from companion.daemon.runner import TableRunner
from companion.journal import Journal
from companion.session import Session, recent_names
from companion.ui import names
from companion.ui.app import UiApp
from companion.ui.commands import StartGame
from companion.ui.names import LIMIT, NamePicker, tidy
from companion.ui.pages import Go
from companion.ui.screens import render
from companion.ui.setup import DEFAULT_NAMES
from companion.views import MenuView, NameView

#: Given names of both languages the table speaks, short and long, with a hyphen and accents.
SAMPLE = ("Ana", "Ben", "Jo", "Marie", "Lucas", "Chloé", "Léa", "Thomas", "Jean-Luc", "Zoé")


def at_names(finger: Finger, players: str = "3 players") -> None:
    finger.choose("Fibonachos")
    finger.choose(players)


def to_wheel(finger: Finger, seat: int = 1) -> None:
    """From the names step: open the seat's list, then "New name"."""
    finger.choose(f"{seat}: Seat {seat}")
    finger.choose("New name")
    assert isinstance(finger.screen(), NameView)


def test_a_whole_name_is_typed_with_the_buttons_in_few_presses() -> None:
    """A name typed on the wheel lands in the start command, in a few presses a letter."""
    finger = Finger(UiApp())
    at_names(finger)
    to_wheel(finger)
    presses = finger.type_name("Ana")
    assert presses == 8  # DOWN DOWN SELECT, DOWN DOWN SELECT, SELECT, long SELECT
    names = finger.screen()
    assert isinstance(names, MenuView) and names.items[1] == "1: Ana"
    finger.choose("Done")
    finger.choose("Ana")  # the dealer
    finger.choose("Done")  # no variant
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame) and command.players == ("Ana", "Seat 2", "Seat 3")


def presses_for(names: tuple[str, ...]) -> int:
    total = 0
    for name in names:
        finger = Finger(UiApp())
        at_names(finger)
        to_wheel(finger)
        total += finger.type_name(name)
        assert finger.screen().items[1] == f"1: {name}"
    return total


def test_the_sample_names_take_about_three_presses_a_letter() -> None:
    """Measured: 145 presses for the 43 characters of SAMPLE (3.4 each, done included)."""
    letters = sum(len(name) for name in SAMPLE)
    assert presses_for(SAMPLE) / letters < 3.5


def test_the_wheels_order_beats_the_alphabet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most used letters first, back to the start after each: fewer presses than A-Z
    (measured: 171 presses for SAMPLE, 18% more)."""
    ours = presses_for(SAMPLE)
    monkeypatch.setattr(names, "FIRST", string.ascii_uppercase)
    monkeypatch.setattr(names, "LATER", string.ascii_lowercase + "éèçëïô")
    assert presses_for(SAMPLE) > ours * 1.15


def picker(**kwargs: object) -> tuple[NamePicker, list[str]]:
    done: list[str] = []

    def finish(name: str) -> Go:
        done.append(name)
        return Go()

    return NamePicker("Seat 1 name", done=finish, cancel=Go, **kwargs), done  # type: ignore[arg-type]


def test_back_erases_and_leaves_an_empty_name() -> None:
    """BACK erases the last letter; on an empty name it leaves the wheel unchanged."""
    page, done = picker(name="Ana")
    from companion.ui.keys import Key

    page.press(Key.BACK)
    assert page.view().name == "An"
    page.press(Key.BACK)
    page.press(Key.BACK)
    left = page.press(Key.BACK)
    assert page.view().name == "" and done == [] and left.page is None


def test_the_wheel_offers_capitals_to_start_a_word_and_stops_at_ten() -> None:
    from companion.ui.keys import Key

    page, done = picker()
    assert page.view().wheel[:3] == ("J", "M", "A")
    for _ in range(LIMIT):
        page.press(Key.SELECT)
    view = page.view()
    assert view.name == "J" + "a" * (LIMIT - 1)
    assert view.wheel[view.selected] == "OK"  # full: one SELECT is done
    page.press(Key.SELECT)
    assert done == ["J" + "a" * (LIMIT - 1)]


def test_another_seats_name_is_refused_with_a_note() -> None:
    from companion.ui.keys import Key

    page, done = picker(name="ana", taken=("Ana",))
    page.press(Key.LONG_SELECT)
    assert done == [] and page.view().note == "ana is taken"
    page.press(Key.BACK)
    assert page.view().note == ""


def test_a_long_press_turns_the_wheel_five_items() -> None:
    from companion.ui.keys import Key

    page, _ = picker()
    page.press(Key.LONG_DOWN)
    assert page.view().selected == 5
    page.press(Key.LONG_UP)
    page.press(Key.UP)
    assert page.view().wheel[page.view().selected] == "OK"  # done is one UP from the start


def test_a_name_is_tidied() -> None:
    assert tidy("Jean--Luc ") == "Jean-Luc" and tidy(" -") == ""


@pytest.mark.parametrize("size", [(128, 64), (128, 32)])
def test_the_wheel_screen_draws_on_both_panels(size: tuple[int, int]) -> None:
    page, _ = picker(name="Jean-Luc")
    image = render(page.view(), size)
    assert image.size == size and image.getbbox() is not None


def test_recent_names_come_first_and_replace_the_defaults() -> None:
    """Names played lately head the seat's list, newest first; no stock names then."""
    finger = Finger(UiApp(names=["Zoé", "Marc", "Seat 2"]))
    at_names(finger)
    finger.choose("1: Seat 1")
    assert finger.screen().items == ("Zoé", "Marc", "New name", "Seat 1")
    fresh = Finger(UiApp())
    at_names(fresh)
    fresh.choose("1: Seat 1")
    assert fresh.screen().items == (*DEFAULT_NAMES, "New name", "Seat 1")


def test_a_name_typed_for_one_game_is_offered_first_at_the_next() -> None:
    app = UiApp(names=["Marc"])
    finger = Finger(app)
    at_names(finger, "2 players")
    to_wheel(finger)
    finger.type_name("Léa")
    finger.choose("Done")
    finger.choose("Léa")
    finger.choose("Done")
    finger.press("SELECT")
    assert app.recent_names[:2] == ["Léa", "Marc"]


def test_the_names_are_kept_in_the_journal_and_the_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game started with typed names keeps them (the history shows them), and the
    next start offers them first (read from the journal by the session layer)."""
    path = tmp_path / "journal.db"
    journal = Journal.open(path)
    app = UiApp(names=recent_names(journal))
    runner = TableRunner(app, Session(journal, clock=lambda: 1.8e9))
    finger = Finger(app)
    at_names(finger, "2 players")
    to_wheel(finger, 1)
    finger.type_name("Chloé")
    finger.press("SELECT")  # seat 2's list
    finger.choose("New name")
    finger.type_name("Thomas")
    finger.choose("Done")
    finger.choose("Chloé")
    finger.choose("Done")
    for command in finger.press("SELECT"):
        runner.carry_out(command, finger.now)
    journal.close()
    assert main(["history", "--journal", str(path)]) == 0
    assert "Chloé, Thomas" in capsys.readouterr().out
    with Journal.open(path) as again:
        assert recent_names(again)[:2] == ["Chloé", "Thomas"]
        later = Finger(UiApp(names=recent_names(again)))
    at_names(later)
    later.choose("1: Seat 1")
    assert later.screen().items[:2] == ("Chloé", "Thomas")


def test_recent_names_leave_out_unnamed_seats_and_fixed_sides(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "journal.db") as journal:
        journal.start_game("fibonachos", ["Ana", "Seat 2", "Cy"], [], started=1.0)
        journal.start_game("hex-referee", ["Black", "White"], [], started=2.0)
        journal.start_game("trump", ["Cy", "Dee"], [], started=3.0)
        assert recent_names(journal) == ["Cy", "Dee", "Ana"]
