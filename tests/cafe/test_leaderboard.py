"""The leaderboard's numbers on a known set of games (issue 14: per game, this week,
this month, all time: wins, win rate, average and best score), on SQLite and PostgreSQL."""

from __future__ import annotations

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
from companion.web.app import create_app

#: A Wednesday, noon, local time: "this week" began on Monday 00:00.
NOW = time.mktime((2026, 3, 18, 12, 0, 0, 0, 0, -1))
DAY = 86400.0


def _row(
    gid: int,
    game: str,
    players: list[str],
    ended: float,
    score: dict[str, Any],
    *,
    reason: str = "over",
) -> Incoming:
    body = {
        "v": 1,
        "cafe": "corner",
        "table": "t1",
        "event": None,
        "game": {
            "id": gid,
            "game": game,
            "players": players,
            "variants": [],
            "options": {},
            "started": ended - 3600,
            "ended": ended,
            "result": {"reason": reason, "score": {"game": game, **score}},
        },
    }
    return Incoming("t1", "events", dumps(body))


def _fib(totals: list[int], winners: list[int], complete: bool = True) -> dict[str, Any]:
    return {
        "totals": totals,
        "winners": winners,
        "complete": complete,
        "rounds": [{"points": totals}],
    }


GAMES = [
    _row(1, "fibonachos", ["Ana", "Ben", "Cy"], NOW - 1 * DAY, _fib([30, 20, 10], [0])),
    _row(2, "fibonachos", ["Ana", "Ben"], NOW - 1 * DAY + 60, _fib([5, 25], [1])),
    _row(3, "fibonachos", ["Ana", "Cy"], NOW - 40 * DAY, _fib([40, 12], [0])),
    # Abandoned before its end: not counted.
    _row(
        4,
        "fibonachos",
        ["Ana", "Ben"],
        NOW - DAY,
        _fib([100, 0], [], complete=False),
        reason="abandoned",
    ),
    _row(5, "hex-referee", ["Ana", "Ben"], NOW - 2 * DAY, {"winner": "white", "turns": []}),
    # Rummy sets no end (R9): ended by the players, won by the highest total.
    _row(
        6,
        "rummy21",
        ["Cy", "Ben"],
        NOW - 3 * DAY,
        {
            "totals": [181, -281],
            "winners": [],
            "complete": False,
            "rounds": [{"points": [200, -161]}, {"points": [-19, -120]}],
        },
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
