"""Covered cards keep their place and identity; a set picked up leaves together
(issue 11 item 2: "B13 laid at (0.309, 0.164) came back at (0.272, 0.069)"; "at 1280x720
covered cards were removed and never found again"; R4 closing a set by gathering it).

Frames at 30 per second; every decode looks at the whole frame (the strictest case:
each place is looked at every frame). A card's outline is estimated from its middle
code (det's 0.04 side: a card about 0.17 of the frame high), so the next card of a
set lies a quarter card height (0.044) nearer its player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from table_scripts import Det, det, names

from companion.table.layout import default_layout, rummy_layout
from companion.table.tracker import CardRemoved, CardsGathered, TableEvent, TableTracker

FPS = 30
STRIP = 0.044
A = (0.30, 0.70)  # a base card in the bottom seat's zone of rummy_layout(2)
B = (0.30, 0.70 + STRIP)  # the next card of its set, over A's lower three quarters


def run(
    t: TableTracker, frames: range, seen: Callable[[int], Sequence[Det]]
) -> list[tuple[float, TableEvent]]:
    events: list[tuple[float, TableEvent]] = []
    for i in frames:
        events.extend((i / FPS, e) for e in t.update(seen(i), i / FPS))
    return events


def test_a_covered_card_stays_though_its_code_is_no_longer_read() -> None:
    """Issue 11: the base card's code is hidden by the next card: it stays, at its place."""
    t = TableTracker(rummy_layout(2))
    events = run(t, range(30), lambda i: [det("B5#1", A, deck="rummy21")])
    events += run(t, range(30, 150), lambda i: [det("8#1", B, deck="rummy21")])
    assert names(events) == ["CardPlaced:B5#1@meld-0", "CardPlaced:8#1@meld-0"]
    assert {c.notation: c.position for c in t.cards()} == {"B5#1": A, "8#1": B}
    assert {c.facing for c in t.cards()} == {"bottom"}


def test_a_card_beside_another_is_not_covered_and_leaves() -> None:
    """Issue 11: only the cards over a card keep it; a neighbour does not."""
    t = TableTracker(rummy_layout(2))
    beside = (0.45, 0.70)
    events = run(t, range(30), lambda i: [det("B5#1", A, deck="rummy21")])
    events += run(t, range(30, 90), lambda i: [det("8#1", beside, deck="rummy21")])
    assert names(events)[-1] == "CardRemoved:B5#1@meld-0"


def test_a_covered_cards_corner_code_across_a_zone_edge_is_no_move() -> None:
    """Issue 11 ("came back elsewhere"): the corner code of a covered card, read inside
    its outline but in the next zone, is the card where it lies, not a card moved."""
    t = TableTracker(rummy_layout(4))  # the left seat's zone ends at x = 0.2
    base, over, corner = (0.22, 0.75), (0.22, 0.75 + STRIP), (0.197, 0.69)
    assert t.layout.zone_of(corner) == "meld-1" and t.layout.zone_of(base) == "meld-0"
    events = run(t, range(30), lambda i: [det("B5#1", base, deck="rummy21")])
    events += run(
        t,
        range(30, 150),
        lambda i: [det("8#1", over, deck="rummy21"), det("B5#1", corner, "rummy21", side=0.02)],
    )
    assert names(events) == ["CardPlaced:B5#1@meld-0", "CardPlaced:8#1@meld-0"]


def test_a_set_gathered_up_leaves_in_one_update_in_set_order() -> None:
    """Issue 11, R4: every card of the set removed at once, then one CardsGathered."""
    t = TableTracker(rummy_layout(2))
    laid = [("B5#1", A), ("8#1", B), ("3#1", (0.30, 0.70 + 2 * STRIP))]

    def top(i: int) -> list[Det]:  # only the last card put down is read
        name, at = laid[min(i // 30, 2)]
        return [det(name, at, deck="rummy21")] if i < 120 else []

    events = run(t, range(120), top)
    assert len(t.cards()) == 3
    events += run(t, range(120, 180), top)
    gone = [(at, e) for at, e in events if isinstance(e, CardRemoved | CardsGathered)]
    assert len({at for at, _ in gone}) == 1
    assert sorted(names(gone)[:3]) == [f"CardRemoved:{n}@meld-0" for n in ("3#1", "8#1", "B5#1")]
    assert names(gone)[3:] == ["CardsGathered:B5#1 8#1 3#1@meld-0"]


def test_the_top_card_taken_back_leaves_alone() -> None:
    """Issue 11: the card that lay over another leaves; the one under it shows again."""
    t = TableTracker(rummy_layout(2))
    events = run(t, range(30), lambda i: [det("B5#1", A, deck="rummy21")])
    events += run(t, range(30, 90), lambda i: [det("8#1", B, deck="rummy21")])
    events += run(t, range(90, 150), lambda i: [det("B5#1", A, deck="rummy21")])
    assert names(events)[2:] == ["CardRemoved:8#1@meld-0"]
    assert [c.notation for c in t.cards()] == ["B5#1"]


def test_the_card_under_is_removed_once_its_place_is_seen_empty() -> None:
    """Issue 11: when the card over it goes and its own place shows nothing, it goes."""
    t = TableTracker(rummy_layout(2))
    events = run(t, range(30), lambda i: [det("B5#1", A, deck="rummy21")])
    events += run(t, range(30, 90), lambda i: [det("8#1", B, deck="rummy21")])
    events += run(t, range(90, 150), lambda i: [])
    assert sorted(names(events)[2:4]) == ["CardRemoved:8#1@meld-0", "CardRemoved:B5#1@meld-0"]


def test_cards_cleared_from_a_zone_without_a_seat_are_not_gathered() -> None:
    """Issue 11: CardsGathered is a seat's fact; a trick cleared gives removals only."""
    t = TableTracker(default_layout())
    events = run(t, range(30), lambda i: [det("R1#1", (0.4, 0.5)), det("G2", (0.6, 0.5))])
    events += run(t, range(30, 90), lambda i: [])
    assert sorted(names(events)[2:]) == ["CardRemoved:G2@play", "CardRemoved:R1#1@play"]


def test_a_card_taken_away_is_not_kept_by_the_next_card_put_in_its_place() -> None:
    """Issue 11: a card seen gone, then another laid over its place half a second later
    (a rummy card swapped): the first is removed, not taken for covered."""
    t = TableTracker(rummy_layout(2))
    events = run(t, range(30), lambda i: [det("W#1", A, deck="rummy21")])
    events += run(t, range(30, 45), lambda i: [])
    events += run(t, range(45, 120), lambda i: [det("B5#1", B, deck="rummy21")])
    assert names(events) == [
        "CardPlaced:W#1@meld-0",
        "CardPlaced:B5#1@meld-0",
        "CardRemoved:W#1@meld-0",
    ]


def test_a_spicy_card_replaced_on_its_spot_leaves() -> None:
    """Issue 11 (and the trick games' demo): the last trick's spicy card taken, the next
    one put on the same spot soon after: the old one is removed."""
    t = TableTracker(default_layout())
    spot = (0.12, 0.22)
    events = run(t, range(30), lambda i: [det("S1#1", spot)])
    events += run(t, range(30, 40), lambda i: [])
    events += run(t, range(40, 120), lambda i: [det("S2", spot)])
    assert "CardRemoved:S1#1@spicy" in names(events)
