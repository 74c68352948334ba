"""The pen's checks that the tests lean on (issue 12: no message cut or drawn over
another on the OLED): a text over another's pixels is recorded as a cut, a text beside
one is not, and the bitmap fonts' letters as the fonts hold them (ISO 8859-1)."""

from __future__ import annotations

from PIL import ImageChops, ImageDraw

from companion.ui.draw import (
    BOLD,
    LARGE,
    SMALL,
    TEXT,
    Pen,
    blank,
    fit,
    fitting,
    printable,
    recording_cuts,
)


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
    assert printable("王小明") == "Wang Xiao Ming"
    assert printable("Nguyễn Søren") == "Nguyen Søren"
    assert printable("Ana ★ 😀") == "Ana ? ?"  # symbols are not letters
    assert all(ord(char) < 256 for char in printable("محمد ギ Ελένη"))


def test_a_chinese_or_korean_name_reads_as_separate_syllables() -> None:
    """Issue 25/26, phone names: each Chinese character and each Korean syllable block is
    one syllable, written as a word of its own; kana make one word; the spaces a player
    typed stay, and no second space or a space before a comma is added."""
    assert printable("王小明") == "Wang Xiao Ming"
    assert printable("김민수") == "Gim Min Su"
    assert (printable("さくら"), printable("ミシェール")) == ("Sakura", "Mishieru")
    assert printable("山田さくら") == "Shan Tian Sakura"
    assert printable("Ana 김민수") == "Ana Gim Min Su"
    assert printable("Ana王") == "Ana Wang"
    assert printable("王, 李") == "Wang, Li"
    assert printable("佐々木") == "Zuo Zuo Mu"  # 々 says the character before it again
    assert printable("Δημήτρης Ελένη") == "Dimitris Eleni"  # alphabets as before
    assert printable("राम") == "ram"  # a vowel sign is a letter's, not a '?'


def test_a_name_drops_its_syllables_spaces_before_it_is_cut() -> None:
    """Issue 25/26, phone names: the spaces between syllables show only where they fit;
    where they do not, the name is drawn as before (no cut, no smaller font, cut as
    before); a name is cut in the letters drawn, never wider than its place."""
    assert fit("王小明", TEXT, 84) == "王小明"  # "Wang Xiao Ming": 14 cells of 6 px
    with recording_cuts() as cuts:
        assert fit("王小明", TEXT, 83) == "WangXiaoMing"
        assert fitting("王小明", 108, LARGE, TEXT) is LARGE
    assert cuts == []
    with recording_cuts() as cuts:
        assert fit("王小明王小明", TEXT, 30) == "Wang."
        assert fit("Anna 王小明", TEXT, 60) == "Anna Wang."
        assert fit("王小明", TEXT, 48) == "WangXia."
    assert cuts == ["王小明王小明", "Anna 王小明", "王小明"]
    for width in range(0, 130):
        for name in ("王小明王小明", "김민수 Ana", "cœur d’Élise", "Дмитрий"):
            assert TEXT.measure(fit(name, TEXT, width)) <= max(width, 0), (name, width)


def test_a_name_is_drawn_as_measured() -> None:
    """Issue 25/26, phone names: a text drawn after a name at the width the pen gives
    back touches none of its pixels (the spaced name is as wide as measured)."""
    pen = Pen(blank((128, 64)))
    with recording_cuts() as cuts:
        end = pen.text((0, 0), "王小明", TEXT)
        pen.text((end, 0), "13", TEXT)
        pen.text((0, 12), "김민수", TEXT, width=TEXT.narrowest("김민수"))
    assert cuts == []
    assert end == TEXT.measure("Wang Xiao Ming")
