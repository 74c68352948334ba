"""Staff login: the password's hash (scrypt, from the standard library), and the CSRF
token every form carries.

The password is set at install (``companion cafe set-password``) and kept only as a
salted scrypt hash; the session is Starlette's signed cookie; every POST must carry
the session's CSRF token (a form from another site cannot know it).

    >>> stored = hash_password("open sesame", salt=bytes(16))
    >>> stored.split("$")[:4]
    ['scrypt', '16384', '8', '1']
    >>> check_password("open sesame", stored), check_password("open", stored)
    (True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import MutableMapping
from typing import Any

N, R, P, LENGTH = 2**14, 8, 1, 32
#: The shortest password ``set-password`` takes.
MIN_LENGTH = 8


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=N, r=R, p=P, dklen=LENGTH)
    return f"scrypt${N}${R}${P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (False for a bad hash)."""
    try:
        kind, n, r, p, salt, digest = stored.strip().split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(bytes.fromhex(digest)),
        )
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), digest)


def csrf_token(session: MutableMapping[str, Any]) -> str:
    """The session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def csrf_ok(session: MutableMapping[str, Any], sent: object) -> bool:
    token = session.get("csrf")
    return isinstance(token, str) and isinstance(sent, str) and hmac.compare_digest(token, sent)
