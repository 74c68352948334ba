"""The interface driving a real session and the Fibonachos flow, by buttons alone."""

from __future__ import annotations

from pathlib import Path

from ui_keys import Finger

from companion.daemon.runner import TableRunner
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced
from companion.ui.app import UiApp
from companion.ui.commands import StartGame
from companion.ui.overlays import INFO_SECONDS
from companion.views import IdleView, MenuView, MessageView, TrickView


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def card(notation: str, zone: str = "play") -> TableCard:
    return TableCard(f"fibonachos/1/{notation}", "fibonachos", notation, zone)


class RunnerFinger(Finger):
    def __init__(self, runner: TableRunner) -> None:
        super().__init__(runner.app)
        self.runner = runner

    def press(self, *names: str, long: bool = False) -> list:  # type: ignore[type-arg]
        commands = []
        for name in names:
            commands += self.runner.press(self.event(name, long=long))
        return commands


def runner_at_table(tmp_path: Path) -> tuple[TableRunner, RunnerFinger]:
    session = Session(Journal.open(tmp_path / "j.db"), clock=Clock())
    runner = TableRunner(UiApp(), session)
    finger = RunnerFinger(runner)
    finger.choose("Fibonachos")
    finger.choose("3 players")
    finger.choose("Done")
    finger.choose("Seat 3")  # dealer: Seat 1 leads
    finger.choose("Done")
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame)
    return runner, finger


def first_play(runner: TableRunner, finger: RunnerFinger) -> None:
    """The spicy card S3 revealed, then Seat 1 plays R13."""
    runner.table(CardPlaced(card("S3#1", "spicy")), finger.now)
    runner.table(CardPlaced(card("R13#1")), finger.now)


def test_buttons_start_a_real_game_and_the_table_plays_it(tmp_path: Path) -> None:
    """F6 then F3/F4: the spicy card, then plays in seat order from the leader."""
    runner, finger = runner_at_table(tmp_path)
    view = finger.screen()
    assert isinstance(view, TrickView) and view.waiting_for == "spicy card"
    first_play(runner, finger)
    view = finger.screen()
    assert isinstance(view, TrickView)
    assert view.spicy == "Spicy 3" and [p.card for p in view.plays] == ["Red 13"]


def test_a_misread_card_is_corrected_from_the_menu(tmp_path: Path) -> None:
    runner, finger = runner_at_table(tmp_path)
    first_play(runner, finger)
    finger.press("BACK")
    finger.choose("Correct a card")
    finger.choose("Red 13")
    finger.choose("Green")
    finger.choose("Green 12")
    assert finger.screen().lines == ("Red 13 is now Green 12.",)  # a note, for a moment
    view = finger.app.screen(finger.now + INFO_SECONDS)
    assert isinstance(view, TrickView) and [p.card for p in view.plays] == ["Green 12"]


def test_correcting_a_card_to_its_own_face_records_nothing(tmp_path: Path) -> None:
    """The face list opens on the card as read: SELECT there changes nothing, says no
    "Red 13 is now Red 13.", and "Undo last" still takes back the last card (F4)."""
    runner, finger = runner_at_table(tmp_path)
    first_play(runner, finger)
    finger.press("BACK")
    finger.choose("Correct a card")
    finger.choose("Red 13")
    finger.press("SELECT")  # the group: Red, as read
    assert finger.screen().items[finger.screen().selected] == "Red 13"
    assert finger.press("SELECT") == []  # the face: Red 13, as read
    view = finger.screen()
    assert isinstance(view, TrickView) and [p.card for p in view.plays] == ["Red 13"]
    finger.press("BACK")
    finger.choose("Undo last")
    view = finger.app.screen(finger.now + INFO_SECONDS)
    assert isinstance(view, TrickView) and view.plays == ()


def test_undo_from_the_menu_takes_the_play_back(tmp_path: Path) -> None:
    runner, finger = runner_at_table(tmp_path)
    first_play(runner, finger)
    finger.press("BACK")
    finger.choose("Undo last")
    view = finger.app.screen(finger.now + INFO_SECONDS)
    assert isinstance(view, TrickView) and view.plays == ()


def open_corrections(finger: RunnerFinger) -> tuple[str, ...]:
    """The correction list the menu offers now (any note on screen dismissed first)."""
    finger.now += INFO_SECONDS
    finger.press("BACK")
    finger.choose("Correct a card")
    items: tuple[str, ...] = finger.screen().items
    finger.press("BACK", "BACK")
    return items


def test_an_undone_card_is_not_offered_for_correction(tmp_path: Path) -> None:
    """Issue 10 item 1: after "undone: R13" the list offers what is on record, not R13
    (named as printed, issue 12: no notation, no use a face already says)."""
    runner, finger = runner_at_table(tmp_path)
    first_play(runner, finger)
    assert open_corrections(finger) == ("Red 13", "Spicy 3")
    finger.press("BACK")
    finger.choose("Undo last")
    assert open_corrections(finger) == ("Spicy 3",)


def test_a_refused_correction_leaves_the_list_as_it_was(tmp_path: Path) -> None:
    """Issue 10 item 1: G2 corrected to R13 (already in the trick) is refused, and the
    list still offers G2 as read, the trick unchanged."""
    runner, finger = runner_at_table(tmp_path)
    first_play(runner, finger)
    runner.table(CardPlaced(card("G2#1")), finger.now)
    finger.press("BACK")
    finger.choose("Correct a card")
    finger.choose("Green 2")
    finger.choose("Red")
    finger.choose("Red 13")
    refusal = finger.screen()
    assert isinstance(refusal, MessageView) and refusal.title == "Correct a card"
    assert refusal.lines == ("Red 13 cannot stand for Green 2 here.",)
    finger.press("SELECT")
    assert open_corrections(finger) == ("Green 2", "Red 13", "Spicy 3")
    view = finger.screen()
    assert isinstance(view, TrickView) and [p.card for p in view.plays] == ["Red 13", "Green 2"]


def test_ending_the_game_from_the_menu_closes_it_in_the_journal(tmp_path: Path) -> None:
    runner, finger = runner_at_table(tmp_path)
    finger.press("BACK")
    finger.choose("End game")
    finger.press("SELECT")
    assert runner.session.flow is None
    assert runner.session.journal.unfinished() is None
    assert finger.screen().title == "No winner"  # F8: ended in round 1, until a key
    finger.press("SELECT")
    assert isinstance(finger.screen(), MenuView)


def test_a_game_without_a_flow_yet_goes_back_to_the_start(tmp_path: Path) -> None:
    session = Session(Journal.open(tmp_path / "j.db"), clock=Clock())
    runner = TableRunner(UiApp(), session)
    finger = RunnerFinger(runner)
    finger.app.start_failed("x", finger.now)
    finger.press("SELECT")
    assert isinstance(finger.screen(), MenuView | IdleView)
