"""The leaderboard's numbers on a known set of games (issue 14: per game, this week,
this month, all time: wins, win rate, average and best score), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import dumps
from starlette.testclient import TestClient

from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.store import GameQuery, open_store
from companion.games.json_types import JSONObject, list_field
from companion.games.random_play import MAX_ACTIONS, random_record
from companion.games.scoring import score_record
from companion.journal import GameResult
from companion.web.app import create_app

#: A Wednesday, noon, local time: "this week" began on Monday 00:00.
NOW = time.mktime((2026, 3, 18, 12, 0, 0, 0, 0, -1))
DAY = 86400.0


def _row(gid: int, ended: float, record: JSONObject, *, reason: str = "over") -> Incoming:
    """An ended game's row as a table sends it: its result holds ``record`` and the
    score the record bears out (the server works it out again and keeps no other)."""
    score = score_record(record)
    players = list_field(record, "players")
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
            "result": GameResult(reason, record, score).to_json(),
        },
    }
    return Incoming("t1", "events", dumps(body))


def _played(game: str, players: list[str], seed: int, actions: int = MAX_ACTIONS) -> JSONObject:
    """The record of ``game`` played at random by the rules (``actions``: cut short)."""
    return random_record(game, players, [], random.Random(seed), max_actions=actions)


GAMES = [
    # Fibonachos played to their end: 58/18/53, 33/40, 47/33 (F7: the highest wins).
    _row(1, NOW - 1 * DAY, _played("fibonachos", ["Ana", "Ben", "Cy"], 4)),
    _row(2, NOW - 1 * DAY + 60, _played("fibonachos", ["Ana", "Ben"], 3)),
    _row(3, NOW - 40 * DAY, _played("fibonachos", ["Ana", "Cy"], 1)),
    # Abandoned before its end (8/13 after 60 actions): not counted.
    _row(4, NOW - DAY, _played("fibonachos", ["Ana", "Ben"], 9, 60), reason="abandoned"),
    # Hex: White (Ben, seat 1) wins (H4); no points.
    _row(5, NOW - 2 * DAY, _played("hex-referee", ["Ana", "Ben"], 0)),
    # Rummy sets no end (R9): ended by the players after two rounds (-1146/-668), won
    # by the highest total.
    _row(6, NOW - 3 * DAY, _played("rummy21", ["Cy", "Ben"], 0, 1000), reason="abandoned"),
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
        ("Ana", 3, 2, 0.6667, 46.0, 58),
        ("Ben", 2, 1, 0.5, 29.0, 40),
        ("Cy", 2, 0, 0.0, 43.0, 53),
    ]


def test_this_week_and_this_month_leave_older_games_out(board: TestClient) -> None:
    week = [("Ana", 2, 1, 0.5, 45.5, 58), ("Ben", 2, 1, 0.5, 29.0, 40), ("Cy", 1, 0, 0.0, 53.0, 53)]
    assert _standings(board, "fibonachos", "week") == week
    assert _standings(board, "fibonachos", "month") == week


def test_games_without_points_and_games_without_an_end(board: TestClient) -> None:
    assert _standings(board, "hex-referee", "all") == [
        ("Ben", 1, 1, 1.0, None, None),
        ("Ana", 1, 0, 0.0, None, None),
    ]
    assert _standings(board, "rummy21", "all") == [
        ("Ben", 1, 1, 1.0, -668.0, -668),
        ("Cy", 1, 0, 0.0, -1146.0, -1146),
    ]


def test_the_page_shows_the_numbers_by_name(board: TestClient) -> None:
    page = board.get("/leaderboard?game=fibonachos&period=all").text
    assert page.index("Ana") < page.index("Ben") < page.index("Cy")
    assert "66.67%" in page or "67%" in page
    assert board.get("/leaderboard.json?game=nope").status_code == 404


def test_a_result_of_another_shape_is_kept_ended_and_counts_nothing(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: the result of an ended game is read into its typed shape (the
    journal's GameResult, its score a report) before it is counted. A score of another
    shape (here one that says Ana won 999 to 0 with no rounds behind it) was stored,
    and the leaderboard counted it; then the row was set aside, and the game stayed in
    play at the server for ever. A newer table may write its result otherwise: the game
    is now kept ended with its result as sent, counted nowhere, and the log says to
    update the server."""
    settings = settings_for(1, database)
    server = CafeServer(settings, open_store(database), key=KEY)
    forged = json.loads(GAMES[0].payload)
    forged["game"]["id"] = 99
    score = {"game": "fibonachos", "totals": [999, 0, 0], "complete": True, "winners": [0]}
    forged["game"]["result"]["score"] = score
    try:
        applied = server.take([Incoming("t1", "events", dumps(forged))])
        assert (applied.stored, applied.quarantined) == (1, 0)
        assert server.store.standings("fibonachos", None) == []
        kept = server.store.game("t1", 99)
        assert kept is not None and kept.ended is not None and kept.result is None
        assert kept.unread == forged["game"]["result"]
        assert "cannot read: the game is kept ended, not counted" in caplog.text
    finally:
        server.store.close()


def _take(database: str, row: dict[str, Any]) -> tuple[CafeServer, int]:
    """A server that took t1's ended game ``row``: it, and how many were set aside."""
    server = CafeServer(settings_for(1, database), open_store(database), key=KEY)
    applied = server.take([Incoming("t1", "events", dumps(row))])
    return server, applied.quarantined


def test_a_score_that_is_not_its_records_counts_the_records(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: a table's score is worked out again from its record by the rules (F7),
    and the leaderboard counts that. Before, a result whose record Cy won 53 to 58 and
    18 but whose score said Cy won 999 to 0 and 0 put Cy first with a best of 999."""
    row = json.loads(GAMES[0].payload)
    score = row["game"]["result"]["score"]
    score["rounds"][-1]["points"] = [0, 0, 999]
    score["totals"] = [0, 0, 999]
    server, set_aside = _take(database, row)
    try:
        assert set_aside == 0
        best = {s.player: s.best for s in server.store.standings("fibonachos", None)}
        assert best == {"Ana": 58, "Ben": 18, "Cy": 53}
        assert "t1 game 1: the score sent is not its record's" in caplog.text
    finally:
        server.store.close()


def _forged(change: str) -> dict[str, Any]:
    row: dict[str, Any] = json.loads(GAMES[0].payload)
    result = row["game"]["result"]
    if change == "no record":
        del result["record"]
    elif change == "other players":
        row["game"]["players"] = ["Ana", "Ben", "Dee"]
    elif change == "other game":
        row["game"]["game"] = "trump"
    else:  # a record the rules refuse: a trick of two cards for three players
        result["record"]["rounds"][0]["tricks"][0]["plays"] = ["Y8", "Y14"]
    return row


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ("no record", "a score but no record"),
        ("other players", "other players than the game"),
        ("other game", "the result's record is of fibonachos, not trump"),
        ("refused", "the result's record: "),
    ],
)
def test_a_result_its_record_does_not_bear_out_is_set_aside(
    database: str, change: str, why: str
) -> None:
    """Issue 22: a score with no record, or a record of other players, of another game,
    or one the rules refuse: the row is set aside, naming why, and counts nothing.
    Before, each was stored and its score counted."""
    server, set_aside = _take(database, _forged(change))
    try:
        assert set_aside == 1
        assert why in server.quarantined()[0].reason
        assert server.store.standings("fibonachos", None) == []
        assert server.store.standings("trump", None) == []
    finally:
        server.store.close()


@pytest.mark.parametrize("unknown", ["game", "variant"])
def test_a_game_this_server_does_not_know_is_kept_but_not_counted(
    database: str, caplog: pytest.LogCaptureFixture, unknown: str
) -> None:
    """A table updated before the cafe's server ends a game (or a variant) the server
    does not know: its row is stored, ended, its record kept, but not counted, and the
    log says to update the server. Setting it aside would leave it in play for ever."""
    row = json.loads(GAMES[0].payload)
    result = row["game"]["result"]
    if unknown == "game":
        row["game"]["game"] = result["record"]["game"] = result["score"]["game"] = "fib2"
    else:
        row["game"]["variants"] = result["record"]["variants"] = ["new-variant"]
    server, set_aside = _take(database, row)
    try:
        assert set_aside == 0
        (kept,) = server.store.games(GameQuery(table="t1", limit=10))
        assert kept.ended is not None and kept.result is not None
        assert kept.result.record == result["record"] and kept.result.score is None
        assert server.store.standings(row["game"]["game"], None) == []
        assert "is not known to this server" in caplog.text
    finally:
        server.store.close()
