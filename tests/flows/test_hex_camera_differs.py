"""The board a restarted camera finds not as the game left it, in the players' words
(issue 24; DESIGN.md, "Player-facing text": no rule id, no marker, no zone)."""

from __future__ import annotations

import pytest

from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell, Position
from companion.views.i18n import speaking
from companion.views.words import notice_words


def _after(position: Position, *moves: str) -> Position:
    for text in moves:
        src, dst = (Cell.parse(part) for part in text.split("-"))
        position = position.after(src, dst)
    return position


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        (
            "en",
            "The board is not as the game left it: Ana's piece on c2 goes on b2.",
            "The board is not as the game left it: Ana's piece on c2 goes on b2,"
            " and 2 more cells differ.",
        ),
        (
            "fr",
            "Le plateau n'est pas comme la partie l'a laissé\u00a0: le pion en c2, à Ana, va"
            " en b2.",
            "Le plateau n'est pas comme la partie l'a laissé\u00a0: le pion en c2, à Ana, va"
            " en b2, et 2 autres cases diffèrent.",
        ),
    ],
)
def test_a_board_not_as_left_names_a_piece_out_of_place(lang: str, one: str, three: str) -> None:
    """H1: the owner of a piece out of place (by name), where it stands and where it goes,
    and how many other cells differ; the log's message keeps the cells and the rule."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    flow.seen(START, first=True)
    (notice,) = flow.seen(_after(START, "b2-c2"), first=True)
    assert notice.rule == "H1" and "(b2, c2)" in notice.message
    (more,) = flow.seen(_after(START, "b2-c2", "k5-j5"))
    with speaking(lang):
        words = notice_words(notice, ["Ana", "Ben"], "hex")
        assert words is not None and words.line == one
        assert (more_words := notice_words(more, ["Ana", "Ben"], "hex")) is not None
        assert more_words.line == three
    assert flow.record()["turns"] == [[]]  # nothing played
