"""Decoding codes from images (issue 3, section 4): every card, turned, tilted, blurred,
badly lit, several per frame, overlapped as in a rummy set (R2), covered, and foreign codes."""

from __future__ import annotations

import sys
from math import dist

import numpy as np
import pytest
from PIL import Image, ImageDraw

from card_codes import backends
from card_codes.catalogue import DECKS, card, deck_cards, staff_cards
from card_codes.decode import DecodeResult, decode_image, to_grey
from card_codes.errors import BackendUnavailableError, CardCodeError
from card_codes.geometry import Corners
from card_codes.payload import Rejection, encode_payload
from card_codes.qr import QUIET_ZONE, code_image
from card_codes.scenes import LEVELS, Level, PlacedCode, light_and_lens, place, table_scene

KEY = bytes(range(32))
BACKENDS = backends.available_backends()
SAMPLE = [encode_payload(c) for c in deck_cards("rummy21")[::7]]


def _close(found: Corners, true: Corners, tolerance: float) -> bool:
    return all(dist(a, b) <= tolerance for a, b in zip(found, true, strict=True))


def _check_scene(
    result: DecodeResult, codes: tuple[PlacedCode, ...], tolerance: float, *, ordered: bool = True
) -> None:
    """Every code read once, at its place, and nothing read that is not on the table.

    zbar tells a code's turn in quarter turns only, so its corners may start at another
    corner of the code: with ``ordered`` false only the four points are compared.
    """
    assert not result.rejected
    assert sorted(d.payload for d in result.cards) == sorted(c.payload for c in codes)
    truth = {c.payload: c.corners for c in codes}
    for detection in result.cards:
        found, true = detection.corners, truth[detection.payload]
        if not ordered:
            found, true = tuple(sorted(found)), tuple(sorted(true))  # type: ignore[assignment]
        assert _close(found, true, tolerance), detection


def _blank(size: tuple[int, int] = (900, 700)) -> np.ndarray:
    return np.full((size[1], size[0], 3), (45, 110, 35), np.uint8)


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_renders_and_decodes(deck: str) -> None:
    extra = staff_cards(2) if deck == "control" else ()
    for identity in (*deck_cards(deck, 2), *extra):
        text = encode_payload(identity, staff_key=KEY)
        result = decode_image(code_image(text, module_px=3), staff_key=KEY, second_pass=False)
        assert [d.card for d in result.cards] == [identity]
        side = 3 * (21 if len(text) <= 20 else 25)
        edge = 3 * QUIET_ZONE
        assert _close(
            result.cards[0].corners,
            ((edge, edge), (edge + side, edge), (edge + side, edge + side), (edge, edge + side)),
            3,
        )


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("angle", [0, 17, 45, 90, 135, 180, 222, 270, 333])
def test_any_rotation(backend: str, angle: float) -> None:
    canvas = _blank()
    placed = place(canvas, SAMPLE[0], (450, 350), 150, angle=angle)
    result = decode_image(canvas, backend=backend)
    _check_scene(result, (placed,), 6, ordered=backend == "zxing" or angle % 90 == 0)


@pytest.mark.parametrize("tilt", [15, 30, 40])
def test_tilted_codes(tilt: float) -> None:
    canvas = _blank()
    placed = place(canvas, SAMPLE[1], (450, 350), 140, angle=25, tilt=tilt, tilt_axis=60)
    _check_scene(decode_image(canvas), (placed,), 6)


@pytest.mark.parametrize(
    "level",
    [
        Level("blur", (0, 0), (1.0, 1.0), (1, 1), (0, 0), (95, 95)),
        Level("light", (0, 0), (0, 0), (0.4, 0.4), (0, 0), (95, 95)),
        Level("noise", (0, 0), (0, 0), (1, 1), (6, 6), (60, 60)),
    ],
    ids=lambda level: level.name,
)
def test_blur_light_and_noise(level: Level) -> None:
    rng = np.random.default_rng(5)
    canvas = _blank()
    placed = place(canvas, SAMPLE[2], (450, 350), 110, angle=10)
    _check_scene(decode_image(light_and_lens(canvas, level, rng)), (placed,), 6)


@pytest.mark.parametrize("backend", BACKENDS)
def test_several_codes_in_one_frame(backend: str) -> None:
    scene = table_scene(SAMPLE, rng=np.random.default_rng(11), code_px=(80, 120))
    result = decode_image(scene.image, backend=backend)
    _check_scene(result, scene.codes, 6, ordered=backend == "zxing")


def test_overlapped_as_in_a_rummy_set_R2() -> None:
    """Each card lies over the lower part of the one before: only its top, with the code, shows."""
    sheet = Image.new("RGB", (500, 900), (40, 85, 140))
    draw = ImageDraw.Draw(sheet)
    payloads = SAMPLE[:5]
    for row, text in enumerate(payloads):
        top = 30 + row * 160
        draw.rectangle((100, top, 400, top + 420), fill=(245, 245, 245), outline=(0, 0, 0))
        sheet.paste(code_image(text, module_px=5), (110, top + 5))
    result = decode_image(sheet)
    assert [d.payload for d in sorted(result.cards, key=lambda d: d.centre[1])] == payloads


def test_a_partly_covered_code_is_never_a_wrong_card() -> None:
    canvas = _blank()
    place(canvas, SAMPLE[3], (300, 350), 150)
    kept = place(canvas, SAMPLE[4], (650, 350), 150)
    canvas[350:600, 150:450] = (45, 110, 35)  # a hand over the lower half of the first code
    result = decode_image(canvas)
    assert [d.payload for d in result.cards] == [kept.payload]


def test_foreign_codes_are_rejected_with_their_reason_and_place() -> None:
    sheet = Image.new("L", (900, 400), 200)
    sheet.paste(code_image("https://menu.example/cafe", module_px=5), (20, 20))
    sheet.paste(code_image(encode_payload(card("trump", "B7")), module_px=5), (350, 20))
    forged = encode_payload(staff_cards()[0], staff_key=bytes(32))
    sheet.paste(code_image(forged, module_px=5), (600, 20))
    result = decode_image(sheet, staff_key=KEY)
    assert [d.card for d in result.cards] == [card("trump", "B7")]
    reasons = sorted(r.reason for r in result.rejected)
    assert reasons == [
        "not a Table Companion code (a URL)",
        "staff card not signed by this installation",
    ]
    assert all(isinstance(r, Rejection) and r.corners is not None for r in result.rejected)


def test_the_same_code_is_reported_once_though_both_passes_read_it() -> None:
    image = code_image(SAMPLE[0], module_px=4)
    result = decode_image(image, second_pass=True)
    assert len(result.cards) == 1
    assert result.identities() == (result.cards[0].card,)


def test_the_second_pass_reads_small_codes_the_first_misses() -> None:
    rng = np.random.default_rng(2024)
    first = second = 0
    for _ in range(6):
        scene = table_scene(SAMPLE, rng=rng, size=(640, 480), code_px=(30, 45), level=LEVELS["L1"])
        once = decode_image(scene.image, second_pass=False)
        twice = decode_image(scene.image, second_pass=True)
        payloads = {c.payload for c in scene.codes}
        assert {d.payload for d in twice.cards} <= payloads  # never a wrong read
        assert {d.payload for d in once.cards} <= {d.payload for d in twice.cards}
        first, second = first + len(once.cards), second + len(twice.cards)
    assert second > first


def test_to_grey_accepts_the_usual_images() -> None:
    bgr = np.zeros((4, 5, 3), np.uint8)
    assert to_grey(bgr).shape == (4, 5)
    assert to_grey(Image.new("RGB", (5, 4))).shape == (4, 5)
    assert to_grey(np.ones((4, 5), np.float64)).max() == 255
    assert to_grey(np.ones((4, 5, 1), np.uint8)).shape == (4, 5)
    assert to_grey(np.ones((4, 5), bool)).max() == 255
    with pytest.raises(CardCodeError, match="H x W"):
        to_grey(np.zeros((2, 2, 2, 2), np.uint8))
    with pytest.raises(CardCodeError, match="numpy array or a PIL image"):
        to_grey([[0]])  # type: ignore[arg-type]


def test_backend_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CardCodeError, match="unknown decoder backend 'opencv'"):
        decode_image(np.zeros((10, 10), np.uint8), backend="opencv")
    monkeypatch.setitem(sys.modules, "pyzbar", None)
    with pytest.raises(BackendUnavailableError, match="libzbar0") as caught:
        decode_image(np.zeros((10, 10), np.uint8), backend="pyzbar")
    assert isinstance(caught.value, ImportError)
    assert "pyzbar" not in backends.available_backends()
