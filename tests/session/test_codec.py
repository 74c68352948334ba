"""The journal's rows to and from the typed inputs (issue 23 item 1): every input a
flow takes is journaled by its own ``to_json`` and read back as the same value; the
rows are those journals always had, so old journals replay unchanged."""

from __future__ import annotations

import pytest

from companion.flows import commands as cmd
from companion.flows.base import FlowInput
from companion.flows.errors import CommandError
from companion.games.json_types import JSON
from companion.session.codec import decode, encode
from companion.table.cards import TableCard
from companion.table.errors import EventError
from companion.table.events import CardPlaced, CardRemoved, CardSighted

CARD = TableCard("trump/1/R1/1", "trump", "R1", "play", (0.5, 0.25), facing="bottom")

INPUTS: list[FlowInput] = [
    CardPlaced(CARD, 2.0),
    CardRemoved(CARD, 2.0),
    CardSighted(CARD, 2.0),
    CardPlaced(TableCard("k", "rummy21", "?", "meld-1", None, face_down=True), 2.0),
    cmd.Undo(),
    cmd.Replace("k", "R5", "play-1"),
    cmd.EndRound(None),
]


@pytest.mark.parametrize("event", INPUTS, ids=repr)
def test_every_input_reads_back_as_itself(event: FlowInput) -> None:
    """Issue 23 item 1: encode then decode gives the same value (``at``: the row's)."""
    kind, payload = encode(event)
    assert decode(kind, payload, at=2.0) == event


def test_rows_are_the_ones_journals_always_had() -> None:
    """Issue 23 item 1 (old journals still replay): a card's row is its fields and its
    event's name, in the order they were always written; a row of the old kinds reads."""
    kind, payload = encode(CardPlaced(CARD))
    assert kind == "table"
    assert list(payload) == [
        "key", "deck", "notation", "zone", "position", "face_down", "facing", "event"
    ]  # fmt: skip
    assert payload["position"] == [0.5, 0.25] and payload["event"] == "placed"
    assert encode(CardSighted(CARD))[0] == "sighting"
    old = {"key": "k", "deck": "trump", "notation": "R1", "zone": "play", "event": "removed"}
    assert decode("table", old) == CardRemoved(TableCard("k", "trump", "R1", "play"))
    assert encode(cmd.Strikes(2)) == ("command", {"name": "strikes", "args": {"n": 2}})


def test_a_row_no_input_answers_to_is_refused_naming_it() -> None:
    """Issue 23 item 1: a card row with another event, a row of another kind, a command
    no flow knows: each a ValueError naming what is wrong."""
    with pytest.raises(EventError, match="'sighted' is not placed or removed"):
        decode("table", {**CARD.to_json(), "event": "sighted"})
    with pytest.raises(EventError, match="'score' is no kind of input"):
        decode("score", {})
    with pytest.raises(CommandError, match="unknown command 'jump'"):
        decode("command", {"name": "jump", "args": {}})


@pytest.mark.parametrize(
    ("field", "value"),
    [("face_down", "no"), ("face_down", 1), ("facing", 3), ("notation", 3), ("zone", None)],
)
def test_a_card_field_of_another_kind_is_refused_not_read_as_another(
    field: str, value: JSON
) -> None:
    """Issue 23 item 1: a card's row read back holds each field as ``to_json`` writes it;
    a ``face_down`` of ``"no"`` was read as face up, a ``facing`` of 3 as none, each an
    EventError naming the field now."""
    with pytest.raises(EventError, match=f"'{field}' is"):
        decode("table", {**CARD.to_json(), field: value, "event": "placed"})
