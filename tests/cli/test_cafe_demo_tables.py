"""Issue 26 item 5: the tables of ``companion demo --cafe`` play a game each, as the cafe
would see it: Fibonachos, a rummy match (its OLED presses included) and Trump, each
read by the daemon's loop into the very record its synthetic game plays; and the hex
game, refereed by the camera from a scripted board whose every position is a legal
turn (H2, H3), game after game."""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli.cafe_demo import PLANS
from companion.cli.cafe_demo_tables import (
    DemoTable,
    PacedCamera,
    SyntheticTable,
    TablePlan,
)
from companion.flows.base import Notice, NoticeKind
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import SPEC as HEX
from companion.games.hex import START, HexReport, opening_allowance
from companion.games.json_types import list_field
from companion.games.rummy.deck import DECK_21
from companion.games.scoring import score_record
from companion.journal import GameEntry
from companion.synthetic import hex_play
from companion.synthetic.table_events import scripted_game, with_phone_entry
from companion.table.hex_events import BoardSeen

#: Frames at the most a test plays (Trump's whole game is some 30,000: its first rounds do).
FRAMES = 3000
#: The hex table's plan, and the card tables'.
HEX_PLAN = next(plan for plan in PLANS if plan.game == HEX.name)
CARD_PLANS = [plan for plan in PLANS if plan.game != HEX.name]


def _faces(rounds: Any) -> str:
    """Rounds without serials: the record names a card's copy, the engine's does not."""
    return re.sub(r"#[0-9]+", "", json.dumps(rounds, sort_keys=True))


def _rounds(record: Mapping[str, Any]) -> list[Any]:
    return list(record["rounds"])


def test_the_four_tables_play_four_different_games() -> None:
    """A cafe plays more than one game: each demo table plays its own (issue 26 item 5),
    the hex game among them, refereed by the camera."""
    assert len({plan.game for plan in PLANS}) == len(PLANS) == 4
    assert HEX_PLAN.options == {"mode": "camera"}


@pytest.mark.slow
@pytest.mark.parametrize("plan", CARD_PLANS, ids=[plan.game for plan in CARD_PLANS])
def test_a_demo_table_reads_its_game_exactly(plan: TablePlan, tmp_path: Path) -> None:
    """The demo table's loop (camera, scripted reader, buttons, session, flow) reads the
    synthetic game's record round for round: the rummy match's presses close sets,
    declare wild cards (R5), count hands and end rounds (R6, R7), and the match ends
    (R9); Fibonachos and Trump start with the dealer (F8) or leader (T3) they were
    dealt. With the players' page on, as at the demo (its link is on the OLED's menu,
    one entry more to pass). Played on the table's clock, as fast as the loop goes."""
    game = scripted_game(plan.game, plan.players, seed=plan.seed, fps=plan.fps, phone=True)
    stop = threading.Event()
    stop.set()  # no pace: a frame as soon as asked, timed at the table's
    table = SyntheticTable(plan.name, tmp_path / "table.db", plan.fps, stop, "http://t")
    reader, session, daemon = table.reader, table.session, table.daemon
    reader.load(game)
    daemon.start_game(plan.game, plan.players, [], dict(game.options))
    flow = session.flow
    assert flow is not None
    daemon.start()
    for part in daemon.parts:
        part.start()
    for _ in range(FRAMES):
        if session.flow is None or (reader.left == 0 and flow.is_over()):
            break
        daemon.step()
    played = _rounds(flow.record())
    done = played if session.flow is None or flow.is_over() else played[:-1]
    assert done, f"no round played in {FRAMES} frames"
    assert _faces(done) == _faces(_rounds(game.record)[: len(done)])
    if reader.left == 0:  # the whole game played: it ended, with every round
        assert len(done) == len(_rounds(game.record))
    assert daemon.app.link  # the phone page's link was on the menu all along


def test_the_phone_pages_menu_entry_takes_one_up_more() -> None:
    """A rummy table with its phone page's link has "Phone page" just above "End game"
    in its menu: BACK and UP to "End round" (R7) or above go one UP further; "End
    game" and "Back to start", below it, stay as they were."""
    presses = [(1.0, "back"), (1.25, "up"), (1.25, "up"), (1.5, "up"), (1.75, "select")]
    assert with_phone_entry(presses)[-2:] == ((1.5, "up"), (1.75, "select"))
    assert [b for _, b in with_phone_entry(presses)].count("up") == 4
    short = [(1.0, "back"), (1.25, "up"), (1.5, "up"), (1.75, "select")]
    assert with_phone_entry(short) == tuple(short)


def test_a_demo_tables_phone_link_is_whole_on_its_oled_and_in_its_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The docs walk, item 3: the demo's tables gave their players' page as a path
    alone ("/t/window?k=..."), on the OLED's code and in the log lines the dashboard
    shows the staff; a phone or a person opens only an address with its host and port.
    The table's loop is stepped here, not on its thread (no broker: never started)."""
    from companion.cli.cafe_demo_tables import DemoTable

    base = "http://127.0.0.1:8123"
    table = DemoTable(PLANS[0], tmp_path, "demo", 1, base)
    try:
        with caplog.at_level(logging.INFO, logger="companion.daemon.phone"):
            table._next_game()
            table.daemon.start()
            table.daemon.step()
        link = table.phone_link()
        assert link is not None and link.startswith(f"{base}/t/{PLANS[0].name}?k=")
        said = [r.getMessage() for r in caplog.records if "page: " in r.getMessage()]
        assert said and all(f"page: {base}/t/" in line for line in said), said
        assert table.phone is not None and table.phone.link() == link  # the OLED's code
    finally:
        table.close()


# -- the hex table ----------------------------------------------------------------------------


def _stepped(plan: TablePlan, folder: Path) -> tuple[DemoTable, list[Notice]]:
    """The demo table of ``plan`` with no pace, its loop stepped here (no broker: its bus
    is never started), and every notice its inputs gave."""
    table = DemoTable(replace(plan, fps=1e6), folder, "demo", 1, "http://127.0.0.1:8123")
    notices: list[Notice] = []
    table.daemon.runner.listeners.append(lambda said, _now: notices.extend(said))
    table._next_game()
    table.daemon.start()
    return table, notices


def _games_until(table: DemoTable, done: int, frames: int = FRAMES) -> list[GameEntry]:
    """Step the table's loop, as its thread does, until ``done`` games have ended in
    its journal (or ``frames`` pass); the journal's games."""
    journal = table.daemon.session.journal
    for _ in range(frames):
        if sum(entry.ended is not None for entry in journal.games()) >= done:
            break
        table._should_stop()
        table.daemon.step()
    return journal.games()


def test_the_hex_tables_board_shows_legal_turns_only_H2_H3(tmp_path: Path) -> None:
    """The scripted board of the hex table gives the positions of a game the engine
    played, and the camera referee takes every one (no refusal: each is one legal move,
    H3) into its record: every turn but the last makes all the moves H2 allows, the
    turns shortened by enemy strike pieces on the mover's centre (H2) included, and
    pieces displaced (H3) among the moves; each game ends in a win (H4)."""
    displaced = shortened = 0
    for seed in (41, 42, 43):
        table, notices = _stepped(replace(HEX_PLAN, seed=seed), tmp_path / str(seed))
        try:
            game = scripted_game(HEX.name, HEX_PLAN.players, seed=seed)
            entry = _games_until(table, 1)[0]
            rows = table.daemon.session.journal.events(entry.id)
        finally:
            table.close()
        assert [n.message for n in notices if n.kind is NoticeKind.REFUSED] == []
        assert sum(row.kind == BoardSeen.kind for row in rows) == len(game.board)
        assert entry.result is not None and entry.result.record is not None
        score = score_record(entry.result.record)
        assert isinstance(score, HexReport) and score.winner is not None, entry.result
        position = START
        for number, turn in enumerate(score.turns, start=1):
            assert isinstance(turn.moves, tuple)
            for move in turn.moves:
                displaced += position[move.dst] is not None
                position = position.after(move.src, move.dst)
            last = number == len(score.turns)  # the win may come before the last move
            assert last or len(turn.moves) == turn.allowed, (seed, number, turn)
            shortened += turn.allowed < opening_allowance(number)
        assert position == score.board == game.board[-1][1]
    assert displaced and shortened, (displaced, shortened)


def test_a_hex_game_not_won_is_ended_and_the_next_begins_H4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hex game with no encirclement (H4) by the turns the demo allows is ended from the
    OLED's menu ("End game", as a rummy match is ended), kept with its record and no
    winner; a moment later the table starts its next game, refereed by the camera."""
    monkeypatch.setattr(hex_play, "MOST_TURNS", 4)
    table, notices = _stepped(HEX_PLAN, tmp_path)
    try:
        games = _games_until(table, 1)
        between = table.daemon.session.flow  # the first ended, the next not begun
        for _ in range(FRAMES):  # the pause between games, then the next game
            if len(games) > 1:
                break
            table._should_stop()
            table.daemon.step()
            games = table.daemon.session.journal.games()
    finally:
        table.close()
    assert [n.message for n in notices if n.kind is NoticeKind.REFUSED] == []
    ended = games[0].result
    assert ended is not None and ended.reason == "abandoned" and ended.winners == ()
    assert ended.record is not None and len(list_field(ended.record, "turns")) == 4
    assert between is None
    assert len(games) == 2 and games[1].ended is None
    assert isinstance(table.daemon.session.flow, HexCameraFlow)


def test_a_table_plays_game_after_game_each_on_its_screen(tmp_path: Path) -> None:
    """R9: a rummy match ends from the menu and shows its final scores until a key; the
    demo's table then starts the next match by itself. Before, those scores took the
    new match's first press (a set closed, R5) and ended the game on the OLED: the
    screen went idle while the match went on, and its next card crashed the table's
    loop (the screen's four players were none), so the corner table of ``companion
    demo --cafe`` played one match and stopped."""
    plan = next(plan for plan in CARD_PLANS if plan.game == DECK_21.game)
    table = DemoTable(plan, tmp_path, "demo", 1, "http://127.0.0.1:8123")
    paced = table.camera.camera
    assert isinstance(paced, PacedCamera)
    paced.stop = threading.Event()  # frames timed at the table's pace, given at once
    paced.stop.set()
    table._next_game()
    table.daemon.start()
    try:
        journal = table.daemon.session.journal
        assert _games_until(table, 1)[0].ended is not None
        app = table.daemon.app
        for _ in range(FRAMES):  # the pause between the matches
            if len(journal.games()) == 2:
                break
            table._should_stop()
            table.daemon.step()
        assert len(journal.games()) == 2, "the next match did not start"
        second = scripted_game(plan.game, plan.players, seed=plan.seed + 1, phone=True)
        for _ in range(second.presses[0][0] + 2):  # to the new match's first press
            table.daemon.step()
        assert (app.game, app.players) == (plan.game, plan.players)
        games = _games_until(table, 2)
        assert [entry.ended is not None for entry in games] == [True, True]
    finally:
        table.close()
