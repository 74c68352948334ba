"""Every set a base card can make (R2, R8): the referee's "what is still missing".

R8 pins the counts the product follows (multisets of numbers, not the strategy
section's figures): in Fibonacci 21, 16 16 12 8 4 1 sets for the bases 2 3 5 8 13
and the top card 21 (57 in all); 17 in Fibonacci 13; 6 in Fibonacci 8.

    >>> from companion.games.rummy.deck import DECK_8, DECK_21
    >>> possible_sets(3, DECK_8)
    ((3, 5), (3, 3, 2))
    >>> [len(possible_sets(base, DECK_21)) for base in DECK_21.slots]
    [1, 16, 16, 12, 8, 4]
    >>> completions(5, DECK_21)
    ((5,), (3, 2))

A bonus card is the same multiset as its base card and standard cards, and a wild
card stands for a number, so both are counted in the sets of numbers above.
"""

from __future__ import annotations

from functools import cache

from companion.games.errors import GameError
from companion.games.rummy.deck import Deck

Combination = tuple[int, ...]


def completions(missing: int, deck: Deck) -> tuple[Combination, ...]:
    """The multisets of standard numbers (largest first) that add up to ``missing``.

    Only numbers below the target can join a set, so deck 8's standard 8s never do.
    """
    addends = tuple(sorted((n for n in deck.standards if n < deck.target), reverse=True))
    return _partitions(missing, addends)


@cache
def _partitions(total: int, addends: tuple[int, ...]) -> tuple[Combination, ...]:
    if total == 0:
        return ((),)
    out: list[Combination] = []
    for index, addend in enumerate(addends):
        if addend <= total:
            out += [(addend, *rest) for rest in _partitions(total - addend, addends[index:])]
    return tuple(out)


def possible_sets(base: int, deck: Deck) -> tuple[Combination, ...]:
    """R8: every complete set on ``base`` (a base number or the target), base first."""
    if base == deck.target:
        return ((base,),)
    if base not in deck.bases:
        slots = ", ".join(map(str, deck.slots))
        raise GameError(f"{deck.game}: {base} is not a base number (sets stand on {slots})", "R2")
    return tuple((base, *rest) for rest in completions(deck.target - base, deck))


def count_sets(deck: Deck) -> dict[int, int]:
    """R8: the number of possible sets per base, the top card's included."""
    return {base: len(possible_sets(base, deck)) for base in (*deck.bases, deck.target)}
