"""Whose turn a table's card marks (◀) right after a round, a hand or a turn ends.

A rummy table's card lost its marker when a round ended and showed none until the
next round's first card lay: the ``state`` a table sends said ``to_play`` null, as
the rummy status knew only the seat that last laid a card (R4). The round's first
player is known as soon as the round before ends: the one clockwise of the dealer,
the deal passing clockwise (R4, the rulebook's "the player clockwise to the dealer
starts"). The trick games and the hex referee already said the next leader or side
at once (F8, T3, H2); they are checked here too, at the same level: the ``state``
message and the dashboard's rendered card.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, settings_for
from cafe_sim import CAFE
from starlette.testclient import TestClient

from companion.bus.contract import GameFacts, TableState, Topics
from companion.bus.errors import MessageError
from companion.bus.messages import game_state
from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.flows import commands as cmd
from companion.flows.base import GameFlow
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus, TrickStatus, TrickWon
from companion.table.cards import TableCard
from companion.views.live import table_view
from companion.web.app import create_app
from companion.web.i18n import translations
from companion.web.phone_words import words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flows"))
from flow_tables import Keys, load, play_rummy


def payload(flow: GameFlow, players: list[str], *, at: float = 1.0) -> bytes:
    """The ``state`` a table sends for ``flow`` (the bus's own message)."""
    game = game_state(1, flow, players)
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    return TableState("t1", at=at, game=game, devices=devices, idle=0.0).payload(Topics(CAFE, "t1"))


@pytest.fixture
def cafe(tmp_path: Path) -> Iterator[CafeServer]:
    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, SqliteStore(settings.database_path()), key=KEY)
    yield server
    server.store.close()


def marked(server: CafeServer, sent: bytes) -> list[str]:
    """The names the dashboard's card of t1 marks to play, once ``sent`` is taken."""
    server.take([Incoming("t1", "status", b"online"), Incoming("t1", "state", sent)])
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with TestClient(app) as client:
        shown = client.get("/").text.split('id="table-t1"', 1)[1].split("</article>", 1)[0]
    rows = shown.split("<tr")[1:]
    return [row.split("<td>", 1)[1].split(" <span", 1)[0] for row in rows if "◀" in row]


def rummy_after_round_one(
    players: list[str], options: dict[str, Any] | None = None
) -> tuple[GameFlow, dict[str, Any]]:
    """Rummy 21 with round 1 of the three-player example laid out and scored."""
    record = load("rummy", "rummy21-full.json")
    assert len(record["players"]) == len(players) == 3
    flow = make_flow("rummy21", players, record["variants"], options=options or {})
    play_rummy(flow, {**record, "rounds": record["rounds"][:1]})
    return flow, record


def test_a_rummy_card_marks_the_next_rounds_first_player_as_soon_as_a_round_ends(
    cafe: CafeServer,
) -> None:
    """R4: right after round 1 ends, the table's ``state`` says round 2 and its first
    player (Ben: Cy dealt round 1, so Ana started it; the deal passes to Ana, Ben is
    clockwise of her), and the dashboard's card marks Ben; before, ``to_play`` was
    null and no row was marked until a card lay."""
    players = ["Ana", "Ben", "Cy"]
    flow, _ = rummy_after_round_one(players)
    status = flow.status()
    assert isinstance(status, RummyStatus) and status.round == 2 and status.turn is None
    sent = payload(flow, players)
    game = TableState.parse(CAFE, "t1", sent).game
    assert game is not None and game.round == 2 and game.to_play == 1
    assert marked(cafe, sent) == ["Ben"]


def test_the_first_player_follows_the_dealer_given_and_yields_to_a_card_laid() -> None:
    """R4: a table that says who dealt round 1 (``--option dealer=...``) has the next
    seat start each round; once a card lies, the card marks the seat laying cards."""
    players = ["Ana", "Ben", "Cy"]
    fresh = make_flow("rummy21", players, [], options={"dealer": 0})
    assert game_state(1, fresh, players).to_play == 1  # Ana dealt, Ben starts
    flow, _ = rummy_after_round_one(players, {"dealer": 0})
    assert game_state(1, flow, players).to_play == 2  # Ben deals round 2, Cy starts
    flow.placed(TableCard("rummy21/1/21/9", "rummy21", "21", "meld-0", (0.1, 0.1)))
    assert game_state(1, flow, players).to_play == 0


def test_the_rummy_phone_page_says_the_first_player_is_to_play(cafe: CafeServer) -> None:
    """R4: the players' page names the round's first player ("Ben to play"), not
    "Ben laid the last card" before any card of the round lies."""
    players = ["Ana", "Ben", "Cy"]
    flow, _ = rummy_after_round_one(players)
    said = words(translations("en"), table_view(flow, players, game_id=1)).waiting()
    assert said == "Ben to play"


def _fibonachos_round_one(flow: GameFlow) -> None:
    record = load("fibonachos", "full-3p.json")
    keys = Keys("fibonachos")
    for trick in record["rounds"][0]["tricks"]:
        if trick["spicy"] is not None:
            flow.placed(keys.card(trick["spicy"], "spicy"))
        for text in trick["plays"]:
            flow.placed(keys.card(text, "play"))


def test_a_fibonachos_card_marks_the_next_leader_at_a_rounds_end(cafe: CafeServer) -> None:
    """F8: after round 1's last trick the dealer moves one seat, and the player on the
    dealer's left leads: round 2 is led by seat 1 (Ben), marked at once."""
    players = ["Ana", "Ben", "Cy"]
    flow = make_flow("fibonachos", players, [], options={})
    _fibonachos_round_one(flow)
    sent = payload(flow, players)
    game = TableState.parse(CAFE, "t1", sent).game
    assert game is not None and game.round == 2 and game.to_play == 1
    assert marked(cafe, sent) == ["Ben"]


def test_a_trump_card_marks_the_last_tricks_winner_at_a_rounds_end(cafe: CafeServer) -> None:
    """T3: the winner of round 1's last trick leads round 2; the card marks them as soon
    as that trick is complete, before the next indicators lie."""
    record = load("trump", "full-game-2p.json")
    players = list(record["players"])
    flow = make_flow("trump", players, [], options={"leader": record["rounds"][0]["leader"]})
    keys = Keys("trump")
    first = record["rounds"][0]
    flow.placed(keys.card(first["trump"], "trump-indicator"))
    flow.placed(keys.card(first["symbol"], "symbol-indicator"))
    notices = []
    for trick in first["tricks"]:
        for text in trick:
            notices += flow.placed(keys.card(text, "play"))
    winner = [n.detail for n in notices if isinstance(n.detail, TrickWon)][-1].winner
    status = flow.status()
    assert isinstance(status, TrickStatus) and status.round == 2
    sent = payload(flow, players)
    game = TableState.parse(CAFE, "t1", sent).game
    assert game is not None and game.to_play == winner
    assert marked(cafe, sent) == [players[winner]]


def test_a_hex_card_marks_the_next_side_as_soon_as_a_turn_ends(cafe: CafeServer) -> None:
    """H2: Black's first turn allows one move; with it made, White is to move and the
    card marks White at once."""
    players = ["Black", "White"]
    flow = make_flow("hex-referee", players, [], options={})
    assert game_state(1, flow, players).to_play == 0
    flow.command(cmd.Move())
    sent = payload(flow, players)
    game = TableState.parse(CAFE, "t1", sent).game
    assert game is not None and game.to_play == 1
    assert marked(cafe, sent) == ["White"]


def _card(server: CafeServer, sent: bytes, lang: str = "en") -> tuple[str, dict[str, Any]]:
    """t1's card on the dashboard, and in its JSON, once ``sent`` is taken."""
    server.take([Incoming("t1", "status", b"online"), Incoming("t1", "state", sent)])
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with TestClient(app, cookies={"lang": lang}) as client:
        shown = client.get("/").text.split('id="table-t1"', 1)[1].split("</article>", 1)[0]
        (card,) = [c for c in client.get("/.json").json()["tables"] if c["name"] == "t1"]
    return re.sub(r"[ \n]+", " ", shown), card  # not str.split: it splits at NBSP too


def _with_page(flow: GameFlow, players: list[str]) -> bytes:
    """The ``state`` of a table whose players' page is on: its view goes with it."""
    game = replace(game_state(1, flow, players), live=table_view(flow, players, game_id=1))
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    state = TableState("t1", at=1.0, game=game, devices=devices, idle=0.0)
    return state.payload(Topics(CAFE, "t1"))


def test_a_hex_card_says_the_turn_and_the_moves_left(cafe: CafeServer) -> None:
    """H2: turn 2 allows White two moves; with one made, the card says "turn 2 · moves
    left: 1 of 2", as the players' page does (before, "Hex board" and the names alone:
    the staff could not tell a game under way from one stuck at its start). A move
    card not yet turned up (H5) has no moves to count."""
    players = ["Black", "White"]
    flow = make_flow("hex-referee", players, [], options={})
    flow.command(cmd.Move())
    flow.command(cmd.Move())
    shown, card = _card(cafe, _with_page(flow, players))
    assert "Hex referee · turn 2 · moves left: 1 of 2</p>" in shown
    assert (card["turn"], card["moves_left"], card["moves_allowed"]) == (2, 1, 2)
    shown, _ = _card(cafe, _with_page(flow, players), "fr")
    assert "tour 2 · coups restants\u00a0: 1 sur 2</p>" in shown
    carded = HexCameraFlow(players, ["cards"])  # the camera waits for the card seen
    shown, card = _card(cafe, _with_page(carded, players))
    assert "turn 1</p>" in shown and card["moves_allowed"] is None


def test_a_hex_card_says_the_turn_without_the_players_page(cafe: CafeServer) -> None:
    """H2, H5: the turn and its moves travel in the state's own ``game`` (optional
    ``turn``, ``moves_left``, ``moves_allowed``), so a table whose players' page is off
    is shown as one with it on (before, "Hex referee" alone); a move card due (H5) sends
    the turn without moves, and a game over sends neither."""
    players = ["Black", "White"]
    flow = make_flow("hex-referee", players, [], options={})
    flow.command(cmd.Move())
    flow.command(cmd.Move())
    sent = payload(flow, players)
    game = TableState.parse(CAFE, "t1", sent).game
    assert game is not None and game.live is None
    assert (game.turn, game.moves_left, game.moves_allowed) == (2, 1, 2)
    assert GameFacts.parse(game.fields(), "state") == game  # as the store keeps it
    shown, card = _card(cafe, sent)
    assert "Hex referee · turn 2 · moves left: 1 of 2</p>" in shown
    assert (card["turn"], card["moves_left"], card["moves_allowed"]) == (2, 1, 2)
    carded = HexCameraFlow(players, ["cards"])
    shown, card = _card(cafe, payload(carded, players))
    assert "turn 1</p>" in shown and (card["turn"], card["moves_allowed"]) == (1, None)
    flow.command(cmd.Winner(side="white"))
    game = game_state(1, flow, players)
    assert game.over and (game.turn, game.moves_left, game.moves_allowed) == (None, None, None)


def test_a_hex_card_of_a_table_from_before_reads_the_page(cafe: CafeServer) -> None:
    """A table from before the state's own turn sends it only in its players' page's
    view: the card still says it."""
    players = ["Black", "White"]
    flow = make_flow("hex-referee", players, [], options={})
    flow.command(cmd.Move())
    flow.command(cmd.Move())
    game = replace(
        game_state(1, flow, players),
        turn=None,
        moves_left=None,
        moves_allowed=None,
        live=table_view(flow, players, game_id=1),
    )
    devices = {"camera": "ok", "display": "ok", "buttons": "ok", "journal": "ok"}
    sent = TableState("t1", at=1.0, game=game, devices=devices, idle=0.0).payload(
        Topics(CAFE, "t1")
    )
    parsed = TableState.parse(CAFE, "t1", sent).game
    assert parsed is not None and parsed.turn is None and parsed.live is not None
    shown, card = _card(cafe, sent)
    assert "Hex referee · turn 2 · moves left: 1 of 2</p>" in shown
    assert (card["turn"], card["moves_left"], card["moves_allowed"]) == (2, 1, 2)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"turn": -1}, "game.turn"),
        ({"turn": "2"}, "game.turn"),
        ({"moves_left": 1}, "come together"),
        ({"moves_allowed": 2}, "come together"),
        ({"moves_left": 3, "moves_allowed": 2}, "3 left, more than the 2 allowed"),
        ({"moves_left": True, "moves_allowed": 2}, "game.moves_left"),
    ],
)
def test_a_hex_turn_the_contract_refuses(fields: dict[str, Any], said: str) -> None:
    """The hex turn's fields are read strictly (docs/cafe.md): whole numbers, the moves
    left and allowed together, no more left than allowed (H2)."""
    game = {"id": 1, "game": "hex-referee", "label": "Hex referee"}
    game |= {"players": ["Black", "White"], "round": None, "to_play": 0, "totals": None}
    with pytest.raises(MessageError, match=said):
        GameFacts.parse({**game, **fields}, "state")
