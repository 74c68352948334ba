"""The reader over a synthetic table video (companion.synthetic.scene, card_codes' faces and
decoder): a trick played card by card by hands from three edges, a hand passing over,
a moment of motion blur, the light dimming, the trick cleared (issue 4 sections 2, 5)."""

from __future__ import annotations

import pytest
from table_scripts import names

from companion.synthetic.scene import Blur, Hand, Light, Place, Remove, Scene, Step, Wait
from companion.synthetic.sprites import CardRef
from companion.table.layout import default_layout
from companion.table.reader import TableReader

pytest.importorskip("card_codes.decode")

SPICY = CardRef("fibonachos", "S3#1")
PLAYS = [CardRef("fibonachos", n) for n in ("R13", "G2", "Y16")]


def test_a_trick_with_hands_blur_and_light_reads_back_exactly() -> None:
    scene = Scene(size=(1280, 720), seed=2, hand_frames=6, settle=12)
    steps: list[Step] = [
        Wait(5),
        Place(SPICY, 0.12, 0.22, edge="left"),
        Place(PLAYS[0], 0.4, 0.45, edge="bottom"),
        Hand(0.42, 0.47, frames=20),  # a hand hovers over the first card
        Place(PLAYS[1], 0.55, 0.55, angle=-10, edge="right"),
        Blur(length=9, frames=3),
        Light(0.8, gradient=0.2, frames=6),
        Place(PLAYS[2], 0.7, 0.45, angle=12, edge="top"),
        Wait(20),
        Remove((SPICY, *PLAYS)),
        Wait(45),
    ]
    reader = TableReader(default_layout())
    events = []
    shown: dict[str, float] = {}
    for frame in scene.frames(steps, fps=30):
        for ref in frame.shown:
            shown[ref.notation] = frame.timestamp
        events += [(frame.timestamp, e) for e in reader.feed(frame)]
    placed = [n for n in names(events) if n.startswith("CardPlaced")]
    assert placed == [
        "CardPlaced:S3#1@spicy",
        "CardPlaced:R13@play",
        "CardPlaced:G2@play",
        "CardPlaced:Y16@play",
    ]
    removed = sorted(n for n in names(events) if n.startswith("CardRemoved"))
    assert removed == sorted(
        ["CardRemoved:S3#1@spicy"] + [f"CardRemoved:{c.notation}@play" for c in PLAYS]
    )
    # every card's event within half a second of table time after it was shown
    for at, event in events:
        if names([(at, event)])[0].startswith("CardPlaced"):
            notation = names([(at, event)])[0].split(":")[1].split("@")[0]
            assert at - shown[notation] <= 0.5
    assert reader.stats.rejected == 0
