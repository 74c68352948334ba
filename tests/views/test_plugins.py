"""One plugin per game (issue 23, item 3): every game declares its parts, and the views
ask them instead of branching on the game's name."""

from __future__ import annotations

import pytest

from companion.flows.registry import FLOWS, make_flow
from companion.flows.status import HexStatus, RummyStatus, Scores, TrickStatus
from companion.games.errors import UnknownGameError
from companion.games.faces import Face
from companion.games.hex.pieces import Side
from companion.games.registry import all_games, card_face
from companion.views.cards import card_name, card_short
from companion.views.live import card
from companion.views.plugins import VIEWS, views_of


def test_every_game_has_a_flow_and_views() -> None:
    """Issue 23 item 3: a game of the registry has its flow and its views declared."""
    names = {spec.name for spec in all_games()}
    assert set(FLOWS) == names
    assert set(VIEWS) == names


def test_views_of_an_unknown_game_names_the_known_ones() -> None:
    """Issue 23 item 3: an unknown game is an error naming the choices."""
    with pytest.raises(UnknownGameError, match="known: fibonachos"):
        views_of("chess")


@pytest.mark.parametrize(
    ("game", "notation", "face"),
    [
        ("fibonachos", "S0#3", Face("S0", "spicy", 0)),
        ("fibonachos", "B7", Face("B7")),
        ("trump", "P10#2", Face("P10", "purple", 10)),
        ("rummy8", "8#4", Face("8", "top", 8)),
        ("rummy8", "8#5", Face("8", "standard", 8)),
        ("rummy21", "8#5", Face("8", "standard", 8)),
        ("rummy89", "89", Face("89", "top", 89)),
        ("rummy21", "W#2", Face("W", "wild", None)),
        ("rummy21", "X5", Face("X5")),
        ("hex-referee", "M4#1", Face("M4", "move", 4)),
        ("chess", "R13#1", Face("R13")),
    ],
)
def test_a_game_reads_its_own_faces(game: str, notation: str, face: Face) -> None:
    """R1, F1, T1, H5: the game's face reader is the one parser the screens and the
    phone page share."""
    assert card_face(notation, game) == face
    assert card(notation, game) == {"face": face.face, "kind": face.kind, "number": face.number}


def test_names_and_short_names_come_from_the_face() -> None:
    """F1, R1, docs/ui.md "Cards in a list": the words follow the face's kind."""
    assert card_name("S0#3", "fibonachos") == "Spicy 0"
    assert card_short("S0#3", "fibonachos") == "Spi 0"
    assert card_short("8#9", "rummy8") == "Std 8"
    assert card_short("8#2", "rummy8") == "Top 8"
    assert card_name("W", "rummy13") == "Wild"
    assert card_name("M4", "hex") == "Move card 4"


def test_every_status_says_its_round_and_who_is_to_play() -> None:
    """Issue 23 item 3: one status base (round, to_play) over every game's status."""
    trick = TrickStatus("trump", 2, 3, None)
    rummy = RummyStatus("rummy21", 3, 0, (), turn=1)
    hexed = HexStatus(Side.WHITE, 5, 4, 4)
    final = Scores("fibonachos", None, (1, 2))
    assert [(s.round, s.to_play) for s in (trick, rummy, hexed, final)] == [
        (2, None),
        (3, None),
        (None, 1),
        (None, None),
    ]
    assert views_of("rummy21").seat_playing(rummy) == 1


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_final_scores_name_nobody_playing_in_any_game(game: str) -> None:
    """Issue 23 item 3 (R4, F8, T5, H2): a flow's status may be its final Scores in any
    game; the bus's state asked the game's ``playing`` with it unguarded, which for
    rummy reads ``starts`` and ``turn`` that Scores does not have (the live view guarded
    it by the status's kind: now both ask the plugin's one typed reader)."""
    views = views_of(game)
    final = Scores(game, None, (3, 5), (3, 5))
    assert views.seat_playing(final) is None
    flow = make_flow(
        game, ["Ana", "Ben"] if "hex" in game else ["Ana", "Ben", "Cy"], [], options={}
    )
    assert views.live_section(flow, final) is None
