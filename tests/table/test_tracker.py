"""The table tracker on scripted detection sequences (issue 4 section 2).

Frames come at 30 per second of table time; each test scripts which codes a
frame's decode found and where it looked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from table_scripts import Card, Det, det, names

from companion.table.layout import default_layout
from companion.table.tracker import (
    OUTSIDE,
    CardPlaced,
    CardRemoved,
    Coverage,
    DuplicateCard,
    TableEvent,
    TableTracker,
)

FPS = 30
A = (0.5, 0.5)
B = (0.7, 0.3)


def tracker(**options: float) -> TableTracker:
    return TableTracker(default_layout(), **options)  # type: ignore[arg-type]


def run(
    t: TableTracker,
    frames: int,
    seen: Callable[[int], Sequence[Det]],
    covered: Callable[[int], Coverage | None] = lambda i: None,
    start: int = 0,
) -> list[tuple[float, TableEvent]]:
    events: list[tuple[float, TableEvent]] = []
    for i in range(start, start + frames):
        now = i / FPS
        events.extend((now, e) for e in t.update(seen(i), now, covered=covered(i)))
    return events


def test_steady_card_is_placed_once_with_zone_and_position() -> None:
    t = tracker()
    events = run(t, 60, lambda i: [det("R3#1", A)])
    assert names(events) == ["CardPlaced:R3#1@play"]
    at, event = events[0]
    assert isinstance(event, CardPlaced)
    assert event.card.key == "fibonachos/R3#1" and event.card.deck == "fibonachos"
    assert event.card.position == A and event.card.face_down is False
    # confirmed after 3 frames AND 0.15 s: the 5th frame at 30 fps
    assert at == 5 / FPS and event.at == at
    assert [c.notation for c in t.cards()] == ["R3#1"]


def test_confirmation_needs_both_frames_and_seconds() -> None:
    slow = tracker(confirm_frames=10, confirm_seconds=0.0)
    assert run(slow, 9, lambda i: [det("R3#1", A)]) == []
    assert len(run(slow, 1, lambda i: [det("R3#1", A)], start=9)) == 1
    long = tracker(confirm_frames=1, confirm_seconds=1.0)
    assert run(long, 30, lambda i: [det("R3#1", A)]) == []
    assert len(run(long, 1, lambda i: [det("R3#1", A)], start=30)) == 1


def test_flickering_card_never_produces_an_event() -> None:
    """Seen in one decode of two (a code read now and then): never placed."""
    t = tracker()
    assert run(t, 300, lambda i: [det("R3#1", A)] if i % 2 == 0 else []) == []
    assert t.cards() == []


def test_code_passing_in_a_moving_hand_never_counts() -> None:
    t = tracker()
    path = [det("R3#1", (0.3 + 0.05 * i, 0.5)) for i in range(12)]
    assert run(t, 12, lambda i: [path[i]]) == []


def test_blurred_frames_missing_a_card_do_not_remove_it() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    # half a second of blur: every decode misses the card, then it is read again
    events = run(t, 15, lambda i: [], start=30)
    events += run(t, 30, lambda i: [det("R3#1", A)], start=45)
    assert events == []
    assert len(t.cards()) == 1


def test_card_under_a_hand_is_never_removed() -> None:
    """Hidden places say nothing, however long the hand stays."""
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    hand = Coverage(((0.0, 0.0, 1.0, 1.0),), hidden=((0.4, 0.4, 0.6, 0.6),))
    events = run(t, 300, lambda i: [], covered=lambda i: hand, start=30)
    events += run(t, 10, lambda i: [det("R3#1", A)], start=330)
    assert events == []


def test_card_in_a_region_not_decoded_is_kept() -> None:
    """Nothing changed where it lies, so it is not decoded there: no removal."""
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    elsewhere = Coverage(((0.0, 0.0, 0.3, 0.3),))
    assert run(t, 300, lambda i: [], covered=lambda i: elsewhere, start=30) == []
    assert t.watch_boxes() == []  # a confirmed card seen last time needs no decoding


def test_removed_after_its_place_is_seen_empty_for_forget_seconds() -> None:
    t = tracker(forget_seconds=1.0)
    run(t, 30, lambda i: [det("R3#1", A)])
    events = run(t, 60, lambda i: [], start=30)
    assert names(events) == ["CardRemoved:R3#1@play"]
    at, event = events[0]
    assert at == 60 / FPS  # first seen empty at frame 30, gone one second later
    assert isinstance(event, CardRemoved) and event.card.position == A
    assert t.cards() == []


def test_missing_card_is_watched_until_resolved() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    run(t, 1, lambda i: [], start=30)
    assert len(t.watch_boxes()) == 1
    run(t, 1, lambda i: [det("R3#1", A)], start=31)
    assert t.watch_boxes() == []


def test_new_card_is_watched_until_confirmed() -> None:
    t = tracker()
    run(t, 1, lambda i: [det("R3#1", A)])
    (box,) = t.watch_boxes()
    assert box[0] < A[0] < box[2] and box[1] < A[1] < box[3]


def test_card_moved_in_play_is_removed_then_placed() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    events = run(t, 30, lambda i: [det("R3#1", B)], start=30)
    assert names(events) == ["CardRemoved:R3#1@play", "CardPlaced:R3#1@play"]
    assert events[0][0] == events[1][0]
    removed, placed = events[0][1], events[1][1]
    assert isinstance(removed, CardRemoved) and removed.card.position == A
    assert isinstance(placed, CardPlaced) and placed.card.position == B


def test_card_moved_to_another_zone_changes_zone() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("S3#1", A)])
    events = run(t, 30, lambda i: [det("S3#1", (0.12, 0.2))], start=30)
    assert names(events) == ["CardRemoved:S3#1@play", "CardPlaced:S3#1@spicy"]


def test_nudged_card_stays_put() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    assert run(t, 30, lambda i: [det("R3#1", (0.51, 0.505))], start=30) == []


def test_duplicate_identity_is_flagged_once_and_second_copy_gives_no_event() -> None:
    t = tracker()
    run(t, 30, lambda i: [det("R3#1", A)])
    events = run(t, 60, lambda i: [det("R3#1", B), det("R3#1", A)], start=30)
    assert names(events) == ["DuplicateCard:fibonachos/R3#1"]
    dup = events[0][1]
    assert isinstance(dup, DuplicateCard) and dup.positions == (A, B)
    assert [c.position for c in t.cards()] == [A]
    assert t.stats.duplicates == 1


def test_duplicate_before_confirmation_still_places_one_card() -> None:
    t = tracker()
    events = run(t, 30, lambda i: [det("R3#1", A), det("R3#1", B)])
    assert names(events) == ["DuplicateCard:fibonachos/R3#1", "CardPlaced:R3#1@play"]
    assert len(t.cards()) == 1


def test_the_codes_of_one_card_are_one_sighting_at_its_biggest_code() -> None:
    """A printed face has a big code in the middle and small ones in two corners."""
    t = tracker()

    def codes(i: int) -> list[Det]:
        corner_a = det("R3#1", (0.47, 0.44), side=0.015)
        corner_b = det("R3#1", (0.53, 0.56), side=0.015)
        middle = det("R3#1", A)
        return [corner_a, corner_b] if i % 3 == 0 else [corner_b, middle, corner_a]

    events = run(t, 60, codes)
    assert names(events) == ["CardPlaced:R3#1@play"]
    assert t.stats.duplicates == 0


def test_card_first_seen_by_a_corner_code_is_placed_at_its_middle_code() -> None:
    """A hand hides the middle code at first; the bigger code read next places the card."""
    t = tracker()

    def codes(i: int) -> list[Det]:
        corner = det("R3#1", (0.47, 0.44), side=0.015)
        return [corner] if i < 2 else [corner, det("R3#1", A)]

    events = run(t, 30, codes)
    assert names(events) == ["CardPlaced:R3#1@play"]
    placed = events[0][1]
    assert isinstance(placed, CardPlaced) and placed.card.position == A


def test_layout_card_size_sets_the_same_place_tolerance() -> None:
    t = TableTracker(replace(default_layout(), card_size=(0.05, 0.1)))
    run(t, 30, lambda i: [det("R3#1", A)])
    moved = run(t, 30, lambda i: [det("R3#1", (0.56, 0.5))], start=30)
    assert names(moved) == ["CardRemoved:R3#1@play", "CardPlaced:R3#1@play"]
    nudged = run(t, 30, lambda i: [det("R3#1", (0.58, 0.52))], start=60)
    assert nudged == []


def test_codes_outside_every_zone_are_ignored() -> None:
    t = tracker()
    assert run(t, 60, lambda i: [det("R3#1", (0.5, 0.97))]) == []
    assert t.stats.outside == 60


def test_control_cards_count_anywhere() -> None:
    t = tracker()
    events = run(t, 30, lambda i: [det("undo", (0.5, 0.97), deck="control")])
    assert names(events) == [f"CardPlaced:undo@{OUTSIDE}"]


def test_pixel_corners_are_scaled_by_frame_size() -> None:
    t = tracker()
    pixel = Det(
        det("R3#1", A).card, ((620.0, 340.0), (660.0, 340.0), (660.0, 380.0), (620.0, 380.0))
    )
    events: list[TableEvent] = []
    for i in range(10):
        events += t.update([pixel], i / FPS, frame_size=(1280, 720))
    assert isinstance(events[0], CardPlaced)
    assert events[0].card.position == (640 / 1280, 360 / 720)


def test_several_cards_of_a_trick_each_placed_once() -> None:
    t = tracker()
    spots = [(0.4, 0.5), (0.5, 0.5), (0.6, 0.5)]

    def seen(i: int) -> list[Det]:
        return [det(f"R{n + 1}#1", spot) for n, spot in enumerate(spots) if i >= 20 * n]

    events = run(t, 90, seen)
    assert names(events) == ["CardPlaced:R1#1@play", "CardPlaced:R2#1@play", "CardPlaced:R3#1@play"]
    # then the trick is cleared
    events = run(t, 60, lambda i: [], start=90)
    assert sorted(names(events)) == [
        "CardRemoved:R1#1@play",
        "CardRemoved:R2#1@play",
        "CardRemoved:R3#1@play",
    ]


def _code(at: tuple[float, float], turned: bool = False) -> Det:
    """A corner code of S5#3 at ``at`` (frame fractions), square in a 1280x720 picture,
    33 px a side; ``turned`` half a turn (its corners from the other end): the bottom
    corner code of a printed card is the top one so turned."""
    x, y, hx, hy = at[0], at[1], 33 / 1280 / 2, 33 / 720 / 2
    corners = ((x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy))
    return Det(Card("fibonachos", "S5#3"), (*corners[2:], *corners[:2]) if turned else corners)


def test_the_corner_codes_of_a_card_larger_than_the_layouts_are_one_card() -> None:
    """Issue 26: a card 30% larger in the picture than the layout's card size (143 px
    wide at 1280x720), its middle code hidden by a hand: its two corner codes (one turned
    half a turn) lie farther apart than a card's length, and were flagged "Card seen
    twice" with no copy on the table. Two copies as far apart, both upright, still are."""
    dx, dy = 46.5 / 1280, 75.0 / 720  # a corner code's centre from the card's
    top, bottom = (A[0] - dx, A[1] - dy), (A[0] + dx, A[1] + dy)
    t = tracker()
    events = run(t, 30, lambda i: [_code(top), _code(bottom, turned=True)])
    assert names(events) == ["CardPlaced:S5#3@play"] and t.stats.duplicates == 0
    copies = tracker()
    events = run(copies, 30, lambda i: [_code(top), _code(bottom)])
    assert names(events) == ["DuplicateCard:fibonachos/S5#3", "CardPlaced:S5#3@play"]
