"""A hex game's page at the cafe (issue 24, the referee that watches the board; issue 14,
the history): a game the camera refereed shows its board as it ended, every piece on
its cell (H1), the last turn's moves lit, and its JSON gives the board in H1's diagram;
the button referee's game, which never saw the board, shows none (SQLite, PostgreSQL)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from starlette.testclient import TestClient
from test_leaderboard import GAMES, NOW, _row

from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell, Position
from companion.games.json_types import JSONObject
from companion.web.app import create_app

#: Black's b2-c2, then White's k2-j2 and k3-j3 (turn 2 allows two moves, H2).
MOVES = [("b2", "c2"), ("k2", "j2"), ("k3", "j3")]


def _camera_game() -> tuple[JSONObject, Position]:
    flow = HexCameraFlow(["Ana", "Ben"], [])
    position = START
    for src, dst in MOVES:
        position = position.after(Cell.parse(src), Cell.parse(dst))
        flow.seen(position)
    return flow.record(), position


@pytest.fixture
def cafe(database: str) -> Iterator[tuple[TestClient, Position]]:
    record, position = _camera_game()
    server = CafeServer(settings_for(1, database), open_store(database), key=KEY)
    server.take([*GAMES, _row(7, NOW - 60, record, reason="abandoned")])
    app = create_app(
        server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32, clock=lambda: NOW
    )
    yield TestClient(app), position
    server.store.close()


def test_a_camera_game_shows_its_board_as_it_ended(cafe: tuple[TestClient, Position]) -> None:
    """Before, a hex game's page showed its players and a link to its record: nothing
    of the game itself."""
    client, position = cafe
    detail = client.get("/games/t1/7.json").json()
    assert detail["board"] == position.board()
    assert detail["moved"] == ["k2-j2", "k3-j3"]  # White's turn, the last that moved
    page = client.get("/games/t1/7").text
    svg = re.search(r'<svg class="board".*?</svg>', page, re.S)
    assert svg is not None
    assert svg.group(0).count('class="piece ') == 26
    assert svg.group(0).count('class="cell lit"') == 4  # k2, j2, k3, j3
    assert 'aria-label="The board as the game left it"' in page


def test_the_button_referees_game_shows_no_board(cafe: tuple[TestClient, Position]) -> None:
    """The button referee counts the moves it is told of and never sees the board (H2):
    its game's page and JSON have no board."""
    client, _ = cafe
    assert "board" not in client.get("/games/t1/5.json").json()
    assert '<svg class="board"' not in client.get("/games/t1/5").text
