"""The tracker's memory across a power cut (issue 10 item 4): sightings and assumed cards.

A card seen, even once and never confirmed, is a sighting (the daemon journals it). A
restarted tracker is told what the journal says lies on the table: a card still there
gives no event, a card taken away while the daemon was down is removed like any card
taken away (its place looked at and found empty for ``forget_seconds``).
"""

from __future__ import annotations

from table_scripts import det

from companion.table.cards import TableCard
from companion.table.layout import default_layout
from companion.table.tracker import CardPlaced, CardRemoved, Coverage, TableTracker

FPS = 30
A = (0.5, 0.5)


def lying(notation: str = "R3#1", at: tuple[float, float] | None = A) -> TableCard:
    return TableCard(f"fibonachos/{notation}", "fibonachos", notation, "play", at)


def test_a_card_glimpsed_once_is_a_sighting_and_no_event() -> None:
    tracker = TableTracker(default_layout())
    assert tracker.update([det("R3#1", A)], 0.0) == []
    assert [card.notation for card in tracker.take_sightings()] == ["R3#1"]
    assert tracker.take_sightings() == []  # taken once
    events = []
    for i in range(1, 30):
        events += tracker.update([det("R3#1", A)], i / FPS)
    assert [type(e) for e in events] == [CardPlaced]
    assert tracker.take_sightings() == []  # the same card, confirmed: no second sighting
    assert tracker.stats.sighted == 1


def test_an_assumed_card_seen_again_gives_no_event() -> None:
    tracker = TableTracker(default_layout())
    tracker.assume([lying()], 0.0)
    events = []
    for i in range(60):
        events += tracker.update([det("R3#1", A)], i / FPS)
    assert events == [] and tracker.take_sightings() == []
    assert [card.notation for card in tracker.cards()] == ["R3#1"]


def test_an_assumed_card_gone_is_removed_after_forget_seconds() -> None:
    tracker = TableTracker(default_layout())
    tracker.assume([lying()], 0.0)
    removed = []
    for i in range(60):
        removed += [(i, e) for e in tracker.update([], i / FPS)]
    assert len(removed) == 1
    frame, event = removed[0]
    assert isinstance(event, CardRemoved) and event.card.key == "fibonachos/R3#1"
    assert frame == FPS  # looked at from the first frame, gone one second later


def test_an_assumed_card_under_a_hand_is_kept() -> None:
    tracker = TableTracker(default_layout())
    tracker.assume([lying()], 0.0)
    hand = Coverage(((0.0, 0.0, 1.0, 1.0),), hidden=((0.4, 0.4, 0.6, 0.6),))
    events = []
    for i in range(90):
        events += tracker.update([], i / FPS, covered=hand)
    events += tracker.update([det("R3#1", A)], 3.0)
    assert events == []


def test_assumed_places_follow_the_frames_shape() -> None:
    """A 4:3 camera: the assumed card is where the first frame's pixels say."""
    tracker = TableTracker(default_layout(), tolerance=0.05)
    tracker.assume([lying(at=(0.5, 0.8))], 0.0)
    px = det("R3#1", (0.5, 0.8))
    corners = tuple((x * 640, y * 480) for x, y in px.corners)
    events = []
    for i in range(60):
        events += tracker.update([type(px)(px.card, corners)], i / FPS, frame_size=(640, 480))
    assert events == []


def test_cards_without_a_place_are_not_assumed() -> None:
    tracker = TableTracker(default_layout())
    tracker.assume([lying(at=None)], 0.0)
    assert tracker.cards() == []
