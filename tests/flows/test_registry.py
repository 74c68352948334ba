"""make_flow (issue 4 section 3): names, variants and options checked against the
games' registry; every game has a flow (issue 9)."""

from __future__ import annotations

from typing import get_args

import pytest
from command_samples import SAMPLES

from companion.flows import commands
from companion.flows.base import GameFlow
from companion.flows.errors import OptionError
from companion.flows.hex_board import HexBoardFlow
from companion.flows.registry import FLOWS, check_options, make_flow, takes
from companion.games import GameError, UnknownGameError, UnknownVariantError, all_games
from companion.games.json_types import JSONObject
from companion.games.registry import OptionKind


def test_every_registered_game_has_a_flow_and_every_flow_a_game() -> None:
    """Issue 9: one registry of games; the flows map each of its games, and no other."""
    assert set(FLOWS) == {spec.name for spec in all_games()}
    for spec in all_games():
        players = ["Ana", "Ben", "Cy", "Dee", "Eve"][: max(spec.min_players, 2)]
        flow = make_flow(spec.name, players, [], options={})
        assert flow.game == spec.name


def test_every_game_takes_a_seed() -> None:
    """Flows are deterministic: their one random source is the ``seed`` option."""
    for spec in all_games():
        seeds = [option for option in spec.options if option.kind is OptionKind.SEED]
        assert [option.name for option in seeds] == ["seed"], spec.name


def test_the_rummy_flows_take_the_first_dealer_as_a_seat() -> None:
    """Issue 9 (no option a flow does not take), R4: the rummy flows take who dealt
    round 1, a seat, and start round 1 with the seat clockwise of it; a seat that is
    not at the table is refused naming the option."""
    flow = make_flow("rummy21", ["Ana", "Ben", "Cy"], [], options={"dealer": 1})
    assert flow.status().starts == 2
    with pytest.raises(OptionError, match="dealer 3 is not a seat"):
        make_flow("rummy21", ["Ana", "Ben"], [], options={"dealer": 3})


def _flows() -> list[GameFlow]:
    flows = [make_flow(spec.name, ["Black", "White"], [], options={}) for spec in all_games()]
    return [*flows, make_flow("hex", ["Black", "White"], [], options={"mode": "board"})]


def test_a_flow_takes_exactly_the_commands_it_says() -> None:
    """``takes`` is what the menus offer: each flow acts on those and calls the rest unknown."""
    assert set(SAMPLES) == set(get_args(commands.FlowCommand))
    for flow in _flows():
        for kind, command in SAMPLES.items():
            notices = flow.command(command)
            unknown = any("unknown command" in notice.message for notice in notices)
            assert unknown == (kind not in flow.takes), (type(flow).__name__, kind.__name__)


def test_takes_is_the_flow_the_buttons_drive() -> None:
    assert takes("hex") == FLOWS["hex"].takes and commands.Strikes in takes("hex")
    assert commands.Strikes not in HexBoardFlow.takes
    assert commands.Leader in takes("trump") and commands.Leader not in takes("fibonachos")


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
def test_bad_option_values_are_refused(options: JSONObject, fault: str) -> None:
    with pytest.raises(OptionError, match=fault):
        check_options("fibonachos", options, 3)


def test_a_player_count_outside_the_game_is_refused() -> None:
    """F3: 2-5 players; the hex game (H1) is for two, said so, not "2-2"."""
    with pytest.raises(GameError, match="2-5 players"):
        make_flow("fibonachos", ["Ana"], [], options={})
    with pytest.raises(GameError, match=r"is for 2 players, not 3$"):
        make_flow("hex", ["Ana", "Ben", "Cy"], [], options={"mode": "camera"})


def test_defaults_are_filled_in() -> None:
    """Issue 9: the options a start leaves out take their defaults, in the typed value."""
    assert check_options("fibonachos", {}, 3).to_json() == {"dealer": None, "seed": 0}
