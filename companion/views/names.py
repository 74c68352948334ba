"""The players' names on the screens: their own, "Seat 2" for an unnamed seat, and the
fixed sides of the hex game (Black, White) in the table's language.

    >>> seat_names(["Ana", "", "Cy"])
    ('Ana', 'Seat 2', 'Cy')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from companion.games.registry import all_games
from companion.views.i18n import _

#: The longest player name a phone or the cafe's staff may give a table: the phone
#: page's fields, the page's check and the table's check of a ``names`` command all
#: use this one number (issue 22: the page took 24 and the table refused 21). The
#: OLED's own letter wheel types shorter ones (:data:`companion.ui.names.LIMIT`).
NAME_CHARS = 20
#: The kinds of character no name holds (nor a game's label): controls, format
#: characters (bidi overrides and zero-width characters turn or hide what follows),
#: surrogates, private use, line and paragraph separators.
UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
#: The name the start menus give an unnamed seat, as the journal keeps it.
_UNNAMED = re.compile(r"Seat ([0-9]+)")


@cache
def fixed_sides() -> frozenset[str]:
    """The names of the seats of games whose sides are not people (hex: Black, White)."""
    return frozenset(side for spec in all_games() for side in spec.seats)


def seat_name(name: str, seat: int) -> str:
    """The name of seat ``seat`` (from 0): the player's, a side's, or "Seat 2" (for an
    unnamed seat, or one the journal keeps as "Seat 2")."""
    if not name:
        return _("Seat {number}").format(number=seat + 1)
    unnamed = _UNNAMED.fullmatch(name)
    if unnamed is not None:
        return _("Seat {number}").format(number=int(unnamed[1]))
    return _(name) if name in fixed_sides() else name


def seat_names(players: Sequence[str]) -> tuple[str, ...]:
    """Player names by seat, "Seat 1".. for seats left unnamed."""
    return tuple(seat_name(name, seat) for seat, name in enumerate(players))


def shown_plainly(text: str) -> bool:
    """Whether ``text`` holds no character of the :data:`UNSHOWN` kinds: the one rule of
    the phone page's names and of the table's and the cafe's check of names given
    (:func:`companion.bus.limits.check_line`); a character newer than this Python's
    Unicode is a name's like any other.

    >>> shown_plainly("Zoé 🫨"), shown_plainly("Ana\u202eB")
    (True, False)
    """
    return not any(unicodedata.category(c) in UNSHOWN for c in text)


def name_key(name: str) -> str:
    """What tells two seats' names apart: not letter case, not spaces (``Ana  Lee`` is
    ``ana lee``); "" for a name of blanks only."""
    return " ".join(name.split()).casefold()


def named_twice(names: Sequence[str]) -> str | None:
    """A name given to two seats (letter case and spaces aside), or None: the one check
    of the OLED's name wheel, the phone page, the staff's ``names`` command, the CLI's
    ``--players`` and a hand-written record's ``"players"``.

    >>> named_twice(["Ana", "Ben", "ana"]), named_twice(["Ana Lee", "ana  lee "])
    ('ana', 'ana  lee ')
    >>> named_twice(["Ana", "Ben"]) is None
    True
    """
    folded = [name_key(name) for name in names]
    return next((name for i, name in enumerate(names) if folded[i] in folded[:i]), None)
