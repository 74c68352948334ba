"""Every screen pinned by a golden image, on both panels (issue 5 section 3).

The screens come from :func:`companion.ui.gallery.gallery` (menus reached by the
buttons, game views as the flows make them). Regenerate after a deliberate change:

    UPDATE_GOLDENS=1 .venv/bin/pytest tests/ui/test_screens_golden.py

and look at every changed PNG (at 4x) before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.ui import draw, screens, screens_game, screens_large
from companion.ui.gallery import gallery, large_gallery
from companion.ui.screens import render

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
    image = render(view, size, large=name.endswith("-large"))  # type: ignore[arg-type]
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


def cuts(
    view: object, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch, *, large: bool = False
) -> list[str]:
    """The texts fit() had to cut while drawing ``view``."""
    cut: list[str] = []
    real = draw.fit

    def recording(text: str, font: draw.Font, width: int) -> str:
        shown = real(text, font, width)
        if shown != text:
            cut.append(text)
        return shown

    with monkeypatch.context() as patch:
        for module in (draw, screens, screens_game, screens_large):
            if hasattr(module, "fit"):
                patch.setattr(module, "fit", recording)
        render(view, size, large=large)  # type: ignore[arg-type]
    return cut


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_is_cut_off(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of every gallery screen fits whole: fit() never has to cut."""
    for name, view in SCREENS + LARGE:
        large = name.endswith("-large")
        assert cuts(view, size, monkeypatch, large=large) == [], f"{name} at {size}"


def test_the_cut_check_catches_a_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: a name too long for the panel is cut (and marked '.')."""
    from companion.views import TrickView

    view = TrickView("Fibonachos", 1, 1, "Bartholomew-Alexander III")
    assert cuts(view, (128, 64), monkeypatch) == ["Bartholomew-Alexander III"]
    assert draw.fit("Bartholomew-Alexander", draw.LARGE, 80) == "Barthol."
