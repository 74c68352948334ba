"""The leaderboard's numbers on a known set of games (issue 14: per game, this week,
this month, all time: wins, win rate, average and best score), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import dumps
from starlette.testclient import TestClient

from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.games import GameReport, HexReport
from companion.games.hex.pieces import Side
from companion.games.report import CardGameReport, FibonachosRound, RoundScore
from companion.journal import GameResult
from companion.web.app import create_app

#: A Wednesday, noon, local time: "this week" began on Monday 00:00.
NOW = time.mktime((2026, 3, 18, 12, 0, 0, 0, 0, -1))
DAY = 86400.0


def _row(
    gid: int, players: list[str], ended: float, score: GameReport, *, reason: str = "over"
) -> Incoming:
    """An ended game's row as a table sends it, its result holding ``score``."""
    body = {
        "v": 1,
        "cafe": "corner",
        "table": "t1",
        "event": None,
        "game": {
            "id": gid,
            "game": score.game,
            "players": players,
            "variants": [],
            "options": {},
            "started": ended - 3600,
            "ended": ended,
            "result": GameResult(reason, score=score).to_json(),
        },
    }
    return Incoming("t1", "events", dumps(body))


def _fib(players: list[str], totals: list[int], complete: bool = True) -> GameReport:
    """A Fibonachos game of one round scoring ``totals`` (F7: its winners follow)."""
    zeros = (0,) * len(totals)
    rnd = FibonachosRound(tuple(totals), spicy=zeros, tricks=zeros)
    return CardGameReport("fibonachos", tuple(players), (rnd,), complete, ())


GAMES = [
    _row(1, ["Ana", "Ben", "Cy"], NOW - 1 * DAY, _fib(["Ana", "Ben", "Cy"], [30, 20, 10])),
    _row(2, ["Ana", "Ben"], NOW - 1 * DAY + 60, _fib(["Ana", "Ben"], [5, 25])),
    _row(3, ["Ana", "Cy"], NOW - 40 * DAY, _fib(["Ana", "Cy"], [40, 12])),
    # Abandoned before its end: not counted.
    _row(
        4,
        ["Ana", "Ben"],
        NOW - DAY,
        _fib(["Ana", "Ben"], [100, 0], complete=False),
        reason="abandoned",
    ),
    _row(5, ["Ana", "Ben"], NOW - 2 * DAY, HexReport.counted(("Ana", "Ben"), (), Side.WHITE)),
    # Rummy sets no end (R9): ended by the players, won by the highest total.
    _row(
        6,
        ["Cy", "Ben"],
        NOW - 3 * DAY,
        CardGameReport(
            "rummy21",
            ("Cy", "Ben"),
            (RoundScore((200, -161)), RoundScore((-19, -120))),
            False,
            (),
        ),
        reason="abandoned",
    ),
]


@pytest.fixture
def board(database: str) -> Iterator[TestClient]:
    """The leaderboard of GAMES, on each backend (SQLite, PostgreSQL)."""
    settings = settings_for(1, database)
    server = CafeServer(settings, open_store(database), key=KEY)
    server.take(GAMES)
    app = create_app(
        server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32, clock=lambda: NOW
    )
    yield TestClient(app)
    server.store.close()


def _standings(client: TestClient, game: str, period: str) -> list[tuple[Any, ...]]:
    data = client.get(f"/leaderboard.json?game={game}&period={period}").json()
    return [
        (s["player"], s["played"], s["wins"], s["win_rate"], s["average"], s["best"])
        for s in data["standings"]
    ]


def test_all_time_counts_every_finished_game(board: TestClient) -> None:
    assert _standings(board, "fibonachos", "all") == [
        ("Ana", 3, 2, 0.6667, 25.0, 40),
        ("Ben", 2, 1, 0.5, 22.5, 25),
        ("Cy", 2, 0, 0.0, 11.0, 12),
    ]


def test_this_week_and_this_month_leave_older_games_out(board: TestClient) -> None:
    week = [("Ana", 2, 1, 0.5, 17.5, 30), ("Ben", 2, 1, 0.5, 22.5, 25), ("Cy", 1, 0, 0.0, 10.0, 10)]
    assert _standings(board, "fibonachos", "week") == week
    assert _standings(board, "fibonachos", "month") == week


def test_games_without_points_and_games_without_an_end(board: TestClient) -> None:
    assert _standings(board, "hex-referee", "all") == [
        ("Ben", 1, 1, 1.0, None, None),
        ("Ana", 1, 0, 0.0, None, None),
    ]
    assert _standings(board, "rummy21", "all") == [
        ("Cy", 1, 1, 1.0, 181.0, 181),
        ("Ben", 1, 0, 0.0, -281.0, -281),
    ]


def test_the_page_shows_the_numbers_by_name(board: TestClient) -> None:
    page = board.get("/leaderboard?game=fibonachos&period=all").text
    assert page.index("Ana") < page.index("Ben") < page.index("Cy")
    assert "66.67%" in page or "67%" in page
    assert board.get("/leaderboard.json?game=nope").status_code == 404


def test_a_result_no_table_writes_is_set_aside_and_counts_nothing(database: str) -> None:
    """Issue 22: the result of an ended game is read into its typed shape (the
    journal's GameResult, its score a report) before it is stored. A score of another
    shape (here one that says Ana won 999 to 0 with no rounds behind it) was stored,
    and the leaderboard counted it; now the row is set aside, naming the result."""
    settings = settings_for(1, database)
    server = CafeServer(settings, open_store(database), key=KEY)
    forged = json.loads(GAMES[0].payload)
    forged["game"]["id"] = 99
    score = {"game": "fibonachos", "totals": [999, 0, 0], "complete": True, "winners": [0]}
    forged["game"]["result"]["score"] = score
    try:
        applied = server.take([Incoming("t1", "events", dumps(forged))])
        assert (applied.stored, applied.quarantined) == (0, 1)
        assert "the game's result" in server.quarantined()[0].reason
        assert server.store.standings("fibonachos", None) == []
    finally:
        server.store.close()
