"""The reader under a lamp flickering with the mains (issue 24's real rooms; issue 4
section 2: every card's event within 0.5 s): a rolling shutter films bands of light and
shade that drift from frame to frame. The change detection brings each row of a frame to
the other frame's light before it compares them (companion.table.changes), so the
bands are not taken for a table that never stops moving."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from table_scripts import names

from companion.synthetic.optics import Flicker
from companion.synthetic.scene import Place, Remove, Scene, SceneFrame, Step, Wait
from companion.synthetic.sprites import CardRef
from companion.table import changes
from companion.table.changes import ChangeDetector, evened
from companion.table.layout import default_layout
from companion.table.reader import TableReader

pytest.importorskip("card_codes.decode")

SPICY = CardRef("fibonachos", "S3#1")
PLAYS = [CardRef("fibonachos", n) for n in ("R13", "G2", "Y16")]
STEPS: list[Step] = [
    Wait(5),
    Place(SPICY, 0.12, 0.22, edge="left"),
    Place(PLAYS[0], 0.4, 0.45, edge="bottom"),
    Place(PLAYS[1], 0.55, 0.55, angle=-10, edge="right"),
    Place(PLAYS[2], 0.7, 0.45, angle=12, edge="top"),
    Wait(20),
    Remove((SPICY, *PLAYS)),
    Wait(45),
]


def _frames(flicker: Flicker) -> Iterator[SceneFrame]:
    scene = Scene(size=(1280, 720), seed=2, hand_frames=6, settle=12, flicker=flicker)
    return scene.frames(STEPS, fps=30)


def _read(flicker: Flicker) -> tuple[list[str], float]:
    """The events' names, and the slowest card's event after it was shown (s)."""
    reader = TableReader(default_layout())
    events, shown, slowest = [], {}, 0.0
    for frame in _frames(flicker):
        for ref in frame.shown:
            shown[ref.notation] = frame.timestamp
        for event in reader.feed(frame):
            events.append((frame.timestamp, event))
            card = getattr(event, "card", None)
            if type(event).__name__ == "CardPlaced" and card is not None:
                slowest = max(slowest, frame.timestamp - shown[card.notation])
    return names(events), slowest


@pytest.mark.parametrize("flicker", [Flicker(0.2), Flicker(0.2, 6.0)], ids=["3.3", "6"])
def test_a_trick_under_flicker_bands_reads_back_exactly(flicker: Flicker) -> None:
    """Bands 20% brighter and darker, 3.3 or 6 over the picture: every card placed in
    its zone within 0.5 s of being shown, every card taken away."""
    read, slowest = _read(flicker)
    assert [n for n in read if n.startswith("CardPlaced")] == [
        "CardPlaced:S3#1@spicy",
        "CardPlaced:R13@play",
        "CardPlaced:G2@play",
        "CardPlaced:Y16@play",
    ]
    assert sum(n.startswith("CardRemoved") for n in read) == 4
    assert slowest <= 0.5


def test_compared_as_they_come_the_bands_hide_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same trick with the frames compared as they come (the light not evened): the
    bands move everywhere, nothing settles, and cards are missed or late."""
    monkeypatch.setattr(changes, "evened", lambda small, base: small)
    monkeypatch.setattr(changes, "RELATIVE", 0.0)
    read, slowest = _read(Flicker(0.2))
    placed = [n for n in read if n.startswith("CardPlaced")]
    assert len(placed) < 4 or slowest > 0.5


def test_a_row_is_brought_to_the_other_frames_light() -> None:
    """A row 20% brighter, with a card over a third of it, is brought back: the cloth
    matches again and the card still stands out; a change of light past LIGHT_STEP is
    left as a change."""
    rng = np.random.default_rng(1)
    base = rng.integers(60, 80, (40, 90)).astype(np.int16)
    brighter = (base * 1.2).astype(np.int16)
    brighter[:, :30] = 230  # a card in the new frame
    even = evened(brighter, base)
    assert np.abs(even[:, 40:] - base[:, 40:]).max() <= 4
    assert (even[:, :30] - base[:, :30]).min() > 100
    far = (base * 2.5).astype(np.int16)
    assert (evened(far, base) - base).min() > 18


def test_a_steady_table_under_bands_decodes_nothing_new() -> None:
    """Issue 4 section 2 (a table where nothing happens costs almost nothing), under
    bands: after the first frame, nothing is decoded and nothing is taken for a hand
    moving over the table (compared as they come, the bands hide it all)."""
    detector = ChangeDetector(full_every=100.0)
    frames = list(_frames(Flicker(0.2)))[:5]
    plans = [detector.plan(frame.image, frame.timestamp) for frame in frames]
    assert plans[0].full and all(not p.regions and not p.hidden for p in plans[1:])
