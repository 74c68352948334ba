"""The synthetic rummy tables are laid in the zones a real table's layout makes (issue 11
item 3, docs/rummy.md "Setting up"): every card a seat puts down lies in that seat's
zone of ``rummy_layout`` (what ``seats = N`` and ``companion calibrate --write-layout``
give), and each seat's SEAT marker lies in its zone, nearest its own side."""

from __future__ import annotations

import pytest
from layout_scenes import layout_scene

from companion.games.json_types import list_field
from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_PICTURES
from companion.synthetic.rummy_seats import marker_spots, sides_for
from companion.synthetic.scene import Place
from companion.table.layout import nearest_side, rummy_layout

#: The tables the replay tests play, at their pictures (tests/e2e/test_replay_rummy_rounds.py).
TABLES = TABLE_PICTURES


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_card_lies_in_its_seats_zone_of_the_products_layout(name: str) -> None:
    """Issue 11 items 3 and 5: the replay tests' layouts come from calibrate, so the
    cards must lie where its zones are (a card's centre, where its middle code is)."""
    record, size = TABLES[name]
    sides = sides_for(len(list_field(record, "players")))
    scene = layout_scene(size)
    table = rummy_table(record, scene)
    layout = rummy_layout(sides, scene.card_fraction())
    laid = [s for s in table.script.steps if isinstance(s, Place) and s.zone.startswith("meld")]
    assert laid
    astray = [(s.card.notation, s.zone, layout.zone_of((s.x, s.y))) for s in laid]
    assert [a for a in astray if a[1] != a[2]] == []
    for seat, (x, y, _) in enumerate(marker_spots(table.seats)):
        assert layout.zone_of((x, y)) == f"meld-{seat}"
        assert nearest_side((x, y)) == sides[seat]
