"""The OLED fonts' letters keep their stems apart (issue 5 section 3: readable on the
real panel, with a crisp bitmap font; issue 12: the French letters too).

X.Org's 6x13B (the titles) drew m, w, M, W and N as solid blocks, and 5x7 (the hints)
drew m, w, M and W with two stems: companion/ui/fonts/patch_glyphs.py redraws them in
their cells. These tests read the letters back from the committed fonts, as the
screens draw them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.ui.draw import BOLD, HUGE, LARGE, SMALL, TEXT, Font
from companion.ui.fonts import patch_glyphs
from companion.ui.fonts.patch_glyphs import FONT_DIR, FONTS, GLYPHS, GlyphError

ALL = (SMALL, TEXT, BOLD, LARGE, HUGE)
#: The letters with three stems side by side (m's arches, w's and W's Vs, M's V).
THREE_STEMS = "mwMW"
#: X.Org's 6x13B "m", the blob the panel showed.
BLOB_M = (
    ("......",) * 5 + ("#####.", "######", "######", "######", "######", "##..##") + ("......",) * 2
)


def _rows(font: Font, char: str) -> tuple[str, ...]:
    """The letter's whole cell as the font draws it: one '#'/'.' string a row."""
    mask = font.face.getmask(char)
    width, height = mask.size
    assert (width, height) == (font.width, font.height), (font.name, char)
    return tuple(
        "".join("#" if mask.getpixel((x, y)) else "." for x in range(width)) for y in range(height)
    )


def _stems(row: str) -> int:
    """How many separate runs of lit pixels a row has."""
    return len([run for run in row.split(".") if run])


def _stems_apart(rows: tuple[str, ...]) -> bool:
    """Three stems show side by side in a row at least, and no row is lit from edge
    to edge (which would run the stems into one block)."""
    three = sum(_stems(row) >= 3 for row in rows)
    return three >= 1 and not any(set(row) == {"#"} for row in rows)


@pytest.mark.parametrize("font", ALL, ids=lambda font: font.name)
@pytest.mark.parametrize("char", THREE_STEMS)
def test_three_stemmed_letters_keep_their_stems_apart(font: Font, char: str) -> None:
    """Issue 5 s3: in every OLED font, m w M W show their three stems, none merged."""
    assert _stems_apart(_rows(font, char)), "\n".join(_rows(font, char))


def test_the_check_catches_the_blob_the_panel_showed() -> None:
    """The check above can fail: X.Org's 6x13B "m" (rows 6-9 lit edge to edge)."""
    assert not _stems_apart(BLOB_M)


@pytest.mark.parametrize("char", "NÑ")
def test_the_bold_n_shows_its_diagonal(char: str) -> None:
    """Issue 5 s3 and issue 12 (Ñ): N's diagonal runs between its stems, never filling
    a row: each row of the letter has both stems apart."""
    letter = [row for row in _rows(BOLD, char)[4:] if row.strip(".")]
    assert letter and all(_stems(row) == 2 for row in letter), "\n".join(letter)


@pytest.mark.parametrize(
    ("name", "char"), [(name, char) for name, letters in GLYPHS.items() for char in letters]
)
def test_each_redrawn_letter_is_in_its_font(name: str, char: str) -> None:
    """Issue 5 s3: the committed font draws the letter as patch_glyphs.py draws it."""
    font = next(font for font in ALL if font.name == name)
    assert _rows(font, char) == GLYPHS[name][char]


def test_no_width_changes() -> None:
    """Issue 5 s3: the screens' layout depends on the widths: every Latin-1 letter
    keeps its font's cell width."""
    for font in ALL:
        for code in range(0x20, 0x100):
            if chr(code).isalnum():
                assert font.measure(chr(code)) == font.width, (font.name, chr(code))


def test_patching_the_committed_fonts_again_changes_nothing(tmp_path: Path) -> None:
    """The committed fonts are the script's output: patching them again keeps every
    byte (so a change of a drawing without running the script fails here)."""
    for name in FONTS:
        for suffix in (".pil", ".pbm"):
            shutil.copy(FONT_DIR / f"{name}{suffix}", tmp_path)
    patch_glyphs.patch(tmp_path)
    for name in FONTS:
        for suffix in (".pil", ".pbm"):
            assert (tmp_path / f"{name}{suffix}").read_bytes() == (
                FONT_DIR / f"{name}{suffix}"
            ).read_bytes(), f"{name}{suffix}: run python -m companion.ui.fonts.patch_glyphs"


def test_a_drawing_of_the_wrong_size_names_the_letter_and_the_font(tmp_path: Path) -> None:
    """A drawing that does not fill its cell is refused, naming the font and letter."""
    for suffix in (".pil", ".pbm"):
        shutil.copy(FONT_DIR / f"6x13B{suffix}", tmp_path)
    with pytest.raises(GlyphError, match=r"6x13B 'm'.*13 rows of 6"):
        patch_glyphs.patch(tmp_path, {"6x13B": {"m": ("#.##.#",) * 12}})


def test_the_script_names_a_missing_pcf_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder without X.Org's PCF files: one line naming the file, exit status 1."""
    with pytest.raises(SystemExit) as exited:
        patch_glyphs.main(["--from", str(tmp_path)])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert "5x7.pcf.gz" in err and "Traceback" not in err
