"""Make the OLED pictures of the players' pages (docs/fibonachos.md, trump.md, hex.md,
rummy.md, ui.md) from the real screens.

Each picture is a screen of :func:`companion.ui.gallery.gallery` (menus reached by the
buttons, game screens presented from a real flow's facts, a real flow's notices: the
same screens the golden images pin) drawn by :func:`companion.ui.screens.render` on
the 128x64 panel, enlarged three times pixel for pixel and coloured as the panel
shows it (light on black). ``tests/test_player_pages.py`` fails when a picture is not
the screen as it draws now, so the pages cannot show a stale screen. Run from the
repository root (deterministic; two-colour PNGs):

    .venv/bin/python docs/images/make_oled_pictures.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from companion.ui.gallery import gallery, language_of
from companion.ui.screens import render
from companion.views.i18n import speaking

HERE = Path(__file__).resolve().parent / "oled"
PANEL = (128, 64)
SCALE = 3
#: The panel's light and dark (a white OLED seen in a room).
LIGHT, DARK = (235, 244, 255), (8, 10, 14)
#: The screens the players' pages show, by the gallery's names.
SHOWN = (
    "start",
    "players",
    "names",
    "name-wheel",
    "dealer",
    "variants",
    "confirm",
    "game-menu",
    "correct-which",
    "correct-face",
    "end-confirm",
    "fibonachos-spicy",
    "fibonachos-trick",
    "fibonachos-next-trick",
    "fibonachos-missing",
    "missing-card",
    "trick-won",
    "revoke",
    "refused",
    "scores-so-far",
    "round-scores",
    "match-totals",
    "trump-indicators",
    "trump-leader",
    "leader-menu",
    "trump-trick",
    "trump-trick-won",
    "trump-last-trick",
    "rummy-dealer",
    "rummy",
    "rummy-close",
    "rummy-wild",
    "rummy-who-out",
    "rummy-ended",
    "hex",
    "hex-strikes",
    "hex-card",
    "hex-winner",
    "hex-winner-menu",
    "idle",
    "note",
)


def picture(name: str) -> Image.Image:
    """The screen ``name`` as the pages show it (a small two-colour palette PNG)."""
    views = dict(gallery())
    with speaking(language_of(name)):
        image = render(views[name], PANEL)
    big = image.resize((PANEL[0] * SCALE, PANEL[1] * SCALE), Image.Resampling.NEAREST)
    lit = big.convert("L").point(lambda value: 1 if value else 0)  # palette indices 0, 1
    out = Image.frombytes("P", big.size, lit.tobytes())
    out.putpalette([*DARK, *LIGHT])
    return out


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name in SHOWN:
        picture(name).save(HERE / f"{name}.png", optimize=True)
    print(f"{len(SHOWN)} pictures in {HERE}")


if __name__ == "__main__":
    main()
