"""What the rummy table is asked on the OLED: close a set taken off, a wild card's number.

docs/rummy.md: a complete set gathered off its owner's zone is asked about ("Close
this set?" over "Ana's set on base 5", SELECT yes, BACK back into the hand, R4); a
wild card lying in a set whose number the set does not tell is asked once, by its seat
and set, with only the numbers that fit ("Ana's set on base 5" / "W = 3 or 8?", R5).
The closing is asked first. Sets are named in the players' words: base cards by their
number ("base 5"), other first cards as their faces print them (the top card, the
bonus card, a wild card); "W" is the wild card's printed letter.

    >>> set_words(0, "B5#2", ["Ana", "Ben"], "rummy21")
    "Ana's set on base 5"
    >>> numbers_words((2, 3, 5, 8))
    '2, 3, 5 or 8'
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.flows.status import Closing, RummyStatus, WildCard
from companion.views.cards import card_name, face_of
from companion.views.i18n import _
from companion.views.model import MessageView, Tone
from companion.views.names import seat_names


def set_words(seat: int, base: str, players: Sequence[str], game: str) -> str:
    """A set by its owner and its first card: "Ana's set on base 5"."""
    name = seat_names(players)[seat]
    face = face_of(base)
    if face[:1] == "B" and face[1:].isdigit():
        return _("{name}'s set on base {number}").format(name=name, number=face[1:])
    return _("{name}'s set on {card}").format(name=name, card=card_name(base, game))


def set_label(base: str, game: str) -> str:
    """A set by its first card alone, for a menu row of one player's sets: "base 5"."""
    face = face_of(base)
    if face[:1] == "B" and face[1:].isdigit():
        return _("base {number}").format(number=face[1:])
    return card_name(base, game)


def numbers_words(numbers: Sequence[int]) -> str:
    """The numbers a wild card may take, as said: "3 or 8"."""
    if len(numbers) < 2:
        return "".join(map(str, numbers))
    head = ", ".join(map(str, numbers[:-1]))
    return _("{numbers} or {last}").format(numbers=head, last=numbers[-1])


def closing_question(closing: Closing, players: Sequence[str], game: str) -> MessageView:
    """R4: the set taken off at once: closed (SELECT) or back into the hand (BACK)?"""
    line = set_words(closing.seat, closing.base, players, game)
    return MessageView(_("Close this set?"), (line,), Tone.CONFIRM, _("SELECT yes  BACK no"))


def wild_question(wild: WildCard, players: Sequence[str], game: str) -> MessageView:
    """R5: which number this wild card stands for, among those that fit its set."""
    lines = (
        set_words(wild.seat, wild.base, players, game),
        _("W = {numbers}?").format(numbers=numbers_words(wild.fits)),
    )
    return MessageView(_("Wild card"), lines, Tone.CONFIRM, _("SELECT: answer"))


def rummy_question(status: RummyStatus, players: Sequence[str]) -> MessageView | None:
    """What the table is asked now, if anything: a closing first, then a wild card."""
    if status.closing is not None:
        return closing_question(status.closing, players, status.game)
    if status.asking is not None:
        return wild_question(status.asking, players, status.game)
    return None
