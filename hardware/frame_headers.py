"""What the header of a recorded frame says, read by Pillow without decoding the image:
its size, within limits, and the size most frames of a recording have (the replay
camera's, :mod:`hardware.camera_replay`).

    >>> import tempfile, pathlib
    >>> from PIL import Image
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name, width in (("a", 4), ("b", 6), ("c", 6)):
    ...     Image.new("RGB", (width, 3)).save(folder / f"{name}.png")
    >>> files = sorted(folder.iterdir())
    >>> header_size(files[0], 1000, 100), header_size(files[0], 1000, 10)
    ((4, 3), None)
    >>> usual_size(files, 9, 1000, 100)
    (6, 3)
"""

from __future__ import annotations

import stat
from collections import Counter
from pathlib import Path


def header_size(path: Path, max_bytes: int, max_pixels: int) -> tuple[int, int] | None:
    """(width, height) in the header of a regular file of at most ``max_bytes`` that
    claims at most ``max_pixels`` pixels; None for any other file."""
    from PIL import Image as PILImage

    try:
        info = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
        return None
    try:
        with PILImage.open(path) as header:
            width, height = header.size
    except (OSError, ValueError, PILImage.DecompressionBombError):
        return None
    return (width, height) if width * height <= max_pixels else None


def usual_size(
    files: list[Path], sample: int, max_bytes: int, max_pixels: int
) -> tuple[int, int] | None:
    """The header size most of ``sample`` files spread over ``files`` have (of equal
    counts, the earlier file's); None when no header among them can be read."""
    step = max(1, len(files) // sample)
    sizes = Counter(
        size
        for path in files[::step]
        if (size := header_size(path, max_bytes, max_pixels)) is not None
    )
    return sizes.most_common(1)[0][0] if sizes else None
