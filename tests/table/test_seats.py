"""Seats on any side of the picture (issue 11 item 2, R2): the layout says each meld
zone's side, and a seat's sets are grouped and ordered along that seat's own "down"."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.rummy import DECK_21, check_set, parse_card
from companion.table.cards import TableCard
from companion.table.layout import SEATING, load_layout, nearest_side, rummy_layout
from companion.table.seats import fold_sets, group_sets, seat_point, set_order

STEP = 0.25 * 0.15  # a strip of a card height (the flow's card: 0.15 of the frame's height)
#: Where a seat on each side lays its base card, and the picture's step to the next card.
LAYS = {
    "bottom": ((0.40, 0.70), (0.0, STEP)),
    "top": ((0.60, 0.30), (0.0, -STEP)),
    "left": ((0.19, 0.50), (-STEP * 9 / 16, 0.0)),
    "right": ((0.81, 0.50), (STEP * 9 / 16, 0.0)),
}
FACES = ("B5", "8", "3", "5")


def laid(side: str, faces: tuple[str, ...] = FACES, shift: float = 0.0) -> list[TableCard]:
    """A set as a seat on ``side`` lays it: base first, each card a strip nearer the player."""
    (x, y), (dx, dy) = LAYS[side]
    if side in ("bottom", "top"):
        x += shift
    else:
        y += shift
    return [
        TableCard(
            f"{side}/{shift}/{i}", "rummy21", face, "meld-0", (x + i * dx, y + i * dy), facing=side
        )
        for i, face in enumerate(faces)
    ]


@pytest.mark.parametrize("side", ["bottom", "top", "left", "right"])
def test_a_set_is_ordered_from_its_base_whichever_side_its_seat_is_on(side: str) -> None:
    """Issue 11 item 2, R2: the base card comes first for every side, two sets stay apart."""
    cards = laid(side) + laid(side, ("B3", "13", "5"), shift=0.12)
    groups = group_sets(reversed(cards))
    by_base = sorted([c.notation for c in g] for g in groups)
    assert by_base == [["B3", "13", "5"], list(FACES)]
    verdict = check_set([parse_card(n, DECK_21) for n in by_base[1]], DECK_21)
    assert verdict.legal and verdict.complete


def test_a_top_seats_set_was_refused_by_the_pictures_own_order() -> None:
    """Issue 11: "a 180-degree seat's set was refused (R2)": read top to bottom of the
    picture, a top seat's set starts with its last card; read by the seat, with its base."""
    cards = laid("top")
    old = group_sets([TableCard(c.key, c.deck, c.notation, c.zone, c.position) for c in cards])
    assert [c.notation for c in old[0]] == list(reversed(FACES))
    assert not check_set([parse_card(c.notation, DECK_21) for c in old[0]], DECK_21).legal
    assert [c.notation for c in set_order(cards)] == list(FACES)


def test_a_card_without_facing_is_a_bottom_seats_as_before() -> None:
    """Issue 11: cards of hand-written layouts (no side) read as a bottom seat's."""
    cards = [TableCard(c.key, c.deck, c.notation, c.zone, c.position) for c in laid("bottom")]
    assert [[c.notation for c in g] for g in group_sets(reversed(cards))] == [list(FACES)]


def test_seat_point_turns_the_picture_to_the_seats_view() -> None:
    """Issue 11: "along" grows toward the player on every side."""
    assert seat_point((0.5, 0.9), "bottom")[1] > seat_point((0.5, 0.1), "bottom")[1]
    assert seat_point((0.5, 0.1), "top")[1] > seat_point((0.5, 0.9), "top")[1]
    assert seat_point((0.1, 0.5), "left")[1] > seat_point((0.9, 0.5), "left")[1]
    assert seat_point((0.9, 0.5), "right")[1] > seat_point((0.1, 0.5), "right")[1]


@pytest.mark.parametrize("players", sorted(SEATING))
def test_rummy_layout_gives_each_seat_a_zone_on_its_side(players: int) -> None:
    """Issue 11 item 3: N players (1-4, R rules) get meld zones with no polygon written;
    each zone's middle is nearest its own side, zones do not overlap, the middle is free
    for the draw and discard piles."""
    layout = rummy_layout(players)
    assert layout.names() == tuple(f"meld-{seat}" for seat in range(players))
    for seat, side in enumerate(SEATING[players]):
        zone = layout.zones[seat]
        assert layout.facing(zone.name) == side == nearest_side(zone.middle())
        assert layout.zone_of(zone.middle()) == zone.name
    assert layout.zone_of((0.5, 0.5)) is None


def test_two_seats_on_one_side_share_it_clockwise() -> None:
    """Issue 11 item 3: seats around the table in clockwise order, two at the bottom."""
    layout = rummy_layout(["bottom", "bottom", "top"])
    assert layout.zone_of((0.8, 0.9)) == "meld-0" and layout.zone_of((0.2, 0.9)) == "meld-1"
    assert layout.facing("meld-1") == "bottom"


def test_a_layout_file_may_give_seats_or_sides(tmp_path: Path) -> None:
    """Issue 11 item 3: ``seats = 4`` is a whole rummy layout; a zone's ``side`` wins over
    the nearest edge; without one a meld zone faces its nearest edge, other zones none."""
    path = tmp_path / "rummy.toml"
    path.write_text("seats = 4\ncard_size = [0.08, 0.2]\n", encoding="utf-8")
    layout = load_layout(path)
    assert [layout.facing(n) for n in layout.names()] == ["bottom", "left", "top", "right"]
    assert layout.card_size == (0.08, 0.2)
    path.write_text(
        '[[zone]]\nname = "meld-0"\nside = "left"\npolygon = [[0, 0.6], [1, 0.6], [1, 1]]\n'
        '[[zone]]\nname = "meld-1"\npolygon = [[0, 0], [1, 0], [1, 0.3]]\n'
        '[[zone]]\nname = "play"\npolygon = [[0, 0.4], [1, 0.4], [1, 0.5]]\n',
        encoding="utf-8",
    )
    layout = load_layout(path)
    assert (layout.facing("meld-0"), layout.facing("meld-1"), layout.facing("play")) == (
        "left",
        "top",
        None,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('seats = ["bottom", "up"]', "'up' is not a side"),
        ("seats = 9", "rummy seats 1 to 4"),
        ('seats = "two"', "seats must be a number of players or a list of sides"),
        (
            '[[zone]]\nname = "meld-0"\nside = "north"\npolygon = [[0, 0], [1, 0], [1, 1]]',
            "side 'north'",
        ),
        (
            'seats = 2\n[[zone]]\nname = "meld-1"\npolygon = [[0, 0], [1, 0], [1, 1]]',
            "'meld-1' is given twice",
        ),
    ],
)
def test_bad_seats_are_refused_naming_the_key(tmp_path: Path, text: str, message: str) -> None:
    """Issue 11 item 3: every mistake names the file and the key (docs/layout.md)."""
    path = tmp_path / "bad.toml"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=str(path)) as caught:
        load_layout(path)
    assert message in str(caught.value)


def _standard(before: object, first: TableCard) -> bool:
    return first.notation.isdigit()


@pytest.mark.parametrize("side", sorted(LAYS))
def test_a_long_set_folded_into_the_next_column_is_one_set(side: str) -> None:
    """Issue 26, R2 (docs/rummy.md "A set longer than your zone"): on each side, a set
    whose column of four is full goes on at the far side of the next column to the
    player's right; the columns read as one set, base first; a column headed by a
    card that starts sets, or beside a column not yet full, stays a set of its own."""
    pitch = 1.3 * (0.07 if side in ("bottom", "top") else 0.15 * 9 / 16)
    right = {"bottom": 1, "top": -1, "left": 1, "right": -1}[side]
    first = laid(side, ("B2", "2", "2", "2"))
    second = laid(side, ("3", "3", "2", "5"), shift=right * pitch)
    third = laid(side, ("B5", "8"), shift=2 * right * pitch)
    groups = group_sets([*first, *second, *third])
    folded = fold_sets(groups, _standard)
    assert [[c.notation for c in g] for g in folded] == [
        ["B2", "2", "2", "2", "3", "3", "2", "5"],
        ["B5", "8"],
    ]
    assert len(fold_sets(groups, lambda before, card: False)) == 3  # not a continuation
    short = group_sets([*first[:3], *second])  # a column of three: not full
    assert len(fold_sets(short, _standard)) == 2
    far = group_sets([*first, *laid(side, ("3", "3"), shift=3 * right * pitch)])
    assert len(fold_sets(far, _standard)) == 2  # three columns away: not beside it
