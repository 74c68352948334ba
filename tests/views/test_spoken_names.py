"""Players' names in any script, worded for the voice (issue 25 §2 with the phone names
of docs/phone.md): what the English and French voices of espeak-ng read stays as typed,
every other letter is written in Latin letters, a Chinese or Korean syllable apart."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata

import pytest

from companion.views.spoken import READS, for_the_voice

needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None, reason="espeak-ng is not installed"
)
#: A name in each script a phone may send, and what the English voice is given.
NAMES = {
    "王小明": "Wang Xiao Ming",
    "김민수": "Gim Min Su",
    "さくら": "Sakura",
    "山田さくら": "Shan Tian Sakura",
    "Δημήτρης": "Dimitris",
    "Дмитрий": "Dmitriy",
    "محمد": "mhmd",
    "Nguyễn Văn": "Nguyen Văn",
    "Łukasz": "Łukasz",
    "Zoë Søren": "Zoë Søren",
}


@pytest.mark.parametrize("lang", sorted(READS))
@pytest.mark.parametrize(("name", "said"), NAMES.items())
def test_every_name_is_said_in_letters_the_voice_reads(lang: str, name: str, said: str) -> None:
    """Issue 25 §2: a name in Chinese, Korean, Japanese, Greek, Cyrillic or Arabic is
    said in Latin letters (never dropped), a Latin name as typed, in both languages."""
    text = for_the_voice(f"{name}, 3 points.", lang)
    assert text == f"{said}, 3 points."
    assert all(READS[lang](char) for char in text)


def test_the_sentence_around_a_name_is_left_as_worded() -> None:
    """Issue 25 §2: French words, typographic quotes and spaces stay as the catalogue
    has them; only the name changes."""
    sentence = "Trick 4 was cleared before {}’s card was read. Which card was it\u202f?"
    assert for_the_voice(sentence.format("Zoé"), "fr") == sentence.format("Zoé")
    assert for_the_voice(sentence.format("김민수"), "fr") == sentence.format("Gim Min Su")


def _phonemes(lang: str, lines: list[str]) -> list[str]:
    """espeak-ng's phonemes of each line (one sentence a line), stress marks left out."""
    made = subprocess.run(
        ["espeak-ng", "-q", "-x", "-v", lang, "--stdin"],
        input="\n".join(lines).encode(),
        capture_output=True,
        timeout=60,
        check=True,
    )
    out = [line.replace("'", "").replace(",", "") for line in made.stdout.decode().splitlines()]
    assert len(out) == len(lines)
    return out


#: How espeak-ng says the word it reads a letter's code or script with ("letter 1ec5",
#: "Chinese letter"), stress marks left out.
LETTER = {"en": "lEt3", "fr": "lEtr"}


@needs_espeak
@pytest.mark.parametrize("lang", sorted(READS))
def test_the_voice_reads_exactly_the_letters_left_as_typed(lang: str) -> None:
    """Issue 25 §2, asked of espeak-ng itself: every letter below U+0250 that is left as
    typed is read as a letter, and every one written in Latin letters instead is one it
    would have said by its code; a Chinese name as typed it says as "Chinese letter"."""
    letters = [
        chr(code) for code in range(0x80, 0x250) if unicodedata.category(chr(code))[0] in "LN"
    ]
    coded = {
        char
        for char, said in zip(letters, _phonemes(lang, [f"{c}a." for c in letters]), strict=True)
        if LETTER[lang] in said
    }
    assert coded == {char for char in letters if not READS[lang](char)}
    raw, ours = _phonemes(lang, ["王小明.", for_the_voice("王小明.", lang)])
    assert LETTER[lang] in raw and LETTER[lang] not in ours
