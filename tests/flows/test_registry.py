"""make_flow and FLOW_OPTIONS (issue 4 section 3): names, variants and options checked."""

from __future__ import annotations

import pytest

from companion.flows.errors import OptionError
from companion.flows.registry import FLOW_OPTIONS, check_options, make_flow
from companion.games import GameError, UnknownGameError, UnknownVariantError, all_games


def test_every_game_has_its_options_listed() -> None:
    assert set(FLOW_OPTIONS) == {spec.name for spec in all_games()}
    for options in FLOW_OPTIONS.values():
        assert "seed" in [option.name for option in options]


def test_an_unknown_game_names_the_choices() -> None:
    with pytest.raises(UnknownGameError, match="chess"):
        make_flow("chess", ["Ana", "Ben"], [], options={})


def test_an_unknown_variant_is_the_engines_error() -> None:
    with pytest.raises(UnknownVariantError, match="turbo"):
        make_flow("fibonachos", ["Ana", "Ben", "Cy"], ["turbo"], options={})


def test_an_unknown_option_names_what_the_game_takes() -> None:
    with pytest.raises(OptionError, match=r"speed.*dealer, seed"):
        make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={"speed": 2})


@pytest.mark.parametrize(
    ("options", "fault"),
    [
        ({"dealer": 3}, "not a seat"),
        ({"dealer": "Ana"}, "whole number"),
        ({"seed": True}, "whole number"),
    ],
)
def test_bad_option_values_are_refused(options: dict[str, object], fault: str) -> None:
    with pytest.raises(OptionError, match=fault):
        check_options("fibonachos", options, 3)


def test_a_player_count_outside_the_game_is_refused() -> None:
    with pytest.raises(GameError, match="2-5 players"):
        make_flow("fibonachos", ["Ana"], [], options={})


def test_defaults_are_filled_in() -> None:
    assert check_options("fibonachos", {}, 3) == {"dealer": None, "seed": 0}
