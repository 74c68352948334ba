"""Letters of the OLED fonts redrawn so their stems stay apart, and the step that
writes them into the fonts.

X.Org's 6x13B is 6x13 drawn twice, one pixel apart: in a 6-pixel cell the three
stems of m, w, M and W, and N's diagonal, run into one solid block ("Card missing"
read "Card #issing" on the panel). 5x7 draws the same letters in 4 columns, where
three stems cannot fit. Each letter below is redrawn in its own cell (its width, its
box and every other letter stay as they were, so no screen's layout moves): 6x13B's
stems are 1 pixel where three must fit and 2 where they can, so the title still
reads bold; 5x7's m and w are 5x8's, from the same family, with M and W drawn to
match. The cells are drawn whole, one text row per pixel row ('#' lit).

Patch the fonts in this folder (patching twice changes nothing)::

    python -m companion.ui.fonts.patch_glyphs

or convert them again from X.Org's PCF files first (``xfonts-base``'s
``/usr/share/fonts/X11/misc``), then patch::

    python -m companion.ui.fonts.patch_glyphs --from /path/to/misc
"""

from __future__ import annotations

import argparse
import gzip
import io
import struct
from collections.abc import Mapping, Sequence
from pathlib import Path

from PIL import Image, PcfFontFile

from companion.errors import CompanionError

FONT_DIR = Path(__file__).parent
#: The fonts of the OLED screens (companion.ui.draw), as X.Org names their files.
FONTS = ("5x7", "6x10", "6x13B", "9x15B", "10x20")
#: A .pil file: three header lines, then 256 glyphs of ten big-endian 16-bit numbers
#: (advance x and y, the box drawn on the page, the box in the .pbm bitmap).
_HEADER_LINES = 3
_METRICS = struct.Struct(">10h")


def _cells(drawings: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    return {char: tuple(drawing.split()) for char, drawing in drawings.items()}


#: The redrawn letters of each font, their whole cell from the top row down.
GLYPHS: dict[str, dict[str, tuple[str, ...]]] = {
    "6x13B": _cells(
        {
            "m": """
                ......
                ......
                ......
                ......
                ......
                #####.
                #.##.#
                #.##.#
                #.##.#
                #.##.#
                #.##.#
                ......
                ......
            """,
            "w": """
                ......
                ......
                ......
                ......
                ......
                #.##.#
                #.##.#
                #.##.#
                #.##.#
                #.##.#
                .#..#.
                ......
                ......
            """,
            "M": """
                ......
                ......
                ##..##
                ##..##
                #.##.#
                #.##.#
                #.##.#
                #....#
                #....#
                #....#
                #....#
                ......
                ......
            """,
            "W": """
                ......
                ......
                #....#
                #....#
                #....#
                #....#
                #.##.#
                #.##.#
                #.##.#
                ##..##
                ##..##
                ......
                ......
            """,
            "N": """
                ......
                ......
                ##..##
                ###.##
                ###.##
                ###.##
                ##.###
                ##.###
                ##.###
                ##..##
                ##..##
                ......
                ......
            """,
            "Ñ": """
                ......
                ..##.#
                .#.##.
                ......
                ##..##
                ###.##
                ###.##
                ###.##
                ##.###
                ##.###
                ##..##
                ......
                ......
            """,
        }
    ),
    "5x7": _cells(
        {
            "m": """
                .....
                .....
                ##.#.
                #.#.#
                #.#.#
                #.#.#
                .....
            """,
            "w": """
                .....
                .....
                #...#
                #.#.#
                #.#.#
                .#.#.
                .....
            """,
            "M": """
                #...#
                ##.##
                #.#.#
                #.#.#
                #...#
                #...#
                .....
            """,
            "W": """
                #...#
                #...#
                #.#.#
                #.#.#
                ##.##
                #...#
                .....
            """,
        }
    ),
}


class GlyphError(CompanionError, ValueError):
    """A redrawn letter that does not fit its cell in the font."""


def convert(pcf_dir: Path, out_dir: Path = FONT_DIR) -> None:
    """Make each font's .pil and .pbm from X.Org's PCF, as the fonts were first made."""
    for name in FONTS:
        pcf = io.BytesIO(gzip.decompress((pcf_dir / f"{name}.pcf.gz").read_bytes()))
        PcfFontFile.PcfFontFile(pcf, "iso8859-1").save(str(out_dir / f"{name}.pil"))


def patch(
    font_dir: Path = FONT_DIR, glyphs: Mapping[str, Mapping[str, Sequence[str]]] = GLYPHS
) -> None:
    """Draw the redrawn letters into their fonts' bitmaps (.pbm), in place."""
    for name, letters in glyphs.items():
        boxes = bitmap_boxes(font_dir / f"{name}.pil")
        pbm = font_dir / f"{name}.pbm"
        with Image.open(pbm) as opened:
            bitmap = opened.convert("1")
        for char, rows in letters.items():
            box = boxes[ord(char.encode("latin-1"))]
            bitmap.paste(_image(name, char, rows, box), box[:2])
        bitmap.save(pbm, "PNG")  # as Pillow's FontFile.save writes it


def bitmap_boxes(pil: Path) -> list[tuple[int, int, int, int]]:
    """Where each of the 256 glyphs lies in the font's .pbm: (left, top, right, bottom)."""
    lines = pil.read_bytes().split(b"\n", _HEADER_LINES)
    data = lines[_HEADER_LINES]
    boxes = []
    for index in range(256):
        left, top, right, bottom = _METRICS.unpack_from(data, index * _METRICS.size)[6:]
        boxes.append((left, top, right, bottom))
    return boxes


def _image(
    name: str, char: str, rows: Sequence[str], box: tuple[int, int, int, int]
) -> Image.Image:
    width, height = box[2] - box[0], box[3] - box[1]
    if len(rows) != height or any(len(row) != width or set(row) - {"#", "."} for row in rows):
        raise GlyphError(
            f"{name} {char!r}: the drawing must be {height} rows of {width} '#' or '.', "
            f"the size of the letter's cell in {name}.pbm"
        )
    image = Image.new("1", (width, height), 0)
    image.putdata([255 if pixel == "#" else 0 for row in rows for pixel in row])
    return image


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--from", dest="pcf_dir", type=Path, help="convert the X.Org PCF files in this folder first"
    )
    args = parser.parse_args(argv)
    try:
        if args.pcf_dir is not None:
            convert(args.pcf_dir)
        patch()
    except (OSError, GlyphError) as error:
        parser.exit(1, f"patch_glyphs: {error}\n")


if __name__ == "__main__":
    main()
