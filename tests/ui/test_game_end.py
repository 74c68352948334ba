"""Every ending shows the final scores (issues 10 and 12): through the real runner,
session and journal, by the buttons, in English and in French.

R9 sets the rummy games no end: the table ends the match (the in-game menu's End
game), won by the highest total of the rounds scored (R7). A trick game ended before
its end (F8, T7) has no winner. What the screen says is what the journal keeps and
what ``companion history`` prints.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from loose import loose
from test_french_table import EXAMPLES, Clock, TableHand, play_rummy, start

from companion.cli import main
from companion.daemon.runner import TableRunner
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced
from companion.ui.app import UiApp
from companion.ui.commands import StaffAction
from companion.views import IdleView, MenuView, ScoresView
from companion.views.i18n import _, speaking
from companion.views.present import game_label


def table(tmp_path: Path, language: str, *, kiosk: bool = False) -> tuple[TableHand, Journal]:
    from companion.config import KioskSection

    journal = Journal.open(tmp_path / "j.db")
    section = KioskSection(enabled=kiosk)
    runner = TableRunner(UiApp(language=language, kiosk=section), Session(journal, clock=Clock()))
    return TableHand(runner, []), journal


def history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main(["history", "--json", "--journal", str(tmp_path / "j.db")]) == 0
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert isinstance(row, dict)
    return row


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_rummy_match_ended_from_the_menu_shows_who_won(
    tmp_path: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """R9, R7: three rounds scored, End game: the final totals with the highest starred
    and named, "press any key"; a key: the start menu. The journal's winners and the
    history's agree with the screen."""
    hand, journal = table(tmp_path, language)
    with speaking(language):
        start(hand, game_label("rummy21"), 3)
        record = json.loads((EXAMPLES / "rummy21-full.json").read_text())
        play_rummy(hand, record)
        hand.menu(_("End game"))
        hand.press("SELECT")  # yes
        shown = hand.screen()
        assert isinstance(shown, ScoresView), shown
        assert shown.title == _("Final scores")
        assert shown.hint == _("press any key")
        (won,) = shown.leaders
        assert shown.footer == _("{name} won").format(name=shown.players[won])
        assert shown.points[won] == max(shown.points)
        hand.press("DOWN")  # any key
        menu = hand.screen()
        assert isinstance(menu, MenuView) and _("Resume the game") not in menu.items
    (game,) = journal.games()
    assert game.result is not None and game.result.reason == "abandoned"
    assert game.result.winners == (won,)
    assert list(shown.points) == loose(game.result.to_json())["score"]["totals"]
    row = history(tmp_path, capsys)
    assert row["winners"] == [game.players[won]] and row["state"] == "abandoned"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_trick_game_ended_mid_game_shows_no_winner(
    tmp_path: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """F8: a Fibonachos match ends after three rounds; ended in round 1 from the menu
    nobody has won: the totals so far, no star, "No winner"; the history names none."""
    hand, journal = table(tmp_path, language)
    with speaking(language):
        start(hand, game_label("fibonachos"), 3)
        hand.table(CardPlaced(TableCard("fibonachos/S3#1", "fibonachos", "S3#1", "spicy")))
        hand.menu(_("End game"))
        hand.press("SELECT")
        shown = hand.screen()
        assert isinstance(shown, ScoresView), shown
        assert shown.title == _("No winner") and shown.leaders == ()
        assert shown.hint == _("press any key")
        hand.press("SELECT")
        assert isinstance(hand.screen(), MenuView)
    (game,) = journal.games()
    assert game.result is not None and game.result.winners == ()
    assert history(tmp_path, capsys)["winners"] == []


def test_a_staff_reset_puts_the_result_on_the_attract_screen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cafe's reset (CAFE_CONTRACT: end the game, reason "staff", the attract
    screen): nobody may be at the table to press a key, so no waiting screen; the
    attract screen's result names the winner the journal keeps (R9)."""
    hand, journal = table(tmp_path, "en", kiosk=True)
    hand.press("SELECT")
    start(hand, "Rummy 21", 3)
    play_rummy(hand, json.loads((EXAMPLES / "rummy21-full.json").read_text()))
    runner = hand.runner
    go = runner.app.staff_action(StaffAction("end-game"))
    runner.app.page = go.page or runner.app.page
    for command in go.commands:
        runner.carry_out(command, hand.now)
    attract = hand.app.screen((hand.now // 8 + 1) * 8)  # the result's turn (4 s each)
    assert isinstance(attract, IdleView), attract
    (game,) = journal.games()
    assert game.result is not None and game.result.reason == "staff"
    (won,) = game.result.winners
    total = loose(game.result.to_json())["score"]["totals"][won]
    wins = "{name} wins, {total}".format(name=game.players[won] or f"Seat {won + 1}", total=total)
    assert attract.last_result == ("Rummy 21", wins)
    assert history(tmp_path, capsys)["winners"] == [game.players[won]]
