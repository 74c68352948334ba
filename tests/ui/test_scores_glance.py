"""Scores at a glance (issue 12 section 4): the running tally mid-round by a button, the
last round's table between rounds, "press any key" where a scores screen waits."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_runner import card, runner_at_table
from ui_keys import Finger

from companion.flows.base import Notice, NoticeKind
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus, Scores, TrickStatus
from companion.table.events import CardPlaced
from companion.ui.app import UiApp
from companion.views import MenuView, MessageView, ScoresView

NAMES = ("Ana", "Ben", "Cy")


def in_game(game: str = "fibonachos") -> Finger:
    app = UiApp()
    app.game_started(game, NAMES)
    return Finger(app)


def test_select_mid_round_shows_the_round_so_far_and_the_totals() -> None:
    finger = in_game()
    finger.app.flow_status(
        TrickStatus("fibonachos", 2, 6, 0, totals=(21, 13, 8), points=(5, 3, 5), taken=(3, 2, 0))
    )
    finger.press("SELECT")
    shown = finger.screen()
    assert isinstance(shown, ScoresView)
    assert (shown.title, shown.heads) == ("Round 2", ("now", "tot"))
    assert shown.points == (5, 3, 5) and shown.totals == (26, 16, 13)
    assert shown.leaders == (0,) and shown.hint == "press any key"
    finger.press("DOWN")  # any key: back to the game
    assert not isinstance(finger.screen(), ScoresView)


def test_between_rounds_the_last_rounds_table_comes_back() -> None:
    """After a round, before the next one's first trick, SELECT shows that round's points."""
    finger = in_game()
    done = Scores("fibonachos", 1, (8, 0, 13), (8, 0, 13), (2,))
    finger.app.notices([Notice(NoticeKind.ROUND_OVER, "round 1", detail=done)], finger.now)
    finger.press("SELECT")  # the round's scores go
    finger.app.flow_status(TrickStatus("fibonachos", 2, 1, 1, totals=(8, 0, 13)))
    finger.press("SELECT")
    shown = finger.screen()
    assert isinstance(shown, ScoresView) and shown.title == "Round 1"
    assert shown.points == (8, 0, 13) and shown.heads == ("pts", "tot")


def test_a_resumed_rummy_game_shows_its_totals() -> None:
    """R7: rummy scores at the round's end; mid-round (after a restart) the totals."""
    finger = in_game("rummy21")
    finger.app.flow_status(RummyStatus("rummy21", 3, 0, (), totals=(140, -20, 35)))
    finger.press("BACK")  # the in-game menu offers the scores
    menu = finger.screen()
    assert isinstance(menu, MenuView) and "Scores" in menu.items
    finger.choose("Scores")
    shown = finger.screen()
    assert isinstance(shown, ScoresView) and shown.title == "Totals"
    assert shown.points == (140, -20, 35) and shown.totals is None


@pytest.mark.parametrize("game", ["fibonachos", "trump"])
def test_select_before_the_first_card_shows_the_round_now_at_nothing(game: str) -> None:
    """F7, T5 (docs/ui.md, "The scores"): SELECT as round 1 starts, before its first card
    (the spicy card, the indicators), shows the round "now" as it stands, 0 each, not a
    note that no round has ended; the flow's own status."""
    finger = in_game(game)
    options = {"dealer": 2} if game == "fibonachos" else {}
    finger.app.flow_status(make_flow(game, list(NAMES), [], options=options).status())
    finger.press("SELECT")
    shown = finger.screen()
    assert isinstance(shown, ScoresView), shown
    assert (shown.title, shown.heads) == ("Round 1", ("now", "tot"))
    assert shown.points == (0, 0, 0) and shown.totals == (0, 0, 0)


def test_before_any_score_a_note_says_so() -> None:
    """R7: rummy's rounds score at their end: in the first round, a note says none has."""
    finger = in_game("rummy21")
    finger.app.flow_status(RummyStatus("rummy21", 1, 0, (), totals=(0, 0, 0)))
    finger.press("SELECT")
    assert isinstance(finger.screen(), MessageView)


def test_a_trick_taken_counts_at_once(tmp_path: Path) -> None:
    """F7 through the real flow: Seat 1 wins trick 1 and its spicy S3 (3 scores 5, F7),
    and the others, with none yet, would score the best (5) were the round over now."""
    runner, finger = runner_at_table(tmp_path)
    for notation, zone in (("S3#1", "spicy"), ("R13#1", "play"), ("G2#1", "play")):
        runner.table(CardPlaced(card(notation, zone)), finger.now)
    runner.table(CardPlaced(card("Y16#1")), finger.now)
    finger.app.tick(finger.now + 5)  # the trick's winner goes
    finger.now += 5
    finger.press("SELECT")
    shown = finger.screen()
    assert isinstance(shown, ScoresView)
    assert shown.points == (5, 5, 5) and shown.totals == (5, 5, 5)
