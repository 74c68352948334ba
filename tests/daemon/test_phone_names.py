"""The players' page before and during a game, from the daemon (issue 15): the set-up
link the attract screen shows opens a page that waits for the game and takes names;
the game started keeps that link; names typed on a phone reach the game, the journal
(the history) only once the table pressed SELECT."""

from __future__ import annotations

from pathlib import Path

from daemon_harness import ManualClock, make_daemon

from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.journal import Journal
from companion.ui.phone import NamesOffer
from hardware.buttons import Button, ButtonEvent, PressKind


def test_the_set_up_link_follows_into_the_game_and_names_wait_for_a_press(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.db"
    clock = ManualClock()
    daemon = make_daemon(path, [], clock=clock)
    board = Board("t1", str(path))
    phone = Phone(daemon.facade, board)
    phone.base = "http://pi:8088"
    phone.turn(clock(), True)
    game, token, view = board.current()
    assert game is None and token and view is not None and view.waiting
    assert daemon.app.link == f"http://pi:8088/t/t1?k={token}"  # what the OLED draws
    waiting = board.lookup("t1", token)
    assert waiting is not None and waiting.live and waiting.view.players == ()

    # Names typed before the game: offered to the OLED, taken by SELECT, kept for the game.
    assert board.offer_names("t1", token, ["Zoé", "Yann", "Xavier"])
    assert not board.offer_names("t1", "wrong", ["A"])
    # Issue 22: the names the cafe's server would refuse are refused here too.
    for bad in ("Ana\x00", "Ben\x1b[2J", "Cy\ud800", "Z" * 21):
        assert not board.offer_names("t1", token, [bad, "Yann"]), bad
    phone.turn(clock(), False)
    assert isinstance(daemon.app.page, NamesOffer)
    daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    assert daemon.app.wizard.preset_names == ("Zoé", "Yann", "Xavier")

    daemon.start_game("fibonachos", 3, [], {})  # (the menus would start it with them)
    phone.turn(clock(), True)
    game, kept, _ = board.current()
    assert game is not None and kept == token  # the same link: the phones follow
    assert Journal.read(path).links()[game] == token

    # In the game: nothing changes until the press; BACK declines.
    before = Journal.read(path).game(game).players
    assert board.offer_names("t1", token, ["Ana", "Ben", "Cy"])
    phone.turn(clock(), False)
    assert daemon.app.players == before and Journal.read(path).game(game).players == before
    daemon.runner.press(ButtonEvent(Button.BACK, PressKind.PRESS, clock()))
    assert daemon.app.players == before
    assert board.offer_names("t1", token, ["Zoé", "Yann", "Xavier"])
    phone.turn(clock(), False)
    daemon.runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, clock()))
    assert daemon.app.players == ("Zoé", "Yann", "Xavier")
    assert Journal.read(path).game(game).players == ("Zoé", "Yann", "Xavier")
    daemon.links.close()


def test_the_page_speaks_the_language_the_table_speaks_now(tmp_path: Path) -> None:
    """Issues 12 and 15: the page follows the table's language, also when the start
    menu's Language entry changes it while the daemon runs (it kept the one of start)."""
    path = tmp_path / "journal.db"
    clock = ManualClock()
    daemon = make_daemon(path, [], clock=clock)
    board = Board("t1", str(path), "en")
    phone = Phone(daemon.facade, board)
    phone.turn(clock(), True)
    _, token, _ = board.current()
    assert token is not None
    opened = board.lookup("t1", token)
    assert opened is not None and opened.lang == "en"
    try:
        daemon.app.set_language("fr")
        phone.turn(clock(), False)
        opened = board.lookup("t1", token)
        assert opened is not None and opened.lang == "fr"
    finally:
        daemon.app.set_language("en")
        daemon.links.close()
