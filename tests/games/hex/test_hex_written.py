"""A hex game written down at the table, one line a turn (docs/notation.md, "A hex game
written at the table"): what ``companion replay --expect`` reads besides a record, so
the players of a real game need not write JSON (issue 24 "done")."""

from __future__ import annotations

import pytest

from companion.games.errors import RecordError
from companion.games.hex import SPEC
from companion.games.hex.written import read_written
from companion.games.json_types import JSONObject


def test_each_line_is_a_turn_with_its_number_moves_and_notes() -> None:
    """H1, H2: turns alternate from Black, one line each; numbers, commas, capitals and
    notes are the writer's; '-' is a turn ended with no move; blank lines are nothing."""
    written = read_written("# Ana v Ben\n1. B2-C2\n\n2) j6-i6, k5-j5   # Ben: two\n3: -\n4 i6-h6\n")
    assert written.turns == [["b2-c2"], ["j6-i6", "k5-j5"], [], ["i6-h6"]]
    assert written.lines == (2, 4, 5, 6)
    record: JSONObject = {"game": "hex", "players": ["Ana", "Ben"], "turns": written.turns}
    assert SPEC.from_record(record).to_record()["turns"] == written.turns  # a record


def test_with_the_move_cards_each_turn_starts_with_its_card() -> None:
    """H5: the card turned up, then the moves it allows."""
    written = read_written("1. M2 b2-c2 c2-d2\n2. m1 j6-i6\n", cards=True)
    assert written.turns == [
        {"card": 2, "moves": ["b2-c2", "c2-d2"]},
        {"card": 1, "moves": ["j6-i6"]},
    ]


@pytest.mark.parametrize(
    ("text", "cards", "said", "rule"),
    [
        (
            "b2-c2\nj6-i6\n4. c2-d2\n",
            False,
            "line 3: turn 4 is written where the game's turn 3",
            "record",
        ),
        ("b2-c2\nj6-z9\n", False, "line 2: j6-z9: 'z9' is not a cell of the board", "H1"),
        ("b2c2\n", False, "line 1: 'b2c2' is not a move: write from-to", "H1"),
        (
            "1. M4 b2-c2\n",
            False,
            "line 1: 'M4' is a move card, and this game is played without",
            "H5",
        ),
        ("1. b2-c2\n", True, "line 1: turn 1 starts with its move card, M1 to M6", "H5"),
        ("1. b2-c2 -\n", False, "line 1: '-' (a turn with no move) stands alone", "H1"),
    ],
)
def test_a_line_that_cannot_be_read_is_said_with_its_line_and_rule(
    text: str, cards: bool, said: str, rule: str
) -> None:
    """H1 (the notation), H5 (the cards), the lines' order: the first line that cannot
    be read is named, with what to write."""
    with pytest.raises(RecordError) as caught:
        read_written(text, cards=cards)
    assert str(caught.value).startswith(said) and caught.value.rule == rule


def test_what_editors_and_hands_write_is_read_too() -> None:
    """H1: a file saved with a byte order mark (Notepad), a number against its move
    ("1.b2-c2"), Windows line ends; a last line "White resigns" is the record's
    ``resigned`` (the other side wins)."""
    written = read_written("\ufeff1.b2-c2\r\n2)j6-i6 k5-j5\r\nWhite resigns\r\n")
    assert written == (
        [["b2-c2"], ["j6-i6", "k5-j5"]],
        (1, 2),
        "white",
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "no turn written (one line a turn"),
        ("# the game\n\n", "no turn written (one line a turn"),
        ("1. b2-c2 resigns\n", "line 1: a resignation is a line of its own, the side first"),
        ("1. b2-c2\nblack resigns\n2. j6-i6\n", "line 3: a line after black resigned"),
    ],
)
def test_a_file_that_holds_no_game_or_a_resignation_out_of_place_is_refused(
    text: str, said: str
) -> None:
    """A file with nothing written is no game (else it would read as a camera that saw
    nothing); a resignation stands last, on its own line, the side first."""
    with pytest.raises(RecordError) as caught:
        read_written(text)
    assert str(caught.value).startswith(said) and caught.value.rule == "record"
