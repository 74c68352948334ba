"""Change detection on synthetic arrays (issue 4 section 2): a static table decodes
nothing, a change is decoded once it settles, a moving blob is hidden, watched places
are decoded, and the full decode comes back as a safety net."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from companion.table.changes import ChangeDetector, ChangePlan

W, H = 640, 360
Image = npt.NDArray[np.uint8]


def table() -> Image:
    rng = np.random.default_rng(7)
    image = np.full((H, W, 3), (40, 110, 60), np.uint8)  # green cloth
    image += rng.integers(0, 4, image.shape, dtype=np.uint8)  # a little sensor noise
    return image


def with_card(image: Image, x: int, y: int, size: int = 60) -> Image:
    out = image.copy()
    out[y : y + size, x : x + size] = 240
    out[y + 10 : y + 30, x + 10 : x + 30] = 0
    return out


def with_hand(image: Image, x: int, y: int) -> Image:
    out = image.copy()
    out[y:H, x : x + 70] = (120, 160, 220)  # a skin-coloured hand and arm from the edge (BGR)
    return out


def inside(box: tuple[int, int, int, int], region: tuple[int, int, int, int]) -> bool:
    return (
        region[0] <= box[0] and region[1] <= box[1] and box[2] <= region[2] and box[3] <= region[3]
    )


def detector() -> ChangeDetector:
    return ChangeDetector(full_every=10.0)


def test_first_frame_is_decoded_whole() -> None:
    plan = detector().plan(table(), 0.0)
    assert plan.full and plan.regions == ((0, 0, W, H),) and plan.pixels() == W * H


def test_static_table_decodes_nothing() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    plans = [d.plan(background.copy(), i / 30) for i in range(1, 60)]
    assert all(p.regions == () and p.hidden == () and not p.full for p in plans)


def test_card_put_down_is_decoded_once_where_it_lies_then_nothing() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    card = with_card(background, 300, 150)
    plans = [d.plan(card, i / 30) for i in range(1, 8)]
    decoded = [p for p in plans if p.regions]
    assert len(decoded) == 1  # once it has settled, never again
    (region,) = decoded[0].regions
    assert inside((300, 150, 360, 210), region)  # the whole card, padded
    assert decoded[0].pixels() < W * H / 10  # a small part of the frame


def test_moving_hand_is_hidden_and_stays_hidden_while_it_rests() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    frames = [with_hand(background, 100 + 20 * i, 100) for i in range(6)]
    plans = [d.plan(f, (i + 1) / 30) for i, f in enumerate(frames)]
    assert all(p.regions == () for p in plans)  # nothing decoded while it moves
    assert all(p.hidden for p in plans[1:])
    assert any(inside((200, 100, 270, 190), h) for h in plans[-1].hidden)
    # a hand held still is skin: still hidden, never decoded (the card under it kept)
    still = [d.plan(frames[-1], (7 + i) / 30) for i in range(30)]
    assert all(p.regions == () and p.hidden for p in still)
    # it goes: the table is as it was decoded last, nothing to decode
    gone = [d.plan(background, (40 + i) / 30) for i in range(5)]
    assert all(p.regions == () for p in gone) and gone[-1].hidden == ()


def test_card_taken_from_a_skin_coloured_table_is_decoded() -> None:
    """A wooden table is skin-coloured: a change in the middle is not a hand."""
    d = detector()
    wood = np.full((H, W, 3), (90, 140, 200), np.uint8)
    card = with_card(wood, 300, 150)
    d.plan(card, 0.0)
    plans = [d.plan(wood, i / 30) for i in range(1, 6)]
    decoded = [p for p in plans if p.regions]
    assert len(decoded) == 1 and inside((300, 150, 360, 210), decoded[0].regions[0])


def test_hand_in_the_first_frame_leaving_a_wooden_table_is_decoded() -> None:
    """The reference held the hand; the wood it leaves is skin-coloured but was skin
    before too: not a resting hand, decoded once (never hidden for ever)."""
    d = detector()
    wood = np.full((H, W, 3), (90, 140, 200), np.uint8)
    d.plan(with_hand(wood, 100, 100), 0.0)
    plans = [d.plan(wood, i / 30) for i in range(1, 6)]
    assert sum(1 for p in plans if p.regions) == 1 and plans[-1].hidden == ()


def test_a_resting_hand_is_hidden_at_most_rest_seconds() -> None:
    d = ChangeDetector(full_every=100.0, rest_seconds=2.0)
    background = table()
    d.plan(background, 0.0)
    hand = with_hand(background, 200, 100)
    plans = [d.plan(hand, i / 30) for i in range(1, 90)]
    decoded = [i for i, p in enumerate(plans, 1) if p.regions]
    assert len(decoded) == 1 and 60 <= decoded[0] <= 70


def test_still_blob_that_is_not_skin_is_decoded_once_it_settles() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    sleeve = [background.copy() for _ in range(6)]
    for i, image in enumerate(sleeve):
        image[100:H, 100 + 20 * i : 170 + 20 * i] = (90, 60, 60)  # a dark blue sleeve
    plans = [d.plan(f, (i + 1) / 30) for i, f in enumerate(sleeve)]
    assert all(p.regions == () for p in plans)
    still = [d.plan(sleeve[-1], (7 + i) / 30) for i in range(4)]
    decoded = [p for p in still if p.regions]
    assert len(decoded) == 1 and decoded[0].hidden == ()


def test_hand_leaving_reveals_the_card_it_put_down() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    card = with_card(background, 300, 150)
    t = 1
    for x in (300, 300, 300):  # the hand holds the card, moving a little
        d.plan(with_hand(card, x + 3 * t, 140), t / 30)
        t += 1
    plans: list[ChangePlan] = []
    for _ in range(6):  # the hand is gone
        plans.append(d.plan(card, t / 30))
        t += 1
    regions = [r for p in plans for r in p.regions]
    assert any(inside((300, 150, 360, 210), r) for r in regions)


def test_watched_places_are_decoded_every_frame_unless_hidden() -> None:
    d = detector()
    background = table()
    d.plan(background, 0.0)
    watch = [(0.5, 0.5, 0.55, 0.6)]
    plans = [d.plan(background, i / 30, watch) for i in range(1, 5)]
    assert all(len(p.regions) == 1 for p in plans)
    x0, y0, x1, y1 = plans[0].regions[0]
    assert x0 <= 320 and y0 <= 180 and x1 >= 352 and y1 >= 216
    hand = with_hand(background, 300, 160)
    d.plan(hand, 5 / 30)
    plan = d.plan(with_hand(background, 310, 170), 6 / 30, watch)
    assert plan.regions == () and plan.hidden


def test_full_decode_comes_back_every_full_every_seconds() -> None:
    d = ChangeDetector(full_every=1.0)
    background = table()
    fulls = [i for i in range(91) if d.plan(background, i / 30).full]
    assert fulls == [0, 30, 60, 90]


def test_many_changes_become_one_full_decode() -> None:
    d = detector()
    d.plan(table(), 0.0)
    bright = np.full((H, W, 3), 200, np.uint8)  # the light changed everywhere
    plans = [d.plan(bright, i / 30) for i in range(1, 5)]
    assert [p.full for p in plans].count(True) == 1


def test_grey_frames_work_too() -> None:
    d = detector()
    grey = np.full((H, W), 90, np.uint8)
    assert d.plan(grey, 0.0).full
    card = grey.copy()
    card[100:160, 100:160] = 250
    plans = [d.plan(card, i / 30) for i in range(1, 5)]
    assert sum(1 for p in plans if p.regions) == 1
