"""The synthetic table renderer (issue 4 section 5): its timeline, its truth, its effects.

Small frames keep these fast; the end-to-end tests read real cards at full size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from companion.synthetic.scene import (
    Blur,
    Hand,
    Light,
    Place,
    Remove,
    Scene,
    SceneFrame,
    Step,
    Wait,
    meld_steps,
)
from companion.synthetic.sprites import CardRef, card_fraction, default_card_width

SIZE = (320, 180)
R13 = CardRef("fibonachos", "R13#1")
G2 = CardRef("fibonachos", "G2#1")


def white_face(ref: CardRef) -> np.ndarray:
    """A plain white card (fast, and easy to find in a frame)."""
    return np.full((88, 63, 3), 255, dtype=np.uint8)


def scene(**kwargs: object) -> Scene:
    options: dict[str, object] = {"seed": 1, "faces": white_face, "noise": 0.0}
    options.update(kwargs)
    return Scene(SIZE, **options)  # type: ignore[arg-type]


def frames(sc: Scene, steps: Sequence[Step], fps: float = 10.0) -> list[SceneFrame]:
    return list(sc.frames(steps, fps=fps))


def white_share(image: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """The share of near-white pixels in a box given in frame fractions."""
    h, w = image.shape[:2]
    x0, y0, x1, y1 = box
    patch = image[int(y0 * h) : int(y1 * h), int(x0 * w) : int(x1 * w)]
    return float((patch.min(axis=2) > 200).mean())


def test_frames_are_made_lazily_one_at_a_time() -> None:
    """A long video never sits in memory: ``frames`` is a generator."""
    sc = scene()
    stream = sc.frames([Wait(10_000_000)])
    assert iter(stream) is stream  # an iterator, not a list
    first = next(stream)
    assert first.image.shape == (180, 320, 3)
    assert first.image.dtype == np.uint8


def test_timeline_counts_hands_and_settling() -> None:
    sc = scene(hand_frames=2, settle=3)
    steps: list[Step] = [Place(R13, 0.3, 0.5), Place(G2, 0.6, 0.5, hand=False, frames=1), Wait(4)]
    rendered = frames(sc, steps, fps=5.0)
    assert len(rendered) == sc.count_frames(steps) == (2 + 2 + 3) + 1 + 4
    assert [f.timestamp for f in rendered[:3]] == [0.0, 0.2, 0.4]
    assert [f.index for f in rendered] == list(range(len(rendered)))


def test_truth_says_when_each_card_shows_and_goes() -> None:
    sc = scene(hand_frames=2, settle=2)
    steps: list[Step] = [Place(R13, 0.3, 0.5, zone="play"), Place(G2, 0.6, 0.5, zone="play")]
    steps.append(Remove((R13, G2)))
    rendered = frames(sc, steps)
    shown = [(f.index, f.shown) for f in rendered if f.shown]
    gone = [(f.index, f.gone) for f in rendered if f.gone]
    assert shown == [(3, (R13,)), (9, (G2,))]
    assert gone == [(14, (R13, G2))]
    assert rendered[10].table == ((R13, "play"), (G2, "play"))
    assert rendered[-1].table == ()


def test_card_is_drawn_where_placed_and_gone_after_removal() -> None:
    sc = scene(hand_frames=0, settle=1)
    rendered = frames(sc, [Place(R13, 0.25, 0.5, hand=False), Remove((R13,), hand=False)])
    width, height = card_fraction(SIZE[0] / SIZE[1])
    box = (0.25 - width / 3, 0.5 - height / 3, 0.25 + width / 3, 0.5 + height / 3)
    assert white_share(rendered[0].image, box) > 0.95
    assert white_share(rendered[1].image, box) == 0.0


def test_hand_covers_the_spot_it_passes_over() -> None:
    sc = scene(hand_frames=0, settle=1)
    steps: list[Step] = [Place(R13, 0.5, 0.5, hand=False), Hand(0.5, 0.5, frames=3)]
    rendered = frames(sc, steps)
    width, height = card_fraction(SIZE[0] / SIZE[1])
    box = (0.5 - width / 4, 0.5 - height / 4, 0.5 + width / 4, 0.5 + height / 4)
    assert white_share(rendered[0].image, box) > 0.95
    assert white_share(rendered[2].image, box) < 0.2  # mid-pass: the palm is over the card


def test_meld_shows_only_the_top_strip_of_lower_cards() -> None:
    """Issue 3/4: a rummy set is laid with each card's lower edge over the card below."""
    coloured = {"B2#1": (0, 0, 255), "3#1": (255, 0, 0), "13#1": (0, 255, 0)}

    def face(ref: CardRef) -> np.ndarray:
        return np.full((88, 63, 3), coloured[ref.notation], dtype=np.uint8)

    cards = [CardRef("rummy21", n) for n in coloured]
    sc = scene(faces=face, hand_frames=0, settle=1)
    steps = meld_steps(cards, 0.5, 0.3, card_height=sc.card_fraction()[1])
    image = frames(sc, [replace(step, hand=False) for step in steps])[-1].image
    _, card_h = sc.card_fraction()
    top = 0.3 - card_h / 2

    def colour_at(y: float) -> tuple[int, ...]:
        return tuple(int(c) for c in image[int(y * SIZE[1]), int(0.5 * SIZE[0])])

    assert colour_at(top + 0.1 * card_h) == (0, 0, 255)  # the base card's top strip
    assert colour_at(top + 0.35 * card_h) == (255, 0, 0)  # the next card's strip
    assert colour_at(top + 0.9 * card_h) == (0, 255, 0)  # the last card covers the rest


def test_light_change_darkens_and_blur_smears() -> None:
    sc = scene(hand_frames=0, settle=1)
    steps: list[Step] = [
        Place(R13, 0.5, 0.5, hand=False),
        Light(0.5, frames=2),
        Blur(15, 0.0, frames=1),
    ]
    rendered = frames(sc, steps)
    assert rendered[2].image.mean() == pytest.approx(rendered[0].image.mean() * 0.5, rel=0.05)
    row = int(0.5 * SIZE[1])
    sharp = np.abs(np.diff(rendered[2].image[row].astype(int), axis=0)).max()
    smeared = np.abs(np.diff(rendered[3].image[row].astype(int), axis=0)).max()
    assert smeared < sharp / 2


def test_tilt_moves_the_corners_but_keeps_the_centre() -> None:
    flat = frames(scene(hand_frames=0), [Place(R13, 0.5, 0.5, hand=False)])[-1].image
    tilted_scene = scene(hand_frames=0, tilt=(15.0, 5.0))
    tilted = frames(tilted_scene, [Place(R13, 0.5, 0.5, hand=False)])[-1].image
    width, height = card_fraction(SIZE[0] / SIZE[1])
    centre = (0.5 - width / 5, 0.5 - height / 5, 0.5 + width / 5, 0.5 + height / 5)
    assert white_share(tilted, centre) > 0.95
    assert not np.array_equal(flat, tilted)


def test_same_seed_same_video() -> None:
    steps: list[Step] = [Place(R13, 0.4, 0.5, angle=20), Hand(0.2, 0.2, frames=2)]
    one = [f.image for f in frames(scene(noise=3.0), steps)]
    two = [f.image for f in frames(scene(noise=3.0), steps)]
    other = [f.image for f in frames(scene(noise=3.0, seed=2), steps)]
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert not np.array_equal(one[0], other[0])


def test_removing_a_card_not_on_the_table_names_it() -> None:
    with pytest.raises(ValueError, match="R13#1"):
        frames(scene(), [Remove((R13,))])


def test_unknown_background_is_refused() -> None:
    with pytest.raises(ValueError, match="felt"):
        Scene(SIZE, background="marble", faces=white_face)


def test_card_scale_follows_the_frame_width() -> None:
    """A poker card is drawn 110 px wide at 1280 x 720 (documented in sprites)."""
    assert default_card_width(1280) == 110
    assert default_card_width(1920) == 165
    assert scene().card_width == default_card_width(SIZE[0])


class _WholeFrames(Scene):
    """The frames drawn the long way: a frame with hands drawn and noised whole."""

    def _still(self, still, view, effects, state, index):  # type: ignore[no-untyped-def]
        if effects.hands and effects.blur is None:
            return self._finish(view, effects, state, index)
        return super()._still(still, view, effects, state, index)


@pytest.mark.parametrize("tilt", [(0.0, 0.0), (9.0, -6.0)], ids=["straight", "tilted"])
@pytest.mark.parametrize("card_width", [None, 9], ids=["cards", "thin-arms"])
def test_a_frame_with_hands_is_the_still_frame_with_the_hands_box_drawn_again(
    tilt: tuple[float, float], card_width: int | None
) -> None:
    """A hand's frame is made from the still frame, drawing and noising only the hands'
    box: pixel for pixel the frame drawing the hands on the table and noising it whole
    gives, for hands from every edge, at the frame's corners and off it, under tilt."""
    options: dict[str, object] = {"seed": 4, "tilt": tilt, "card_width": card_width}
    steps: list[Step] = [
        Place(R13, 0.02, 0.03, edge="left"),
        Place(G2, 0.97, 0.96, edge="right"),
        Hand(0.5, 0.5, frames=5, edge="top"),
        Hand(0.99, 0.01, frames=3, edge="top"),
        Hand(0.3, 0.7, frames=4, edge="bottom"),
        Light(0.7, 0.2, frames=2),
        Hand(0.0, 1.0, frames=3, edge="left"),
        Remove((R13,), edge="left"),
        Remove((G2,), edge="right"),
    ]
    quick = [frame.image for frame in Scene(SIZE, **options).frames(steps)]  # type: ignore[arg-type]
    slow = [frame.image for frame in _WholeFrames(SIZE, **options).frames(steps)]  # type: ignore[arg-type]
    assert len(quick) == len(slow) > 30
    for index, (one, other) in enumerate(zip(quick, slow, strict=True)):
        assert np.array_equal(one, other), f"frame {index} differs"
