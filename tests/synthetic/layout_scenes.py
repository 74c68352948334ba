"""One synthetic scene a picture size, for the tests that only lay tables out and never
draw a frame (issue 20: a 12 MP scene's cloth and noise cost 2 s of CPU each time, and
three test modules made the same one). A scene is not changed by laying a table out in
it, and its seed only draws the cloth and the noise, so one serves them all."""

from __future__ import annotations

from functools import cache

from companion.synthetic.scene import Scene

#: The card width of the synthetic rummy tables (docs/rummy.md "The camera").
CARD_WIDTH = 190


@cache
def layout_scene(size: tuple[int, int]) -> Scene:
    """The scene the rummy tables of a picture of ``size`` are laid out in."""
    return Scene(size, card_width=CARD_WIDTH)
