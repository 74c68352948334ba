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

from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_GAMES
from companion.synthetic.rummy_seats import columns_of, seat_geometry, sides_for
from companion.synthetic.scene import Place, Remove, Scene
from companion.table.layout import parse_layout
from hardware.buttons_replay import parse_script

GAMES = sorted(TABLE_GAMES)


@cache
def table_of(name: str) -> Any:
    """The table of ``name`` and its scene (a scene's cloth and noise take a while)."""
    scene = scene_of((1920, 1080) if name.endswith("2p") else (2560, 1440))
    return rummy_table(TABLE_GAMES[name], scene), scene


@cache
def scene_of(size: tuple[int, int]) -> Scene:
    return Scene(size, card_width=190)


def _face(face: str) -> str:
    return face.split("=", 1)[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_card_of_the_record_goes_down_once_in_its_owners_zone(name: str) -> None:
    """R1, R2: the cards put down are the record's (sets and hands), each in its seat's zone,
    and the zone of the layout file holds the spot."""
    table, _ = table_of(name)
    layout = parse_layout(tomllib.loads(table.layout), "layout")
    rnd = table.record["rounds"][0]
    for seat, seat_table in enumerate(rnd["tables"]):
        cards = [c for group in seat_table["closed"] + seat_table["open"] for c in group]
        wanted = Counter(_face(c) for c in cards + seat_table["hand"])
        zone = f"meld-{seat}"
        placed = [s for s in table.script.steps if isinstance(s, Place) and s.zone == zone]
        assert Counter(s.card.notation.split("#")[0] for s in placed) == wanted
        assert all(layout.zone_of((s.x, s.y)) == zone for s in placed)


@pytest.mark.parametrize("name", GAMES)
def test_closed_sets_leave_in_one_gesture_and_the_player_out_closes_last(name: str) -> None:
    """R4, R6: each closed set is one Remove of all its cards, right after its owner's last
    card; the last closing gesture of the round is the player going out's."""
    table, _ = table_of(name)
    rnd = table.record["rounds"][0]
    steps = list(table.script.steps)
    removes = [s for s in steps if isinstance(s, Remove)]
    closed = [group for t in rnd["tables"] for group in t["closed"]]
    closings = removes[: len(closed)]  # then the table is cleared at the round's end
    assert sorted(sorted(c.notation.split("#")[0] for c in r.cards) for r in closings) == sorted(
        sorted(_face(c) for c in group) for group in closed
    )
    for remove in closings:
        before = steps[: steps.index(remove)]
        last = next(s for s in reversed(before) if isinstance(s, Place))
        assert last.card in remove.cards or last.zone == f"meld-{_seat_of(table, remove)}"
    assert _seat_of(table, closings[-1]) == rnd["out"]


def _seat_of(table: Any, remove: Remove) -> int:
    zones = {s.card: s.zone for s in table.script.steps if isinstance(s, Place)}
    return int(zones[remove.cards[0]].removeprefix("meld-"))


@pytest.mark.parametrize("name", GAMES)
def test_the_button_script_reads_and_counts_hands_before_the_hands_go_down(name: str) -> None:
    """R5, R7: the script parses; Count hands (the menu's fourth entry from the end) comes
    before the first hand card, End round and who went out after the last."""
    table, scene = table_of(name)
    presses = parse_script(table.buttons, "buttons")
    assert [p.time for p in presses] == sorted(p.time for p in presses)
    steps = list(table.script.steps)
    hand_faces = sum(len(t["hand"]) for t in table.record["rounds"][0]["tables"])
    places = [i for i, s in enumerate(steps) if isinstance(s, Place)]
    first_hand = places[len(places) - hand_faces] if hand_faces else places[-1] + 1
    hands_at = scene.count_frames(steps[:first_hand]) / 10.0
    words = " ".join(p.button.value for p in presses if p.time < hands_at)
    assert words.endswith("back up up up up select")
    after = [p.button.value for p in presses if p.time > hands_at]
    out = table.record["rounds"][0]["out"]
    assert after == ["back", "up", "up", "up", "select", *["down"] * out, "select", "select"]


@pytest.mark.parametrize("players", [2, 4])
def test_sets_grow_towards_their_player_and_fit_the_zone(players: int) -> None:
    """Issue 11: a seat's set grows in its player's direction (bottom: down, left: left,
    top: up, right: right), and six columns fit a bottom zone."""
    size = (1920, 1080) if players == 2 else (2560, 1440)
    seats = seat_geometry(sides_for(players), size, 190)
    grow = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}
    for seat in seats:
        (x0, y0), (x1, y1) = seat.card(0, 0), seat.card(0, 1)
        sign = (round((x1 - x0) * 1e6), round((y1 - y0) * 1e6))
        assert tuple((v > 0) - (v < 0) for v in sign) == grow[seat.side]
    assert columns_of(seats[0], size, 190) >= 6
