"""Who wins a trick (F4) and which cards follow the lead (F5).

>>> cards = [Nacho.parse(c) for c in ["R13", "G2", "Y16"]]
>>> winner_index(cards)  # two fibonachos: the highest one, R13
0
>>> winner_index([Nacho.parse(c) for c in ["R7", "R12", "G13"]])  # one fibonacho only
1
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.errors import GameError
from companion.games.fibonachos.cards import Nacho, Suit


def winner_index(cards: Sequence[Nacho]) -> int:
    """The place in play order of the card that takes the trick (F4).

    With two or more fibonachos in the trick (any suits) the highest fibonacho wins;
    otherwise the highest card of the lead suit. Equal ranks go to the later card,
    so an off-suit card that is not a fibonacho never wins.
    """
    if not cards:
        raise GameError("a trick with no card has no winner", "F4")
    fibonachos = [i for i, card in enumerate(cards) if card.is_fibonacho]
    if len(fibonachos) >= 2:
        contenders = fibonachos
    else:
        lead = cards[0].suit
        contenders = [i for i, card in enumerate(cards) if card.suit is lead]
    best = max(cards[i].rank for i in contenders)
    return max(i for i in contenders if cards[i].rank == best)


def playable(hand: Sequence[Nacho], lead: Suit | None) -> list[Nacho]:
    """The cards of ``hand`` a player may play (F5): the lead suit if any is held.

    ``lead`` is ``None`` for the card that leads the trick: anything goes.
    """
    if lead is None:
        return list(hand)
    following = [card for card in hand if card.suit is lead]
    return following or list(hand)
