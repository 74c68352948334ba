"""The installation's staff-card key: 32 random bytes, kept as base64 text in a 0600 file.

systemd/install.sh writes it the same way (``head -c 32 /dev/urandom | base64``), so a
key made there and one made here read alike.

    >>> key = generate_key()
    >>> len(key)
    32
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
import stat
from pathlib import Path

from card_codes.errors import SigningError

KEY_BYTES = 32
#: Shorter keys are refused: an HMAC key should hold at least 128 random bits.
MIN_KEY_BYTES = 16
#: A key file is one line of base64 (45 bytes); a longer file is not a key file.
MAX_KEY_FILE_BYTES = 4096


def generate_key() -> bytes:
    """A new random key of :data:`KEY_BYTES` bytes."""
    return secrets.token_bytes(KEY_BYTES)


def check_key(key: bytes) -> bytes:
    """``key`` if it is long enough to sign staff cards; else raise :class:`SigningError`."""
    if not isinstance(key, bytes) or len(key) < MIN_KEY_BYTES:
        size = len(key) if isinstance(key, bytes) else type(key).__name__
        raise SigningError(f"a staff key needs at least {MIN_KEY_BYTES} bytes, not {size}")
    return key


def load_key(path: str | os.PathLike[str]) -> bytes:
    """Read a base64 key file; raise :class:`SigningError` naming the file when unusable.

    Only a regular file of at most :data:`MAX_KEY_FILE_BYTES` is read: a FIFO or a
    device (``/dev/zero``) is refused from its ``stat``, before it is opened.
    """
    where = Path(path)
    try:
        data = _read_small(where)
    except OSError as exc:
        raise SigningError(f"cannot read the staff key {where}: {exc.strerror or exc}") from None
    try:
        text = data.decode("ascii").strip()
    except UnicodeDecodeError:
        raise SigningError(f"the staff key {where} is not base64 text") from None
    try:
        key = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise SigningError(f"the staff key {where} is not base64 text") from None
    try:
        return check_key(key)
    except SigningError as exc:
        raise SigningError(f"the staff key {where}: {exc}") from None


def _read_small(where: Path) -> bytes:
    """The bytes of a regular file of at most MAX_KEY_FILE_BYTES (SigningError if not)."""
    if not stat.S_ISREG(os.stat(where).st_mode):
        raise SigningError(f"the staff key {where} is not a regular file")
    fd = os.open(where, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SigningError(f"the staff key {where} is not a regular file")
        data = stream.read(MAX_KEY_FILE_BYTES + 1)
    if len(data) > MAX_KEY_FILE_BYTES:
        raise SigningError(
            f"the staff key {where} is longer than {MAX_KEY_FILE_BYTES} bytes: not a key file"
        )
    return data


def save_key(path: str | os.PathLike[str], key: bytes) -> None:
    """Write ``key`` as base64 text readable by its owner only (mode 0600)."""
    check_key(key)
    where = Path(path)
    try:
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            os.fchmod(out.fileno(), 0o600)
            out.write(base64.b64encode(key).decode("ascii") + "\n")
    except OSError as exc:
        raise SigningError(f"cannot write the staff key {where}: {exc}") from None
