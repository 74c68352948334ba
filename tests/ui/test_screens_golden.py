"""Every screen pinned by a golden image, on both panels (issue 5 section 3).

The screens come from :func:`companion.ui.gallery.gallery` (menus reached by the
buttons, game views as the flows make them, a real flow's notices), in English and in
French (``name-fr``, issue 12). Regenerate after a deliberate change:

    UPDATE_GOLDENS=1 .venv/bin/pytest tests/ui/test_screens_golden.py

and look at every changed PNG (at 4x) before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.ui.draw import LARGE as LARGE_FONT
from companion.ui.draw import fit, recording_cuts
from companion.ui.gallery import gallery, language_of, large_gallery
from companion.ui.screens import render
from companion.views.i18n import LANGUAGES, speaking

GOLDEN = Path(__file__).with_name("golden")
SIZES = ((128, 64), (128, 32))
SCREENS = gallery()
#: The in-game screens in large type (issue 12 s5), pinned beside the others.
LARGE = large_gallery()


def _golden(name: str, size: tuple[int, int]) -> Path:
    return GOLDEN / f"{name}-{size[0]}x{size[1]}.png"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "view"), SCREENS + LARGE, ids=[n for n, _ in SCREENS + LARGE])
def test_screen_matches_its_golden_image(name: str, view: object, size: tuple[int, int]) -> None:
    with speaking(language_of(name)):  # the screens word their own labels as they draw
        image = render(view, size, large=_large(name))  # type: ignore[arg-type]
    assert image.size == size and image.mode == "1"
    path = _golden(name, size)
    if os.environ.get("UPDATE_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    assert path.exists(), f"{path.name}: no golden image (run with UPDATE_GOLDENS=1)"
    with Image.open(path) as golden:
        assert ImageChops.difference(image, golden.convert("1")).getbbox() is None, path.name


def test_every_golden_image_belongs_to_a_screen() -> None:
    """No stale goldens: each file is a screen of the gallery."""
    expected = {_golden(name, size).name for name, _ in SCREENS + LARGE for size in SIZES}
    assert {p.name for p in GOLDEN.glob("*.png")} == expected


def test_screen_names_are_unique() -> None:
    names = [name for name, _ in SCREENS + LARGE]
    assert len(names) == len(set(names))


def _large(name: str) -> bool:
    """A large-type gallery screen: ``trick-large``, ``trick-large-fr``."""
    return "-large" in name


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_is_cut_off(size: tuple[int, int]) -> None:
    """Every text of every gallery screen fits whole (tests/ui/test_messages_fit.py
    checks every message with the longest names; this, the gallery's own samples)."""
    for name, view in SCREENS + LARGE:
        with speaking(language_of(name)), recording_cuts() as cuts:
            render(view, size, large=_large(name))
        assert cuts == [], f"{name} at {size}"


def test_the_cut_check_catches_a_cut() -> None:
    """The test above can fail: a name too long for the panel is cut (and marked '.')."""
    from companion.views import TrickView

    view = TrickView("Fibonachos", 1, 1, "Bartholomew-Alexander III")
    with recording_cuts() as cuts:
        render(view, (128, 64))
    assert cuts == ["Bartholomew-Alexander III"]
    assert fit("Bartholomew-Alexander", LARGE_FONT, 80) == "Barthol."


def test_the_gallery_shows_every_screen_in_every_language() -> None:
    """Issue 12: the golden screens are in English and in French, the same screens."""
    names = [name for name, _view in SCREENS]
    english = [name for name in names if language_of(name) == "en"]
    for lang in LANGUAGES[1:]:
        assert [name for name in names if language_of(name) == lang] == [
            f"{name}-{lang}" for name in english
        ]


def test_the_docs_show_every_golden_screen_in_both_languages() -> None:
    """docs/ui.md's gallery shows each screen of the gallery, English and French."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "ui.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"tests/ui/golden/([a-z0-9-]+\.png)", doc))
    expected = {_golden(name, size).name for name, _view in SCREENS for size in SIZES}
    assert shown - {_golden(name, size).name for name, _ in LARGE for size in SIZES} == expected
