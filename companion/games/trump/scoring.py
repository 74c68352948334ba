"""Round scores (T6) and the end of the game (T7).

>>> points_for(5)            # the rulebook: five symbols score 3
3
>>> winner_at_end([150, 90, 144])
0
>>> winner_at_end([150, 150, 20]) is None   # shared highest: another round
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.errors import GameError
from companion.games.trump.cards import Card, Symbol

#: T6: the points for 0 ... 10 matching symbols won in a round.
POINTS: tuple[int, ...] = (0, 0, 1, 1, 2, 3, 5, 8, 13, 21, 34)

#: T7: the total that ends the game after the round that reaches it.
TARGET = 144


def points_for(symbols: int) -> int:
    """T6: the round score of a player who won ``symbols`` matching cards (0-10)."""
    if not 0 <= symbols < len(POINTS):
        raise GameError(f"{symbols} symbols: a deck holds 0-10 of one symbol", "T6")
    return POINTS[symbols]


def count_symbols(pile: Iterable[Card], symbol: Symbol) -> int:
    """T6: the cards won whose symbol is the indicated one."""
    return sum(1 for card in pile if card.symbol == symbol)


def winner_at_end(totals: Sequence[int]) -> int | None:
    """T7: after a round, the seat that has won, or ``None`` while the game goes on.

    The game ends once someone has 144 or more and the highest total is one seat's
    alone; a shared highest total plays another round.
    """
    best = max(totals)
    if best < TARGET or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)
