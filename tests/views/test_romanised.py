"""A name in Latin letters for a place that takes only some letters (issues 25/26 with
the phone names of docs/phone.md): the OLED's Latin-1 fonts, a voice reading Latin."""

from __future__ import annotations

import unicodedata

from companion.views.romanised import romanised


def _ascii(char: str) -> bool:
    return char.isascii()


def test_what_the_place_takes_is_left_as_typed() -> None:
    """Phone names: the place's own letters, spaces and punctuation stay; only the
    letters it refuses change."""
    assert romanised("Zoé, Дмитрий!", lambda char: ord(char) < 256) == "Zoé, Dmitriy!"
    assert romanised("Zoé, Дмитрий!", _ascii) == "Zoe, Dmitriy!"


def test_a_name_typed_decomposed_or_half_width_reads_the_same() -> None:
    """Phone names: a phone may send Korean as separate jamo (NFD) or kana in half
    width; they read as the composed name."""
    assert romanised(unicodedata.normalize("NFD", "김민수"), _ascii) == "Gim Min Su"
    assert romanised("ｻｸﾗ", _ascii) == "Sakura"


def test_digits_of_other_scripts_and_symbols() -> None:
    """Phone names: a digit of another script is a digit; a symbol is '?', never dropped."""
    assert romanised("Ana ٣", _ascii) == "Ana 3"
    assert romanised("Ana ★", _ascii) == "Ana ?"


def test_the_narrowest_form_adds_no_space() -> None:
    """Issue 25/26: run together, a name is no longer than anyascii writes it."""
    for name in ("王小明", "Ana 김민수", "山田さくら", "王, 李"):
        together = romanised(name, _ascii, spaced=False)
        assert together.count(" ") == name.count(" ")
        assert together.replace(" ", "") == romanised(name, _ascii).replace(" ", "")


def test_arabic_alef_is_a_and_a_tatweel_nothing() -> None:
    """Session 31: anyascii writes Arabic's alef as nothing, which was '?' ("s?r?");
    it is "a", as anyascii writes alef's presentation form (U+FE8D) and alef with
    madda, whichever a phone sends; a tatweel stretches a letter and says nothing."""
    assert romanised("سارا", _ascii) == romanised("ﺳﺎﺭﺍ", _ascii) == "sara"
    assert romanised("امیر آرش", _ascii) == "amyr arsh"
    assert romanised("عـلـي", _ascii) == "`ly"


def test_punctuation_of_other_scripts_is_written_as_anyascii_writes_it() -> None:
    """Session 31: a Hebrew geresh (George: "ג׳ורג׳") and maqaf, an Arabic comma, were
    '?'; a symbol still is."""
    assert romanised("ג׳ורג׳ בן־גוריון", _ascii) == "g'vrg' vn-gvryvn"
    assert romanised("علي، سارا", _ascii) == "`ly, sara"
    assert romanised("Ana ★", _ascii) == "Ana ?"
