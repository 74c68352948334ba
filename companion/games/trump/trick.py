"""One trick (T4): who must follow what, and who wins.

>>> from companion.games.trump.cards import Colour, parse_card
>>> plays = [parse_card(c) for c in ("G3", "G9", "R2")]
>>> winning_play(plays, trump=Colour.R)      # the only trump wins
2
>>> winning_play(plays, trump=Colour.B)      # no trump: the highest green
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.errors import GameError
from companion.games.trump.cards import Card, Colour


def winning_play(plays: Sequence[Card], trump: Colour) -> int:
    """T4: the index (in play order) of the highest trump, else of the highest led colour."""
    if not plays:
        raise GameError("an empty trick has no winner", "T4")
    best = 0
    for index, card in enumerate(plays[1:], start=1):
        if _beats(card, plays[best], trump):
            best = index
    return best


def _beats(card: Card, best: Card, trump: Colour) -> bool:
    """Whether ``card`` takes the trick from ``best`` (always of the led colour or trump)."""
    if card.colour == best.colour:
        return card.number > best.number
    # A trump beats a led-colour card; any other colour never wins.
    return card.colour == trump


def playable(hand: Iterable[Card], led: Colour | None) -> list[Card]:
    """T4: the cards of ``hand`` that may be played: the led colour if held, else any.

    ``led`` is ``None`` for the leader, who may lead any card.
    """
    cards = sorted(hand, key=Card.sort_key)
    if led is None:
        return cards
    following = [card for card in cards if card.colour == led]
    return following or cards
