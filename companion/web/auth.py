"""Staff login: the password's hash (scrypt, from the standard library), the staff
sessions the server keeps, and the CSRF token every form carries.

The password is set at install (``companion cafe set-password``) and kept only as a
salted scrypt hash; the session is Starlette's signed cookie, which holds a staff
session's random id: the server keeps the ids it gave (:class:`StaffSessions`), so
logging out ends the session for good (a copy of the cookie no longer works), and
a restart of the server logs everyone out. Every POST must carry the session's CSRF
token (a form from another site cannot know it).

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
from collections import OrderedDict
from collections.abc import Callable, MutableMapping

from companion.games.json_types import JSON

N, R, P, LENGTH = 2**14, 8, 1, 32
#: The shortest password ``set-password`` takes.
MIN_LENGTH = 8
#: How long a staff login lasts (the cookie's own life too).
SESSION_SECONDS = 12 * 3600.0
#: Staff sessions kept at most (the oldest end first).
SESSIONS = 1000


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


def csrf_token(session: MutableMapping[str, JSON]) -> str:
    """The session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def same_secret(kept: str, sent: str) -> bool:
    """Whether ``sent`` (from a request: any characters) is the secret ``kept``, in
    constant time. ``hmac.compare_digest`` raises TypeError on a text that is not
    ASCII: a link's ``k=é`` answered 500 (docs/security.md; found by
    bench/fuzz/table_inputs.py); compared as UTF-8 bytes, it is only another secret.

    >>> same_secret("abc", "abc"), same_secret("abc", "é"), same_secret("abc", "\\ud800")
    (True, False, False)
    """
    return hmac.compare_digest(
        kept.encode("utf-8", "surrogatepass"), sent.encode("utf-8", "surrogatepass")
    )


def csrf_ok(session: MutableMapping[str, JSON], sent: object) -> bool:
    token = session.get("csrf")
    return isinstance(token, str) and isinstance(sent, str) and same_secret(token, sent)


class StaffSessions:
    """The staff sessions open on this server, by random id, each for
    :data:`SESSION_SECONDS` from its login (issue 22: logout ends it for good).

    >>> now = [0.0]
    >>> sessions = StaffSessions(lambda: now[0])
    >>> sid = sessions.open()
    >>> sessions.alive(sid), sessions.alive("forged")
    (True, False)
    >>> sessions.close(sid); sessions.alive(sid)
    False
    """

    def __init__(self, clock: Callable[[], float], seconds: float = SESSION_SECONDS) -> None:
        self.clock = clock
        self.seconds = seconds
        self._until: OrderedDict[str, float] = OrderedDict()

    def open(self) -> str:
        now = self.clock()
        for sid in [s for s, until in self._until.items() if until <= now]:
            del self._until[sid]
        while len(self._until) >= SESSIONS:
            self._until.popitem(last=False)
        sid = secrets.token_urlsafe(24)
        self._until[sid] = now + self.seconds
        return sid

    def alive(self, sid: object) -> bool:
        if not isinstance(sid, str):
            return False
        until = self._until.get(sid)
        return until is not None and self.clock() < until

    def close(self, sid: object) -> None:
        if isinstance(sid, str):
            self._until.pop(sid, None)
