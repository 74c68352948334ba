"""Reading the files people hand the product, within limits checked before the work.

Records, configuration and layout files, table scripts, images and standard input
all come through here (the staff key through :func:`card_codes.keys.load_key`, which
has the same rules). A file is refused, with :class:`InputError` naming it and the
rule, when it is

- not a regular file: a folder, a FIFO, a socket or a device is refused from its
  ``stat`` before it is opened, so nothing blocks or reads forever;
- larger than its limit (from ``stat``; standard input is read to the limit + 1);
- not UTF-8 text, not JSON or TOML, nested deeper than :data:`MAX_DEPTH`, holding a
  key longer than :data:`MAX_KEY_CHARS` or an integer of more than
  :data:`MAX_INT_DIGITS` digits;
- an image of more than :data:`MAX_IMAGE_PIXELS` pixels by its header (read before
  any pixel is decoded) or in a format not in :data:`IMAGE_FORMATS`.

docs/install.md ("Limits on input files") lists the limits for people.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "r.json"
    >>> _ = path.write_text('{"game": "hex", "moves": [[1, 2]]}')
    >>> load_json(path, MAX_RECORD_BYTES)
    {'game': 'hex', 'moves': [[1, 2]]}
    >>> _ = path.write_text("[" * 40 + "]" * 40)
    >>> load_json(path, MAX_RECORD_BYTES)
    Traceback (most recent call last):
    ...
    companion.errors.InputError: ...r.json: nested deeper than 32 levels (the limit)
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO

from companion.errors import InputError
from companion.games.json_types import JSON

if TYPE_CHECKING:  # PIL loads when an image is read, msgspec when settings are decoded
    from PIL import Image

    from companion.settings_decoder import TOMLTable

#: A game record or a table script (JSON); the longest example game is 28 KB.
MAX_RECORD_BYTES = 4 * 1024 * 1024
#: A configuration or layout file (TOML), or a file of key presses.
MAX_TEXT_BYTES = 1024 * 1024
#: Arrays and objects (tables) inside one another; a full record nests 7 deep.
MAX_DEPTH = 32
#: Digits of an integer: more than any score, count or seed (a 64-bit number has 20).
MAX_INT_DIGITS = 30
#: Characters of one key of an object or table, a dotted key's parts counted alone.
MAX_KEY_CHARS = 100
#: An image file's bytes and its pixels (a 12 MP camera frame is well inside both).
MAX_IMAGE_BYTES = 128 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
#: The image formats read; others (EPS through Ghostscript, say) are refused unopened.
IMAGE_FORMATS = ("PNG", "JPEG", "BMP", "TIFF", "WEBP", "GIF", "PPM")

STDIN = "-"
STDIN_NAME = "standard input"

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
}


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "a special file")


def _too_large(source: str, size: int, limit: int) -> InputError:
    return InputError(f"{source}: {size:,} bytes, more than the limit of {limit:,}")


def require_regular(path: Path | str, *, what: str = "file", folder_ok: bool = False) -> None:
    """Refuse, from its ``stat`` alone, a path that is missing or not a regular file
    (nor a folder, with ``folder_ok``): a FIFO, socket or device is never opened."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(f"{path}: no such {what}") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    if not (stat.S_ISREG(mode) or (folder_ok and stat.S_ISDIR(mode))):
        raise InputError(f"{path}: {_kind(mode)}, not a regular file")


@contextlib.contextmanager
def open_regular(path: Path | str, limit: int, *, what: str = "file") -> Iterator[IO[bytes]]:
    """``path`` opened for reading if it is a regular file of at most ``limit`` bytes.

    ``what`` names the file in the message for a missing one ("no such layout file").
    The type is checked from ``stat`` before opening (a FIFO or a device is never
    opened), and again on the open file, which is opened non-blocking in case the
    path changed in between.
    """
    source = str(path)
    require_regular(path, what=what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise InputError(f"{source}: cannot read ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as stream:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise InputError(f"{source}: {_kind(opened.st_mode)}, not a regular file")
        if opened.st_size > limit:
            raise _too_large(source, opened.st_size, limit)
        yield stream


def read_limited(path: Path | str, limit: int, *, what: str = "file") -> bytes:
    """The bytes of a regular file, or of standard input for ``-``, at most ``limit``."""
    if str(path) == STDIN:
        return _read_stdin(limit)
    try:
        with open_regular(path, limit, what=what) as stream:
            data = stream.read(limit + 1)  # a file may grow after its stat
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    if len(data) > limit:
        raise InputError(f"{path}: more than the limit of {limit:,} bytes")
    return data


def _read_stdin(limit: int) -> bytes:
    if sys.stdin is None:  # started with standard input closed
        raise InputError(f"{STDIN_NAME}: closed")
    try:
        stream: BinaryIO | None = sys.stdin.buffer
    except AttributeError:  # a text stream without bytes under it (a StringIO)
        stream = None
    try:
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{STDIN_NAME}: cannot read ({exc})") from None
    if len(data) > limit:
        raise InputError(f"{STDIN_NAME}: more than the limit of {limit:,} bytes")
    return data


def source_name(path: Path | str) -> str:
    """How messages name ``path``: itself, or "standard input" for ``-``."""
    return STDIN_NAME if str(path) == STDIN else str(path)


def utf8(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text; InputError names the first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        raise InputError(
            f"{source}: not UTF-8 text (byte 0x{byte:02x} at offset {exc.start})"
        ) from None


def check_tree(value: object, source: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, long keys and long integers (no recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise InputError(f"{source}: nested deeper than {MAX_DEPTH} levels (the limit)")
            if isinstance(item, dict):
                long = next((key for key in item if len(key) > MAX_KEY_CHARS), None)
                if long is not None:
                    raise InputError(
                        f"{source}: a key of {len(long):,} characters "
                        f"(the limit is {MAX_KEY_CHARS}): {long[:20]!r}..."
                    )
                item = item.values()
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, int) and abs(item) >= 10**MAX_INT_DIGITS:
            raise _long_number(source)


def _long_number(source: str) -> InputError:
    return InputError(f"{source}: an integer of more than {MAX_INT_DIGITS} digits (the limit)")


def parse_json(data: bytes, source: str) -> JSON:
    """Strict JSON (no NaN or Infinity) within the limits, as :data:`JSON` (a caller
    narrows it before use); InputError says what is wrong
    (an empty file, or one of blanks only, is said to be empty)."""
    text = utf8(data, source)
    if not text.strip():  # json's own "Expecting value (line 1, column 1)" says less
        raise InputError(f"{source}: empty: it holds no JSON")

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise _long_number(source)
        return int(digits)

    def constant(name: str) -> JSON:
        raise InputError(f"{source}: not JSON ({name} is not a JSON number)")

    try:
        value: JSON = json.loads(text, parse_int=integer, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{source}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise InputError(f"{source}: nested deeper than {MAX_DEPTH} levels (the limit)") from None
    check_tree(value, source)
    return value


def parse_toml(data: bytes, source: str) -> TOMLTable:
    """TOML within the limits; InputError says what is wrong."""
    text = utf8(data, source)
    try:
        value: TOMLTable = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{source}: not valid TOML ({exc})") from None
    except RecursionError:
        raise InputError(f"{source}: nested deeper than {MAX_DEPTH} levels (the limit)") from None
    except ValueError:  # Python's own limit on the digits of an int it converts
        raise _long_number(source) from None
    check_tree(value, source)
    return value


def load_json(path: Path | str, limit: int, *, what: str = "file") -> JSON:
    """A JSON file (or ``-``, standard input) read and parsed within the limits."""
    return parse_json(read_limited(path, limit, what=what), source_name(path))


def load_toml(path: Path | str, limit: int = MAX_TEXT_BYTES, *, what: str = "file") -> TOMLTable:
    """A TOML file read and parsed within the limits."""
    return parse_toml(read_limited(path, limit, what=what), str(path))


def read_text(path: Path | str, limit: int = MAX_TEXT_BYTES, *, what: str = "file") -> str:
    """A UTF-8 text file read within its limit."""
    return utf8(read_limited(path, limit, what=what), str(path))


def open_image(path: Path | str, *, max_pixels: int = MAX_IMAGE_PIXELS) -> Image.Image:
    """The image at ``path``, decoded only once its header shows at most ``max_pixels``."""
    from PIL import Image, UnidentifiedImageError

    source = str(path)
    try:
        with (
            open_regular(path, MAX_IMAGE_BYTES) as stream,
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")  # a decoder's remarks are not the one line
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(stream, formats=IMAGE_FORMATS) as image:
                width, height = image.size
                if width * height > max_pixels:
                    raise InputError(
                        f"{source}: {width} x {height} pixels, more than the limit of "
                        f"{max_pixels:,}"
                    )
                image.load()
                return image.copy()
    except InputError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise InputError(f"{source}: its header claims more than {max_pixels:,} pixels") from None
    except UnidentifiedImageError:
        raise InputError(f"{source}: not an image this program can read") from None
    except (OSError, ValueError, SyntaxError) as exc:  # a damaged file, as PIL reports it
        raise InputError(f"{source}: cannot read the image ({exc})") from None
