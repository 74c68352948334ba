"""The pen's checks that the tests lean on (issue 12: no message cut or drawn over
another on the OLED): a text over another's pixels is recorded as a cut, a text beside
one is not, and the bitmap fonts' letters as the fonts hold them (ISO 8859-1)."""

from __future__ import annotations

from PIL import ImageChops, ImageDraw

from companion.ui.draw import BOLD, SMALL, TEXT, Pen, blank, printable, recording_cuts


def test_a_text_drawn_over_another_is_recorded() -> None:
    """Issue 12: two texts at the same place: the second is the one recorded."""
    pen = Pen(blank((128, 64)))
    with recording_cuts() as cuts:
        pen.text((0, 0), "Ana 13", TEXT)
        pen.text((6, 2), "Ben 21", TEXT)
    assert cuts == ["Ben 21"]


def test_texts_side_by_side_or_whose_boxes_meet_without_pixels_are_not() -> None:
    """Issue 12: texts that touch no lit pixel of another are fine, even when their
    boxes meet (a '.' in the bottom left of a cell and a quote in the top right of the
    next line's cell share no pixel)."""
    pen = Pen(blank((128, 64)))
    with recording_cuts() as cuts:
        end = pen.text((0, 0), "Ana", TEXT)
        pen.text((end, 0), "13", TEXT)
        pen.text((0, 10), "Ben", BOLD)
        pen.right(10, "21", BOLD)
        pen.text((0, 30), ".", TEXT)
        pen.text((0, 25), "'", TEXT)
    assert cuts == []


def test_the_check_compares_pixels_when_boxes_meet() -> None:
    """Issue 12: the check's pixels are the drawn ones: where two boxes meet, a text
    is recorded exactly when one of its pixels is lit in an earlier text."""
    for dy in range(-8, 9):
        first, second = blank((64, 32)), blank((64, 32))
        ImageDraw.Draw(first).text((4, 10), "Wg", font=SMALL.face, fill=255)
        ImageDraw.Draw(second).text((6, 10 + dy), "jA", font=SMALL.face, fill=255)
        lit_both = ImageChops.logical_and(first, second).getbbox() is not None
        pen = Pen(blank((64, 32)))
        with recording_cuts() as cuts:
            pen.text((4, 10), "Wg", SMALL)
            pen.text((6, 10 + dy), "jA", SMALL)
        assert (cuts == ["jA"]) == lit_both, dy


def test_printable_keeps_latin1_and_spells_the_rest() -> None:
    """Issue 12: French on the Latin-1 fonts: accents kept, œ and quotes spelled."""
    assert printable("Zoé") == "Zoé"
    assert printable("cœur d’Élise") == "coeur d'Élise"
    assert printable("Ōta 🂡") == "Ota ?"
    assert printable("plain ascii") == "plain ascii"


def test_printable_writes_other_scripts_in_latin_letters() -> None:
    """A player's name from the phone page in any script reads on the OLED (issue 24's
    and the cafe's players; Latin-1 letters are kept as they are)."""
    assert printable("Łukasz") == "Lukasz"
    assert printable("Дмитрий") == "Dmitriy"
    assert printable("王小明") == "WangXiaoMing"
    assert printable("Nguyễn Søren") == "Nguyen Søren"
    assert printable("Ana ★ 😀") == "Ana ? ?"  # symbols are not letters
    assert all(ord(char) < 256 for char in printable("محمد ギ Ελένη"))
