"""A name in Latin letters, for the OLED's fonts and a voice that reads Latin script.

Players type their names in any script (the phone page). Where a name must be shown
or said in Latin letters, each letter the place cannot take is written with the
Latin letters anyascii gives it, and a Chinese character or a Korean syllable block,
each one syllable, becomes a word of its own: "王小明" reads "Wang Xiao Ming" and
"김민수" "Gim Min Su" (anyascii alone runs them together: "WangXiaoMing"). Japanese
kana are syllables too, but a word in kana is one word in rōmaji: "さくら" reads
"Sakura". Greek, Cyrillic and the alphabets are written letter by letter as anyascii
does ("Дмитрий" reads "Dmitriy"; Arabic's alef, which anyascii leaves out, as "a":
"سارا" reads "sara"), their punctuation too; the spaces a player typed stay as they
are.

    >>> romanised("王小明", lambda char: char.isascii())
    'Wang Xiao Ming'
    >>> romanised("Ana 김민수", lambda char: char.isascii(), spaced=False)
    'Ana GimMinSu'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from anyascii import anyascii

#: What a letter or digit the place cannot take, nor spell without its accent, becomes
#: when anyascii has no Latin letters for it either.
UNKNOWN = "?"
#: The names of the characters that are one syllable each: Chinese characters (also
#: read in Japanese and Korean names) and Korean syllable blocks.
_SYLLABLES = ("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH", "HANGUL SYLLABLE")
#: The names of the Japanese syllabaries (a run of them is one word).
_KANA = ("HIRAGANA", "KATAKANA")
#: The mark that says the Chinese character before it again ("佐々木": "Zuo Zuo Mu").
_AGAIN = "々"


@dataclass
class _Piece:
    """A stretch of the text in Latin letters, and whether it is a word of its own (a
    syllable, a run of kana) that stands apart from the letters beside it."""

    text: str
    word: bool = False
    kana: bool = False


def romanised(text: str, keep: Callable[[str], bool], *, spaced: bool = True) -> str:
    """``text`` with every character ``keep`` refuses written as the place can take it:
    a letter without the accent it cannot take ("ő" as "o"), a letter or digit of
    another script in Latin letters, a syllable of Chinese or Korean and a run of kana
    apart from its neighbours (unless ``spaced`` is false: the narrowest form, for a
    place too narrow for the spaces), anything else (a symbol, an emoji) as '?'.

    >>> romanised("山田さくら, Ελένη", lambda char: ord(char) < 256)
    'Shan Tian Sakura, Eleni'
    """
    pieces: list[_Piece] = []
    for char in unicodedata.normalize("NFC", text):
        if keep(char):
            pieces.append(_Piece(char))
            continue
        last = pieces[-1] if pieces else _Piece("")
        if char == _AGAIN and last.word and not last.kana:
            pieces.append(_Piece(last.text, word=True))
            continue
        name = unicodedata.name(unicodedata.normalize("NFKC", char)[:1], "")
        kana = name.startswith(_KANA)
        latin = anyascii(char) if kana else _latin(char, keep)  # a long-vowel mark: ""
        if kana and last.kana:
            last.text += latin
        else:
            pieces.append(_Piece(latin, word=kana or name.startswith(_SYLLABLES), kana=kana))
    for piece in pieces:
        if piece.kana:
            piece.text = piece.text[:1].upper() + piece.text[1:]
    return _joined(pieces, spaced=spaced)


#: The ends of the names of the letters that carry a vowel and that anyascii writes as
#: nothing: Arabic's alef ("سارا" is "sara", as anyascii writes alef's presentation
#: forms, and alef with madda), Thaana's alifu, the letter A of the Brahmic scripts.
_CARRIERS = (" LETTER ALEF", " LETTER LOW ALEF", " LETTER ALIFU", " LETTER A")


def _latin(char: str, keep: Callable[[str], bool]) -> str:
    """One character the place cannot take, as it can."""
    base = unicodedata.normalize("NFKD", char)[:1]
    if base and base != char and keep(base):
        return base
    kind = unicodedata.category(char)
    if kind[0] in "LN":
        latin = anyascii(char)
        if latin or kind == "Lm":  # a modifier (Arabic's tatweel, a stretch) says nothing
            return latin
        return "a" if unicodedata.name(char, "").endswith(_CARRIERS) else UNKNOWN
    if kind[0] == "M":
        return anyascii(char)  # a vowel sign ("रा": "ra"), or nothing (an accent)
    if kind[0] == "P":  # a comma, a hyphen, a geresh ("ג׳ורג׳": "g'vrg'")
        return anyascii(char) or UNKNOWN
    return UNKNOWN


def _joined(pieces: list[_Piece], *, spaced: bool) -> str:
    """The pieces in a row, a space between a word of its own and a letter or digit
    beside it (never a second space, nor one before a comma)."""
    out: list[str] = []
    last: _Piece | None = None
    for piece in pieces:
        if not piece.text:
            continue
        if (
            spaced
            and last is not None
            and (piece.word or last.word)
            and out[-1][-1:].isalnum()
            and piece.text[:1].isalnum()
        ):
            out.append(" ")
        out.append(piece.text)
        last = piece
    return "".join(out)
