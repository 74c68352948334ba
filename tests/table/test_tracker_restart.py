"""The tracker's memory across a power cut (issue 10 item 4): sightings and assumed cards.

A card seen, even once and never confirmed, is a sighting (the daemon journals it). A
restarted tracker is told what the journal says lies on the table: a card still there
gives no event, a card taken away while the daemon was down is removed like any card
taken away (its place looked at and found empty for ``forget_seconds``).
"""

from __future__ import annotations

from table_scripts import det

from companion.table.cards import TableCard
from companion.table.layout import default_layout, rummy_layout
from companion.table.tracker import CardPlaced, CardRemoved, Coverage, TableEvent, TableTracker

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


def test_an_expected_card_needs_one_sighting_less() -> None:
    """Issue 22 item 6: a card seen before a restart and not confirmed is a candidate
    credited with that sighting: two more sightings place it (a new card needs three,
    over confirm_seconds), and it is no new sighting."""
    fresh = TableTracker(default_layout())
    fresh_frames = [i for i in range(10) if fresh.update([det("R3#1", A)], i / FPS)]
    tracker = TableTracker(default_layout())
    tracker.expect([lying()], 0.0)
    frames = [i for i in range(10) if tracker.update([det("R3#1", A)], i / FPS)]
    assert frames[0] == 1 < fresh_frames[0]
    assert tracker.take_sightings() == []
    assert [card.notation for card in tracker.cards()] == ["R3#1"]


def test_an_expected_card_not_there_is_dropped_silently() -> None:
    """Issue 22 item 6: a card expected and not found (swept up while the power was
    off) is dropped like any candidate: no event, not on the table."""
    tracker = TableTracker(default_layout())
    tracker.expect([lying(), lying("R4#1", at=None)], 0.0)
    events = []
    for i in range(60):
        events += tracker.update([], i / FPS)
    assert events == [] and tracker.cards() == []
    events = [e for i in range(60, 70) for e in tracker.update([det("R3#1", A)], i / FPS)]
    assert [type(e) for e in events] == [CardPlaced]  # later, a new card as any other
    assert [card.notation for card in tracker.take_sightings()] == ["R3#1"]


B = (0.7, 0.3)
SPICY = (0.12, 0.22)


def steady(
    tracker: TableTracker, cards: dict[str, tuple[float, float]], frames: range
) -> list[TableEvent]:
    """The events of ``frames`` (at FPS) with ``cards`` (notation: place) read in each."""
    return [
        e for i in frames for e in tracker.update([det(n, at) for n, at in cards.items()], i / FPS)
    ]


def test_a_trick_swept_up_leaves_before_the_next_card_is_placed() -> None:
    """Issue 22 item 6: in the zones of no seat, cards found missing since before a new
    card of their deck was first seen leave when it is placed, before it, not a second
    after they went: a trick swept up and the next one put down at once."""
    tracker = TableTracker(default_layout())
    trick = {"S2#1": SPICY, "Y4": A, "Y9": B}
    steady(tracker, trick, range(10))
    assert len(tracker.cards()) == 3
    steady(tracker, {}, range(10, 13))  # swept: looked at, found empty
    events = steady(tracker, {"S0#1": SPICY}, range(13, 20))
    assert [type(e).__name__ + ":" + e.card.notation for e in events] == [
        "CardRemoved:S2#1",
        "CardRemoved:Y4",
        "CardRemoved:Y9",
        "CardPlaced:S0#1",
    ]
    assert events[-1].at < 12 / FPS + tracker.forget_seconds


def test_a_card_missing_only_since_the_new_one_came_stays_its_time() -> None:
    """Issue 22 item 6: a card found missing after the new card was first seen (a hand
    putting it down may hide it, a read may fail) keeps the usual forget_seconds."""
    tracker = TableTracker(default_layout())
    steady(tracker, {"Y4": A}, range(10))
    steady(tracker, {"Y4": A, "Y9": B}, range(10, 12))  # Y9 first seen at 10
    events = steady(tracker, {"Y9": B}, range(12, 20))  # Y4 missing from 12
    assert [type(e).__name__ + ":" + e.card.notation for e in events] == ["CardPlaced:Y9"]
    assert_removed_a_second_after(tracker, 12, {"Y9": B})


def assert_removed_a_second_after(
    tracker: TableTracker, missing: int, there: dict[str, tuple[float, float]]
) -> None:
    """The one card missing from frame ``missing`` on leaves forget_seconds later."""
    later = steady(tracker, there, range(20, 60))
    assert [type(e).__name__ for e in later] == ["CardRemoved"]
    gone = missing / FPS + tracker.forget_seconds
    assert gone - 1e-9 <= later[0].at < gone + 2 / FPS


def test_a_card_in_a_seats_zone_is_not_hurried_away() -> None:
    """Issue 22 item 6: a card of a seat's zone (a rummy set) found missing before a new
    card there was first seen keeps the usual forget_seconds (a set picked up leaves
    whole, CardsGathered, by the usual rule)."""
    tracker = TableTracker(rummy_layout(2))
    base, next_ = (0.3, 0.85), (0.7, 0.85)
    steady(tracker, {"B2": base}, range(10))
    steady(tracker, {}, range(10, 12))
    events = steady(tracker, {"3#1": next_}, range(12, 20))
    assert [type(e).__name__ + ":" + e.card.notation for e in events] == ["CardPlaced:3#1"]
    assert_removed_a_second_after(tracker, 10, {"3#1": next_})


def test_a_card_of_another_deck_does_not_hurry_a_removal() -> None:
    """Issue 22 item 6: only a card of the missing card's deck says the table moved on."""
    tracker = TableTracker(default_layout())
    steady(tracker, {"Y4": A}, range(10))
    steady(tracker, {}, range(10, 12))
    undo = det("undo", B, deck="control")
    events = [e for i in range(12, 20) for e in tracker.update([undo], i / FPS)]
    assert [type(e).__name__ + ":" + e.card.notation for e in events] == ["CardPlaced:undo"]
