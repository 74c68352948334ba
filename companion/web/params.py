"""What a page takes from its address, checked before the database sees it (issue 22):
a number no database column holds (``?page=99999999999999999999``, a game id of 2**70)
or a text PostgreSQL refuses (a NUL) is the visitor's mistake, answered 400 (or 404:
no game has that id), never a 500 from the store.

    >>> page_number("2"), game_id(7)
    (2, 7)
    >>> page_number("99999999999999999999")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    starlette.exceptions.HTTPException: 400: page: '9...9' is not a page number (1 to 1000000)
"""

from __future__ import annotations

import re
from typing import overload

from starlette.exceptions import HTTPException

#: The largest id a game has: the databases' 64-bit integer.
MAX_ID = 2**63 - 1
#: The last page of the history a visitor may ask (50 games a page: 50 million games).
MAX_PAGE = 1_000_000
_DIGITS = re.compile(r"[0-9]{1,19}")


def page_number(text: str) -> int:
    """A page of the history, 1 to :data:`MAX_PAGE`; 400 otherwise."""
    if not _DIGITS.fullmatch(text) or not 1 <= int(text) <= MAX_PAGE:
        raise HTTPException(400, f"page: {text[:40]!r} is not a page number (1 to {MAX_PAGE})")
    return int(text)


def game_id(number: int) -> int:
    """A game's id from the address: 404 for one no database can hold."""
    if not 0 <= number <= MAX_ID:
        raise HTTPException(404, f"no game {str(number)[:40]}")
    return number


def counter(raw: str | None) -> int | None:
    """A version a browser says it has (``Last-Event-ID``, ``?after=``); None if none."""
    if raw is None or not _DIGITS.fullmatch(raw):
        return None
    return int(raw)


@overload
def text(value: str, field: str) -> str: ...
@overload
def text(value: str | None, field: str) -> str | None: ...
def text(value: str | None, field: str) -> str | None:
    """A name from the address (a table, a player, a game): 400 when it holds a
    character no name has (NUL, a control character, a lone surrogate)."""
    if value is not None and not value.isprintable():
        raise HTTPException(400, f"{field}: {value[:40]!r} holds a character no name has")
    return value
