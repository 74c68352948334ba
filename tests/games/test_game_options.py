"""A game's options keep one typed shape (issue 23's follow-up): :class:`GameOptions`,
checked once where they enter, written and read back as the journal's JSON object."""

from __future__ import annotations

import pytest

from companion.games.errors import GameError, OptionError
from companion.games.game_options import GameOptions
from companion.games.json_types import JSON, JSONObject
from companion.games.registry import get_game


def checked(game: str, raw: JSONObject, players: int = 3) -> GameOptions:
    return GameOptions.checked(game, get_game(game).options, raw, players=players)


def test_checked_options_hold_every_option_typed() -> None:
    """Issue 9: the options left out take their defaults; each reads as its kind."""
    options = checked("fibonachos", {"dealer": 1})
    assert options == GameOptions.of("fibonachos", {"dealer": 1, "seed": 0})
    assert (options.seat("dealer"), options.seed(), options.game) == (1, 0, "fibonachos")
    assert dict(options) == {"dealer": 1, "seed": 0} and len(options) == 2
    hexes = checked("hex", {"mode": "board", "seed": 9}, players=2)
    assert hexes.choice("mode") == "board" and hexes.choice("move-cards") == "shuffled"
    assert checked("trump", {"leader": None}).seat("leader") is None


def test_options_are_a_value() -> None:
    """Issue 23: equal options are equal whatever order they were given in, hashable, and frozen."""
    one = GameOptions.of("trump", {"seed": 4, "leader": 2})
    two = GameOptions.of("trump", {"leader": 2, "seed": 4})
    assert one == two and hash(one) == hash(two) and len({one, two}) == 1
    assert one != GameOptions.of("fibonachos", {"leader": 2, "seed": 4})  # another game's
    with pytest.raises(AttributeError):
        one.game = "hex"  # type: ignore[misc]


def test_the_json_shape_is_the_journals() -> None:
    """Issue 23: the journal's ``options`` column is the object of name -> value it always was,
    and reads back to the same value."""
    options = checked("hex", {"mode": "referee"}, players=2)
    written = options.to_json()
    assert written == {"mode": "referee", "move-cards": "shuffled", "seed": 0}
    assert GameOptions.from_json("hex", written) == options
    assert GameOptions.from_json("rummy21", {"seed": 3}).to_json() == {"seed": 3}


@pytest.mark.parametrize(
    ("game", "raw", "message"),
    [
        ("fibonachos", {"speed": 2}, "fibonachos: unknown option 'speed' (it takes: dealer, seed)"),
        ("fibonachos", {"dealer": 3}, "fibonachos: option dealer 3 is not a seat (0-2) or null"),
        (
            "fibonachos",
            {"dealer": "Ana"},
            "fibonachos: option dealer is a whole number, a seat (0-2) or null, not 'Ana'",
        ),
        ("trump", {"seed": True}, "trump: option seed is a whole number, not True"),
        ("trump", {"seed": 1.5}, "trump: option seed is a whole number, not 1.5"),
        ("hex", {"mode": "chess"}, "hex: option mode is one of referee, board, not 'chess'"),
    ],
)
def test_a_bad_option_names_the_option_the_game_and_what_it_takes(
    game: str, raw: JSONObject, message: str
) -> None:
    """Issue 9: the error names the game, the option and the values it takes; it is a
    GameError (a ValueError), which the command line prints as one line."""
    with pytest.raises(OptionError) as caught:
        checked(game, raw, players=3 if game != "hex" else 2)
    assert str(caught.value) == message
    assert isinstance(caught.value, GameError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("value", [True, 1.5, [1], {"seat": 1}])
def test_options_read_back_are_of_an_options_kind(value: JSON) -> None:
    """Issue 23: a journal's options that are no option's kind (a damaged row) are
    refused by name."""
    with pytest.raises(OptionError, match=r"^trump: option leader takes a seat, a whole number"):
        GameOptions.from_json("trump", {"leader": value})


def test_a_value_of_another_kind_is_refused_where_it_is_read() -> None:
    """Issue 23: a flow reads a seat, a seed or a choice; another kind there is a bug, named."""
    options = GameOptions.of("hex", {"mode": "board", "seed": 2})
    with pytest.raises(OptionError, match="hex: option mode is a seat, not 'board'"):
        options.seat("mode")
    with pytest.raises(OptionError, match="hex: option mode is a whole number"):
        options.seed("mode")
    with pytest.raises(OptionError, match="hex: option seed is a word, not 2"):
        options.choice("seed")
    with pytest.raises(KeyError):
        options["dealer"]
