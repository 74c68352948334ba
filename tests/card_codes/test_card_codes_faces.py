"""Card faces (issue 3, section 3): size, code placement, quiet zones, the overlapped
strip of a rummy set, and what a person reads on the face."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from card_pages import mm_to_px, read_cards
from PIL import Image, ImageChops, ImageDraw

from card_codes import fonts
from card_codes.catalogue import DECKS, card, deck_cards, face_description, staff_cards
from card_codes.errors import CardCodeError
from card_codes.face_image import (
    CARD_MM,
    CORNER_BOX_MM,
    QUIET_MODULES,
    STRIP_MM,
    card_image,
    code_places,
    identity_text,
)
from card_codes.face_style import CONTROL_ACTIONS, face_style
from card_codes.keys import generate_key
from card_codes.marks import DRAWERS, draw_mark
from card_codes.qr import code_matrix

#: A few cards of every deck: the first, the last, and ones with marks.
SAMPLE = [
    ("fibonachos", "R1#2"),
    ("fibonachos", "G16"),
    ("fibonachos", "S5#3"),
    ("trump", "Y7"),
    ("trump", "SYMBOL-BOARD"),
    ("rummy21", "B13#4"),
    ("rummy21", "X#2"),
    ("rummy13", "13#1"),
    ("rummy8", "W#3"),
    ("rummy89", "89#4"),
    ("rummy89", "55#12"),
    ("hex", "M6#4"),
    ("control", "NEXT-ROUND"),
    ("control", "SEAT5"),
]


def test_sample_covers_every_deck() -> None:
    assert {deck for deck, _ in SAMPLE} == set(DECKS)


def test_face_is_poker_size_at_any_dpi() -> None:
    """63 x 88 mm: 744 x 1039 pixels at 300 dpi."""
    red = card("fibonachos", "R13")
    assert card_image(red).size == (744, 1039)
    assert card_image(red, dpi=150).size == (mm_to_px(63, 150), mm_to_px(88, 150))


def test_code_places_fit_the_strip_and_mirror() -> None:
    """Corner codes sit in the top strip and, turned, in the bottom one; the large code
    is centred; version-1 modules are at least 0.7 mm in the corners (vector print)."""
    top, centre, bottom = code_places()
    width, height = CARD_MM
    assert top.top + top.side <= STRIP_MM - 0.5
    assert not top.turned and bottom.turned
    assert bottom.left + bottom.side == pytest.approx(width - top.left)
    assert bottom.top + bottom.side == pytest.approx(height - top.top)
    assert centre.left + centre.side / 2 == pytest.approx(width / 2)
    assert centre.top + centre.side / 2 == pytest.approx(height / 2)
    assert centre.top >= STRIP_MM and centre.top + centre.side <= height - STRIP_MM
    assert CORNER_BOX_MM / (21 + 2 * QUIET_MODULES) >= 0.7


@pytest.mark.parametrize(("deck", "notation"), SAMPLE)
def test_every_code_on_a_face_reads_as_its_card(deck: str, notation: str) -> None:
    """Three codes per face (two corners, the large one), all naming this card."""
    identity = card(deck, notation)
    assert read_cards(card_image(identity, dpi=300)) == {identity: 3}


@pytest.mark.parametrize(("deck", "notation"), SAMPLE[::3])
def test_the_top_strip_alone_reads(deck: str, notation: str) -> None:
    """Overlapped in a rummy set only the top ~22 mm shows: its corner code reads,
    and so does the bottom strip's turned code when the card lies the other way up."""
    identity = card(deck, notation)
    image = card_image(identity, dpi=300)
    strip = mm_to_px(STRIP_MM, 300)
    assert read_cards(image.crop((0, 0, image.width, strip))) == {identity: 1}
    turned = image.rotate(180).crop((0, 0, image.width, strip))
    assert read_cards(turned) == {identity: 1}


def test_a_rummy_set_overlapped_on_the_table_reads_card_by_card() -> None:
    """R2 set laid as the rulebook shows: each card covers all but the top strip of the
    one before; every card of the column is read."""
    cards = [card("rummy21", name) for name in ("B2#1", "3#1", "3#2", "13#1")]
    dpi, shown = 200, mm_to_px(STRIP_MM, 200)
    faces = [card_image(one, dpi=dpi) for one in cards]
    table = Image.new("RGB", (faces[0].width + 80, shown * 3 + faces[0].height + 80), (40, 90, 60))
    for row, face in enumerate(faces):
        table.paste(face, (40, 40 + row * shown))
    assert set(read_cards(table)) == set(cards)


def test_quiet_zones_are_white_on_the_face() -> None:
    """Four white modules around every code, inside the card (no reliance on the table)."""
    identity = card("trump", "P10")
    dpi = 300
    image = np.asarray(card_image(identity, dpi=dpi).convert("L"))
    modules = code_matrix("TC1T0100ABCDE", border=QUIET_MODULES).shape[0]
    for place in code_places():
        side = mm_to_px(place.side, dpi)
        module = side // modules
        offset = (side - modules * module) // 2
        left, top = mm_to_px(place.left, dpi) + offset, mm_to_px(place.top, dpi) + offset
        box = image[top : top + modules * module, left : left + modules * module]
        ring = QUIET_MODULES * module
        assert (box[:ring] == 255).all() and (box[-ring:] == 255).all()
        assert (box[:, :ring] == 255).all() and (box[:, -ring:] == 255).all()
        assert (box[ring:-ring, ring:-ring] == 0).any()
        assert module * 25.4 / dpi >= (0.65 if place.side == CORNER_BOX_MM else 1.0)


def test_staff_cards_need_the_key_and_read_only_with_it() -> None:
    key = generate_key()
    settings = staff_cards()[0]
    with pytest.raises(CardCodeError):
        card_image(settings, dpi=150)
    image = card_image(settings, dpi=300, staff_key=key)
    assert read_cards(image, staff_key=key) == {settings: 3}


def test_identity_small_print_tells_equal_cards_apart() -> None:
    assert identity_text(card("fibonachos", "R1#2", copy=3)) == "#2 c3"
    assert identity_text(card("trump", "B7")) == "c1"
    one, two = card_image(card("rummy21", "8#1")), card_image(card("rummy21", "8#2"))
    assert ImageChops.difference(one, two).getbbox() is not None


def test_words_name_colour_suit_and_kind() -> None:
    """For colour-blind players every colour and kind is also written (F1, T1, R1)."""
    for identity in deck_cards("fibonachos"):
        face = face_description(identity)
        style = face_style(face)
        if face.colour and face.suit:
            assert face.colour.upper() in style.kind and face.suit.upper() in style.kind
            assert (style.note == "FIBONACHO") == (face.number in {1, 2, 3, 5, 8, 13})  # F2
            assert (style.mark == "fibonacho") == (face.number in {1, 2, 3, 5, 8, 13})
        else:
            assert style.kind == "SPICY"
    for identity in deck_cards("trump")[:50]:
        face = face_description(identity)
        style = face_style(face)
        assert style.kind == (face.colour or "?").upper() and style.mark == face.symbol  # T1


def test_rummy_marks_rabbit_wild_bonus() -> None:
    """R1: base cards carry the rabbit, wild and bonus cards say so in words."""
    styles = {c.face: face_style(face_description(c)) for c in deck_cards("rummy21")}
    assert styles["B5"].mark == "rabbit" and "BASE" in styles["B5"].kind
    assert styles["W"].mark == "wild" and styles["W"].kind == "WILD"
    assert styles["X"].mark == "bonus" and "worth 8" in styles["X"].note
    assert styles["21"].kind == "TOP CARD" and styles["5"].kind == "STANDARD"
    assert face_style(face_description(card("rummy13", "13#1"))).mark == "rabbit"


def test_hex_move_cards_print_the_moves_for_the_players() -> None:
    """Issue 26 (H5): a move card's big label is its number of moves, as on the players'
    cards ("3"), with "3 moves" and the pile in words; never the notation "M3"."""
    for identity in deck_cards("hex"):
        face = face_description(identity)
        style = face_style(face)
        moves = identity.face[1:]
        assert face.label == moves and not face.label.startswith("M")
        assert style.note == f"{moves} move{'s' if moves != '1' else ''}"
        assert style.kind in ("BLACK'S PILE", "WHITE'S PILE")


def test_control_cards_say_their_action() -> None:
    for identity in (*deck_cards("control"), *staff_cards()):
        face = face_description(identity)
        style = face_style(face)
        if "seat" not in face.marks:
            assert style.note == CONTROL_ACTIONS[face.label]
    assert face_style(face_description(staff_cards()[1])).kind == "STAFF ONLY"


def test_band_ink_contrasts() -> None:
    yellow = face_style(face_description(card("trump", "Y3")))
    blue = face_style(face_description(card("trump", "B3")))
    assert yellow.on_band == (20, 20, 20) and blue.on_band == (255, 255, 255)


@pytest.mark.parametrize("mark", sorted(DRAWERS))
def test_marks_draw_inside_their_box(mark: str) -> None:
    image = Image.new("RGB", (120, 120), "white")
    draw_mark(ImageDraw.Draw(image), mark, (10, 10, 100), (0, 0, 0))
    ink = np.asarray(image.convert("L")) < 128
    assert ink[10:111, 10:111].sum() > 200
    assert ink.sum() == ink[8:113, 8:113].sum()


def test_unknown_mark_is_a_card_code_error() -> None:
    image = Image.new("RGB", (10, 10))
    with pytest.raises(CardCodeError, match="no mark 'moon'"):
        draw_mark(ImageDraw.Draw(image), "moon", (0, 0, 10), (0, 0, 0))


def test_font_fallback_warns_and_still_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_DIRS", ())
    monkeypatch.delenv("CARD_CODES_FONT_DIR", raising=False)
    fonts.face_font.cache_clear()
    fonts._warn_fallback.cache_clear()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            font = fonts.face_font(30, bold=True)
        assert any(issubclass(w.category, fonts.FontFallbackWarning) for w in caught)
        assert font.getbbox("13")[2] > 10
    finally:
        fonts.face_font.cache_clear()
        fonts._warn_fallback.cache_clear()


def test_dejavu_is_found_here() -> None:
    """The bootstrap installs fonts-dejavu-core; the faces are meant to use it."""
    assert fonts.font_path(bold=True) is not None
