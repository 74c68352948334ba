"""Flow commands are frozen dataclasses with one JSON form, the journal's (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest
from command_samples import SAMPLES

from companion.flows.commands import (
    COMMANDS,
    CloseSet,
    EndRound,
    Move,
    Replace,
    Strikes,
    Undo,
    from_json,
)
from companion.flows.errors import CommandError


@pytest.mark.parametrize("command", SAMPLES.values(), ids=lambda c: c.name)
def test_every_command_comes_back_from_its_json(command: Any) -> None:
    payload = command.to_json()
    assert set(payload) == {"name", "args"} and COMMANDS[payload["name"]] is type(command)
    assert from_json(payload) == command


@pytest.mark.parametrize(
    ("payload", "command"),
    [
        ({"name": "undo", "args": {}}, Undo()),
        ({"name": "undo"}, Undo()),
        ({"name": "move", "args": {}}, Move()),
        ({"name": "move", "args": {"move": "b2-c2"}}, Move("b2-c2")),
        ({"name": "end-round", "args": {"out": None}}, EndRound(None)),
        ({"name": "replace", "args": {"key": "k", "card": "R12"}}, Replace("k", "R12")),
        ({"name": "replace", "args": {"key": "k", "notation": "R12"}}, Replace("k", "R12")),
        (
            {"name": "replace", "args": {"key": "k", "card": {"notation": "R1", "zone": "play"}}},
            Replace("k", "R1", "play"),
        ),
    ],
)
def test_the_old_journal_forms_are_read(payload: dict[str, Any], command: Any) -> None:
    """The rows the untyped FlowCommand(name, args) wrote before issue 9."""
    assert from_json(payload) == command


@pytest.mark.parametrize(
    ("payload", "fault"),
    [
        ({"name": "jump", "args": {}}, r"unknown command 'jump' \(the commands are: undo, "),
        ({"args": {}}, "unknown command None"),
        ({"name": "strikes", "args": {"n": "two"}}, "strikes: n 'two' is not a whole number"),
        ({"name": "strikes", "args": {"n": True}}, "strikes: n True is not a whole number"),
        ({"name": "strikes", "args": {}}, "strikes: the argument 'n' is missing"),
        ({"name": "page", "args": {"step": "up"}}, "page: step 'up' is not a whole number"),
        ({"name": "page", "args": {"steps": 1}}, r"page: unknown arguments \['steps'\]"),
        ({"name": "end-round", "args": {"out": "Ana"}}, "not a whole number or null"),
        ({"name": "undo", "args": [1]}, "undo: the arguments are not an object"),
        (
            {"name": "replace", "args": {"key": "k", "card": {"notation": "R1", "deck": "x"}}},
            r"changes notation and zone, not \['deck'\]",
        ),
    ],
)
def test_a_command_that_cannot_be_read_says_why(payload: dict[str, Any], fault: str) -> None:
    with pytest.raises(CommandError, match=fault):
        from_json(payload)


def test_arguments_at_their_default_are_left_out() -> None:
    assert Move().to_json() == {"name": "move", "args": {}}
    assert EndRound(None).to_json() == {"name": "end-round", "args": {"out": None}}
    assert CloseSet(1, "5").to_json() == {"name": "close-set", "args": {"seat": 1, "base": "5"}}
    assert Strikes(0).to_json() == {"name": "strikes", "args": {"n": 0}}
