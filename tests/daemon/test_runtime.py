"""The daemon's loop over fakes: a game read from the table, the screen, buttons, control cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from daemon_harness import (
    ManualClock,
    control,
    fibonachos_steps,
    load_record,
    make_daemon,
    run_until_end,
)
from loose import loose

from companion.config import KioskSection
from companion.daemon.notify import Notifier
from companion.games.scoring import score_record
from companion.table.cards import TableCard
from companion.table.tracker import CardPlaced, DuplicateCard, TableEvent
from companion.views import MessageView
from hardware.buttons import Button
from hardware.display_fake import FakeDisplay


def test_a_scripted_game_read_from_the_table_scores_as_its_record(tmp_path: Path) -> None:
    """Issue 6 s1: camera events -> flow -> engine -> journal; the record scores like the file."""
    record = load_record("fibonachos", "short.json")
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", fibonachos_steps(record), clock=clock)
    daemon.start_game("fibonachos", 3, [], {"dealer": record["rounds"][0].get("dealer", 2)})
    run_until_end(daemon, clock)
    flow = daemon.session.flow
    assert flow is not None
    assert flow.report() == score_record(record)
    # The journal holds every input: a fresh session resumes to the same record.
    again = make_daemon(tmp_path / "j.db", [], clock=clock)
    assert again.session.flow is not None
    assert again.session.flow.record() == flow.record()


def test_the_screen_is_shown_only_when_it_changes(tmp_path: Path) -> None:
    clock = ManualClock()
    display = FakeDisplay()
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock, display=lambda: display)
    daemon.start()
    for _ in range(5):
        daemon.step()
    assert len(display.images) == 1


def test_control_cards_undo_and_open_the_start_menu(tmp_path: Path) -> None:
    """Issue 3 s1 control cards: UNDO takes back the last play; NEW-GAME opens the start menu."""
    record = load_record("fibonachos", "short.json")
    steps: list[list[TableEvent]] = [*fibonachos_steps(record)[:3], [CardPlaced(control("UNDO"))]]
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", steps, clock=clock)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    run_until_end(daemon, clock)
    flow = daemon.session.flow
    assert flow is not None
    plays = loose(flow.record())["rounds"][0]["tricks"][0]["plays"]
    assert len(plays) == 1  # two plays, then UNDO took the second back
    daemon.table_event(CardPlaced(control("NEW-GAME")), clock())
    view = daemon.app.page.view()  # under the "undone" note, shown for a moment
    assert "Resume" in " ".join(getattr(view, "items", ()))


def test_a_duplicate_code_is_shown_briefly_and_logged(tmp_path: Path, caplog) -> None:  # type: ignore[no-untyped-def]
    """Issue 4 s2: one identity in two places is flagged, never played."""
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.table_event(DuplicateCard("fibonachos/1/R13", ((0.2, 0.2), (0.6, 0.6))), clock())
    view = daemon.app.screen(clock())
    assert isinstance(view, MessageView) and view.title == "Card seen twice"
    assert view.lines == ("Red 13 is already on the table: take the copy away.",)
    assert "seen in 2 places" in caplog.text
    clock.advance(60)
    assert not isinstance(daemon.app.screen(clock()), MessageView)


def test_buttons_reach_the_interface(tmp_path: Path) -> None:
    """Issue 5 s3: the start menu is worked with the buttons alone through the loop."""
    clock = ManualClock()
    from hardware.buttons_fake import FakeButtons

    buttons = FakeButtons(clock)
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock, buttons=lambda: buttons)
    daemon.start()
    before = daemon.app.screen(clock())
    buttons.press(Button.DOWN)
    daemon.step()
    after = daemon.app.screen(clock())
    assert before != after


def test_a_kiosk_left_idle_saves_the_game_and_shows_the_attract_screen(tmp_path: Path) -> None:
    """Issue 6 s4: idle_minutes without input ends the game (kept in the history)."""
    clock = ManualClock()
    kiosk = KioskSection(enabled=True, idle_minutes=1.0)
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock, kiosk=kiosk)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    card = TableCard("fibonachos/1/S3#1", "fibonachos", "S3", "spicy")
    daemon.table_event(CardPlaced(card), clock())
    clock.advance(61)
    daemon.step()
    assert daemon.session.flow is None
    games = daemon.session.journal.games()
    assert games[-1].ended is not None and games[-1].result is not None
    assert games[-1].result.reason == "idle"
    assert type(daemon.app.screen(clock())).__name__ == "IdleView"


def test_a_staff_card_opens_the_staff_actions_and_reset_ends_the_game(tmp_path: Path) -> None:
    """Issue 6 s4: only a (signed) staff card resets a table."""
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock, kiosk=KioskSection(enabled=True))
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    assert not daemon.app.staff_open()
    daemon.table_event(CardPlaced(control("STAFF-RESET")), clock())
    assert daemon.app.staff_open()
    assert daemon.session.flow is None
    assert daemon.session.journal.games()[-1].result.reason == "staff"


def test_the_status_line_says_what_the_table_waits_for(tmp_path: Path) -> None:
    """Issue 9: the systemd STATUS words the flow's facts through the views (F6, F8)."""
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock)

    def waiting() -> str:
        return daemon.status_line().split(";")[0]  # the links' state follows

    assert waiting() == "idle"
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    assert waiting() == "playing fibonachos: spicy card"
    spicy = TableCard("fibonachos/1/S3#1", "fibonachos", "S3#1", "spicy")
    daemon.table_event(CardPlaced(spicy), clock())
    assert waiting() == "playing fibonachos: Ana to play"


class Listening(Notifier):
    """A notifier systemd listens to, keeping the STATUS lines it was given."""

    def __init__(self) -> None:
        super().__init__({})
        self.sent: list[str] = []

    @property
    def enabled(self) -> bool:
        return True

    def status(self, text: str) -> bool:
        self.sent.append(text)
        return True


def test_the_status_line_is_sent_when_it_changes_and_made_only_for_systemd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9, issue 20: systemd gets a STATUS line each time the table's changes, not
    every frame; with no systemd listening (a replay, the demo) none is made at all."""
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", [], clock=clock)
    daemon.notifier = listening = Listening()
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.step()
    daemon.step()
    assert listening.sent == ["playing fibonachos: spicy card"]
    spicy = TableCard("fibonachos/1/S3#1", "fibonachos", "S3#1", "spicy")
    daemon.table_event(CardPlaced(spicy), clock())
    daemon.step()
    assert listening.sent[1:] == ["playing fibonachos: Ana to play"]

    quiet = make_daemon(tmp_path / "q.db", [], clock=clock)

    def unwanted() -> str:
        raise AssertionError("a status line made with nobody to send it to")

    monkeypatch.setattr(quiet, "status_line", unwanted)
    quiet.start_game("fibonachos", 3, [], {"dealer": 2})
    quiet.step()
