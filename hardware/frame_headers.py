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
    >>> beyond_limits(files[0], 1000, 10)
    '4x3 by its header (12 pixels), beyond the limit of 10 pixels a frame'
"""

from __future__ import annotations

import stat
from collections import Counter
from pathlib import Path


def header_size(path: Path, max_bytes: int, max_pixels: int) -> tuple[int, int] | None:
    """(width, height) in the header of a regular file of at most ``max_bytes`` that
    claims at most ``max_pixels`` pixels; None for any other file."""
    return _header(path, max_bytes, max_pixels)[0]


def beyond_limits(path: Path, max_bytes: int, max_pixels: int) -> str | None:
    """Why a regular file is beyond the limits, naming its size and the limit
    (``12000x9000 by its header (108 megapixels), beyond the limit of 50 megapixels a
    frame``; past Pillow's own limit, which refuses to give the size, ``more than 179
    megapixels``); None for a file within them, or one whose header cannot be read."""
    return _header(path, max_bytes, max_pixels)[1]


def _header(
    path: Path, max_bytes: int, max_pixels: int
) -> tuple[tuple[int, int] | None, str | None]:
    """The size within the limits, or why the file is beyond them (one of the two, or
    neither: no regular file, or no header read)."""
    from PIL import Image as PILImage

    try:
        info = path.stat()
    except OSError:
        return None, None
    if not stat.S_ISREG(info.st_mode):
        return None, None
    if info.st_size > max_bytes:
        return None, (
            f"{info.st_size / 2**20:.1f} MiB, beyond the limit of {mib(max_bytes)} a frame"
        )
    try:
        with PILImage.open(path) as header:
            width, height = header.size
    except PILImage.DecompressionBombError:  # Pillow's own limit, far beyond ours
        bomb = 2 * (PILImage.MAX_IMAGE_PIXELS or 0)
        return None, (
            f"more than {megapixels(bomb)} by its header, beyond the limit of "
            f"{megapixels(max_pixels)} a frame"
        )
    except (OSError, ValueError):
        return None, None
    if width * height <= max_pixels:
        return (width, height), None
    return None, (
        f"{width}x{height} by its header ({megapixels(width * height)}), beyond the limit "
        f"of {megapixels(max_pixels)} a frame"
    )


def mib(count: int) -> str:
    """``128 MiB``; a limit below a MiB in bytes."""
    return f"{count / 2**20:g} MiB" if count >= 2**20 else f"{count} bytes"


def megapixels(count: int) -> str:
    """``50 megapixels``, ``400.1 megapixels``; below a megapixel, in pixels."""
    return f"{round(count / 1e6, 1):g} megapixels" if count >= 10**6 else f"{count} pixels"


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
