"""Issue 11 item 5: a rummy record played at a synthetic table, gesture by gesture.

What the script shows must be the record: every card of a round put down once in
its owner's zone, a closed set picked up in one gesture in its owner's turn, the
player who goes out closing last, hands laid out after "Count hands", and the
buttons pressed in order on table time. No frame is rendered here.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from typing import Any

import pytest
from layout_scenes import layout_scene

from companion.games.json_types import text_field
from companion.games.rummy.printed import played_as
from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_PICTURES
from companion.synthetic.rummy_seats import (
    STRIP,
    columns_of,
    deepest_for,
    seat_geometry,
    sides_for,
)
from companion.synthetic.scene import Place, Remove, Scene
from companion.table.layout import parse_layout
from hardware.buttons_replay import parse_script

#: The matches and the picture each is played in (docs/rummy.md "The camera").
TABLES = TABLE_PICTURES
GAMES = sorted(TABLES)


@cache
def table_of(name: str) -> Any:
    """The table of ``name`` and its scene (a scene's cloth and noise take a while)."""
    record, size = TABLES[name]
    scene = scene_of(size)
    return rummy_table(record, scene), scene


def scene_of(size: tuple[int, int]) -> Scene:
    return layout_scene(size)


def _face(face: str) -> str:
    return face.split("=", 1)[0]


def _rounds(table: Any) -> list[tuple[dict[str, Any], list[Any]]]:
    """Each round of the record with its steps (the last round's run to the match's end)."""
    steps = list(table.script.steps)
    ends = [*table.round_starts[1:], len(steps)]
    return [
        (rnd, steps[start:end])
        for rnd, start, end in zip(table.record["rounds"], table.round_starts, ends, strict=True)
    ]


@pytest.mark.parametrize(
    "name",
    # The full-size table in the slow set, with its replay (issue 20).
    [pytest.param(n, marks=pytest.mark.slow) if n == "full-table" else n for n in GAMES],
)
def test_every_card_of_the_record_goes_down_once_in_its_owners_zone(name: str) -> None:
    """R1, R2: the cards put down in each round are the round's (sets and hands), each in
    its seat's zone, and the zone of the layout file holds the spot (an eight-card set
    at 12 MP too)."""
    table, _ = table_of(name)
    layout = parse_layout(tomllib.loads(table.layout), "layout")
    assert len(table.record["rounds"]) >= 2  # a match (R9)
    for rnd, steps in _rounds(table):
        for seat, seat_table in enumerate(rnd["tables"]):
            cards = [c for group in seat_table["closed"] + seat_table["open"] for c in group]
            wanted = Counter(_face(c) for c in cards + seat_table["hand"])
            zone = f"meld-{seat}"
            placed = [s for s in steps if isinstance(s, Place) and s.zone == zone]
            assert Counter(s.card.notation.split("#")[0] for s in placed) == wanted
            assert all(layout.zone_of((s.x, s.y)) == zone for s in placed)


@pytest.mark.parametrize("name", GAMES)
def test_closed_sets_leave_in_one_gesture_and_the_player_out_closes_last(name: str) -> None:
    """R4, R6: in every round each closed set is one Remove of all its cards, right after
    its owner's last card; the last closing gesture of a round someone went out in is
    theirs."""
    table, _ = table_of(name)
    for rnd, steps in _rounds(table):
        removes = [s for s in steps if isinstance(s, Remove)]
        closed = [group for t in rnd["tables"] for group in t["closed"]]
        closings = removes[: len(closed)]  # then the table is cleared at the round's end
        assert sorted(sorted(c.notation.split("#")[0] for c in r.cards) for r in closings) == (
            sorted(sorted(_face(c) for c in group) for group in closed)
        )
        for remove in closings:
            before = steps[: steps.index(remove)]
            last = next(s for s in reversed(before) if isinstance(s, Place))
            assert last.card in remove.cards or last.zone == f"meld-{_seat_of(steps, remove)}"
        if rnd["out"] is not None:
            assert _seat_of(steps, closings[-1]) == rnd["out"]


def _seat_of(steps: list[Any], remove: Remove) -> int:
    """The seat whose zone ``remove``'s cards lay in (serials start again each round)."""
    zones = {s.card: s.zone for s in steps if isinstance(s, Place)}
    return int(zones[remove.cards[0]].removeprefix("meld-"))


@pytest.mark.parametrize("name", GAMES)
def test_the_button_script_counts_hands_ends_each_round_and_then_the_match(name: str) -> None:
    """R5, R7, R9: the script parses; in every round Count hands (the menu's fourth entry
    from the end) comes before the first hand card, End round and who went out (offered
    first: the one who played last) after the last; after the last round, End game and
    "yes" (the menu's second entry from the end)."""
    table, scene = table_of(name)
    presses = parse_script(table.buttons, "buttons")
    assert [p.time for p in presses] == sorted(p.time for p in presses)
    steps = list(table.script.steps)
    ends = [*table.round_starts[1:], len(steps)]
    for (rnd, _), end in zip(_rounds(table), ends, strict=True):
        hand_faces = sum(len(t["hand"]) for t in rnd["tables"])
        places = [i for i, s in enumerate(steps[:end]) if isinstance(s, Place)]
        first_hand = places[len(places) - hand_faces] if hand_faces else places[-1] + 1
        hands_at = scene.count_frames(steps[:first_hand]) / 10.0
        words = " ".join(p.button.value for p in presses if p.time < hands_at)
        assert words.endswith("back up up up up select")
        later = [p.button.value for p in presses if p.time > hands_at]
        who = 0 if rnd["out"] is not None else len(rnd["tables"])  # "Nobody went out": last
        end_round = ["back", "up", "up", "up", "select", *["down"] * who, "select"]
        assert later[: 7 + who] == [*end_round, "select"]  # a press puts the scores away
    last = [p.button.value for p in presses][-5:]
    assert last == ["back", "up", "up", "select", "select"]


@pytest.mark.parametrize(
    ("players", "size", "longest"),
    [(2, (2304, 1296), 4), (4, (2560, 1440), 4), (4, (4608, 2592), 8)],
)
def test_sets_grow_towards_their_player_and_fit_the_zone(
    players: int, size: tuple[int, int], longest: int
) -> None:
    """Issue 11: a seat's set grows in its player's direction (bottom: down, left: left,
    top: up, right: right), six columns fit a bottom zone, and the zones are as deep as
    the picture allows: sets of four cards at 2304x1296 and 2560x1440, of eight (the
    rulebook's longest) at 12 MP, the last card of such a set inside its zone."""
    seats = seat_geometry(sides_for(players), size, 190)
    assert deepest_for(sides_for(players), size, 190) == longest
    grow = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}
    for seat in seats:
        (x0, y0), (x1, y1) = seat.card(0, 0), seat.card(0, 1)
        sign = (round((x1 - x0) * 1e6), round((y1 - y0) * 1e6))
        assert tuple((v > 0) - (v < 0) for v in sign) == grow[seat.side]
        half = round(0.5 / STRIP)  # a card's near edge lies half a card past its centre
        inside = seat.card(0, longest - 1 + half)  # the near edge of the set's last card
        beyond = seat.card(0, longest + half)  # ... of one card more
        assert _within(seat.zone, inside) and not _within(seat.zone, beyond)
    assert columns_of(seats[0], size, 190) >= 6


def _within(zone: tuple[float, float, float, float], point: tuple[float, float]) -> bool:
    return zone[0] < point[0] < zone[2] and zone[1] < point[1] < zone[3]


@pytest.mark.parametrize("name", ["rummy13-2p", "rummy8-4p"])
def test_a_match_drawn_from_deck_21_lays_the_deck_21_card_of_each_card(name: str) -> None:
    """Issue 26, R1: with ``printed="rummy21"`` every card laid is a printed Deck 21
    card, each physical card once a round, and each is the game's card the record names
    (Deck 21's base 13s are Fibonacci 13's top card); the presses and places are the
    same as with the game's own deck."""
    record, size = TABLES[name]
    own, _ = table_of(name)
    table = rummy_table(record, scene_of(size), printed="rummy21")
    assert table.presses == own.presses
    for (_, steps), (_, own_steps) in zip(_rounds(table), _rounds(own), strict=True):
        laid = [s for s in steps if isinstance(s, Place)]
        own_laid = [s for s in own_steps if isinstance(s, Place)]
        assert {s.card.deck for s in laid} == {"rummy21"}
        assert len({s.card.notation for s in laid}) == len(laid)  # each card once a round
        game = text_field(record, "game")
        played = [played_as("rummy21", s.card.notation, game) for s in laid]
        assert played == [s.card.notation for s in own_laid]
        assert [(s.x, s.y, s.zone) for s in laid] == [(s.x, s.y, s.zone) for s in own_laid]
