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
from pathlib import Path

from card_codes.errors import SigningError

KEY_BYTES = 32
#: Shorter keys are refused: an HMAC key should hold at least 128 random bits.
MIN_KEY_BYTES = 16


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
    """Read a base64 key file; raise :class:`SigningError` naming the file when unusable."""
    where = Path(path)
    try:
        text = where.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise SigningError(f"cannot read the staff key {where}: {exc}") from None
    try:
        key = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise SigningError(f"the staff key {where} is not base64 text") from None
    try:
        return check_key(key)
    except SigningError as exc:
        raise SigningError(f"the staff key {where}: {exc}") from None


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
