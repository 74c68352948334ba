"""The reader on frames with real card codes (issue 4 section 2): change detection,
decoding and tracking together, a hand passing over, foreign codes, the stats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from loose import loose
from table_frames import (
    CountingDecoder,
    Image,
    Shot,
    mini_decoder,
    payload,
    table_image,
    with_code,
    with_hand,
)
from table_scripts import names

from companion.table.cards import StrayCard
from companion.table.changes import ChangeDetector
from companion.table.layout import Layout, default_layout, rummy_layout
from companion.table.reader import TableReader
from companion.table.tracker import CardPlaced, DuplicateCard, TableEvent

FPS = 30


def reader(
    decoder: CountingDecoder | None = None,
    layout: Layout | None = None,
    deck_copy: int | None = None,
) -> TableReader:
    return TableReader(
        layout if layout is not None else default_layout(),
        decoder=decoder if decoder is not None else mini_decoder,
        detector=ChangeDetector(full_every=100.0),
        deck_copy=deck_copy,
    )


def play(r: TableReader, images: Sequence[Image], start: int = 0) -> list[tuple[int, TableEvent]]:
    events = []
    for i, image in enumerate(images, start):
        events += [(i, e) for e in r.feed(Shot(image, i / FPS))]
    return events


def test_card_put_down_is_placed_once_and_static_table_decodes_nothing() -> None:
    decoder = CountingDecoder()
    r = reader(decoder)
    empty = table_image()
    card = with_code(empty, payload("R3"), (0.5, 0.5))
    events = play(r, [empty] * 5 + [card] * 60)
    assert names(events) == ["CardPlaced:R3@play"]
    assert events[0][0] <= 5 + 8  # within a few frames of being put down
    placed = events[0][1]
    assert isinstance(placed, CardPlaced)
    assert placed.card.key == "fibonachos/1/R3"
    x, y = placed.card.position or (0, 0)
    assert abs(x - 0.5) < 0.02 and abs(y - 0.5) < 0.02
    # the first frame whole, then only small regions, and none at all once confirmed
    assert decoder.sizes[0] == (640, 360)
    assert all(w * h < 640 * 360 / 4 for w, h in decoder.sizes[1:])
    decodes = r.stats.decodes
    play(r, [card] * 30, start=65)
    assert r.stats.decodes == decodes
    assert r.stats.idle_frames >= 30


def test_hand_passing_over_a_card_removes_nothing() -> None:
    r = reader()
    card = with_code(table_image(), payload("G7"), (0.5, 0.5))
    events = play(r, [card] * 20)
    assert names(events) == ["CardPlaced:G7@play"]
    hand_path = [with_hand(card, (0.3 + 0.02 * i, 0.5)) for i in range(20)]
    resting = [hand_path[-1]] * 3  # still only briefly
    events = play(r, hand_path + resting + [card] * 20, start=20)
    assert events == []


def test_card_taken_away_is_removed_after_forget_seconds() -> None:
    r = reader()
    empty = table_image()
    card = with_code(empty, payload("Y16"), (0.6, 0.4))
    play(r, [card] * 20)
    events = play(r, [with_hand(card, (0.6, 0.5 + 0.02 * i)) for i in range(5)], start=20)
    events += play(r, [empty] * 60, start=25)
    assert names(events) == ["CardRemoved:Y16@play"]
    frame, _ = events[0]
    assert 25 + FPS <= frame <= 25 + FPS + 10  # about forget_seconds after it is seen gone


def test_cards_of_a_trick_and_a_spicy_card() -> None:
    r = reader()
    image = table_image()
    frames = [image] * 3
    for notation, at in [
        ("S3#1", (0.12, 0.2)),
        ("R1#1", (0.4, 0.5)),
        ("G2#1", (0.55, 0.5)),
        ("Y3#1", (0.7, 0.5)),
    ]:
        image = with_code(image, payload(notation), at)
        frames += [with_hand(image, (at[0], at[1] + 0.35))] * 2 + [image] * 15
    assert names(play(r, frames)) == [
        "CardPlaced:S3#1@spicy",
        "CardPlaced:R1#1@play",
        "CardPlaced:G2@play",
        "CardPlaced:Y3@play",
    ]


def test_foreign_codes_are_counted_never_events() -> None:
    r = reader()
    menu = with_code(table_image(), "https://example.com/menu", (0.5, 0.5))
    assert play(r, [menu] * 40) == []
    summary = loose(r.stats.summary())
    assert summary["rejected"] >= 1 and summary["foreign"] == 1
    assert summary["codes"] == 0


def test_copied_code_is_flagged_as_duplicate() -> None:
    r = reader(layout=replace(default_layout(), card_size=(0.15, 0.3)))
    text = payload("R5")
    both = with_code(with_code(table_image(), text, (0.4, 0.5)), text, (0.7, 0.5))
    events = play(r, [both] * 20)
    assert names(events) == ["DuplicateCard:fibonachos/1/R5", "CardPlaced:R5@play"]
    dup = events[0][1]
    assert isinstance(dup, DuplicateCard) and len(dup.positions) == 2


def test_control_card_is_an_event_anywhere() -> None:
    r = reader()
    image = with_code(table_image(), payload("UNDO", deck="control"), (0.955, 0.5), module_px=2)
    assert names(play(r, [image] * 20)) == ["CardPlaced:UNDO@outside"]


def test_a_card_of_another_tables_copy_is_refused_and_ours_still_plays() -> None:
    """Issue 14 "tables know who they are": at a copy-1 table a copy-2 card put down is a
    StrayCard at once (never a play, its removal no event), and this table's own copy
    of the same card is then placed as usual."""
    r = reader(deck_copy=1)
    cloth = table_image()
    theirs = with_code(cloth, payload("R3", copy=2), (0.4, 0.5))
    both = with_code(theirs, payload("R3"), (0.6, 0.5))
    ours = with_code(cloth, payload("R3"), (0.6, 0.5))
    events = play(r, [cloth] * 3 + [theirs] * 20 + [both] * 20 + [ours] * 60)
    assert names(events) == ["StrayCard:fibonachos/2/R3", "CardPlaced:R3@play"]
    stray = events[0][1]
    assert isinstance(stray, StrayCard) and stray.copy == 2 and stray.card.notation == "R3"
    assert events[0][0] <= 3 + 8  # within a few frames of being put down


def test_control_cards_of_any_copy_work_at_a_table_with_a_copy() -> None:
    """Issue 14: control and staff cards are shared by the cafe's tables."""
    r = reader(deck_copy=1)
    text = payload("UNDO", deck="control", copy=2)
    image = with_code(table_image(), text, (0.955, 0.5), module_px=2)
    assert names(play(r, [image] * 20)) == ["CardPlaced:UNDO@outside"]


def test_stats_summary_counts_every_stage() -> None:
    r = reader()
    play(r, [with_code(table_image(), payload("R2"), (0.5, 0.5))] * 10)
    summary = loose(r.stats.summary())
    assert summary["frames"] == 10 and summary["decodes"] >= 1 and summary["events"] == 1
    assert set(summary["ms_per_frame"]) == {"changes", "decode", "track"}


def test_default_decoder_is_card_codes_decode_image() -> None:
    pytest.importorskip("card_codes.decode")
    r = TableReader(default_layout())
    image = with_code(table_image(), payload("R4"), (0.5, 0.5))
    assert names(play(r, [image] * 10)) == ["CardPlaced:R4@play"]


def test_hand_resting_still_on_a_card_removes_nothing() -> None:
    """A hand held still over a card for three seconds: skin, so its place stays hidden."""
    r = reader()
    card = with_code(table_image(), payload("G10"), (0.5, 0.5))
    assert len(play(r, [card] * 20)) == 1
    assert play(r, [with_hand(card, (0.5, 0.5))] * 90 + [card] * 40, start=20) == []


def test_hand_moving_over_a_card_for_seconds_removes_nothing() -> None:
    """Four seconds of a hand wiggling over the card, full decodes included: the
    moving blob hides the card's place, so its absence proves nothing."""
    r = TableReader(default_layout(), decoder=mini_decoder)  # full decodes every 1.5 s
    card = with_code(table_image(), payload("G9"), (0.5, 0.5))
    assert len(play(r, [card] * 20)) == 1
    wiggle = [with_hand(card, (0.5 + 0.02 * (i % 3), 0.5)) for i in range(120)]
    assert play(r, wiggle + [card] * 40, start=20) == []
    assert r.stats.full_decodes >= 3


def test_a_layout_handed_over_mid_run_reads_the_next_card_in_its_zones() -> None:
    """Issue 26 item 2: a game of another family started: the running reader takes its
    layout (no restart); the same spot is the play area, then a seat's zone."""
    r = reader()
    empty = table_image()
    first = with_code(empty, payload("R3"), (0.5, 0.85))
    assert names(play(r, [empty] * 5 + [first] * 40)) == ["CardPlaced:R3@play"]
    r.use_layout(rummy_layout(2))
    second = with_code(first, payload("G7"), (0.3, 0.85))
    assert names(play(r, [second] * 40, start=45)) == ["CardPlaced:G7@meld-0"]
