"""The two decks (F1), how they are dealt (F3, F6), and counting cards against them.

>>> len(nacho_deck()), len(spicy_deck()), len(nacho_deck()) + len(spicy_deck())
(51, 15, 66)
>>> layout(3)
Layout(players=3, hand=17, draw_deck=0, tricks=17, trick_size=3)
>>> layout(2)
Layout(players=2, hand=9, draw_deck=11, tricks=8, trick_size=4)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.games.fibonachos.cards import (
    RANKS,
    SPICY_COPIES,
    SPICY_VALUES,
    SUITS,
    Nacho,
    Spicy,
)
from companion.games.fibonachos.errors import SetupError

MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: F3, the 2-player game: 9 in hand, 11 in a private draw deck, 8 tricks of 4 plays.
TWO_PLAYER_HAND = 9
TWO_PLAYER_DRAW_DECK = 11
TWO_PLAYER_TRICKS = 8
TWO_PLAYER_TRICK_SIZE = 4


def nacho_deck() -> list[Nacho]:
    """The 51 nacho cards (F1), without serials, in suit and rank order."""
    return [Nacho(suit, rank) for suit in SUITS for rank in RANKS]


def spicy_deck() -> list[Spicy]:
    """The 15 spicy cards (F1): three each of 0, 1, 2, 3 and 5."""
    return [Spicy(value) for value in SPICY_VALUES for _ in range(SPICY_COPIES)]


@dataclass(frozen=True)
class Layout:
    """How a round goes for a number of players (F3)."""

    players: int
    hand: int
    draw_deck: int
    tricks: int
    trick_size: int


def layout(players: int) -> Layout:
    """F3: 3-5 players get 51 // N cards and play them all; 2 players differ."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"Fibonachos is for 2-5 players, not {players}", "F3")
    if players == 2:
        return Layout(
            2, TWO_PLAYER_HAND, TWO_PLAYER_DRAW_DECK, TWO_PLAYER_TRICKS, TWO_PLAYER_TRICK_SIZE
        )
    share = len(RANKS) * len(SUITS) // players
    return Layout(players, share, 0, share, players)


C = TypeVar("C", Nacho, Spicy)


class Tally(Generic[C]):
    """The cards of one deck seen in a round, counted against the copies it holds.

    A card without a serial may be any copy; a serial names one physical card, so it
    can be seen once. ``R1``, ``R1#1`` then ``R1#2`` is one red 1 too many.

        >>> tally = Tally[Nacho]()
        >>> tally.add(Nacho.parse("R1")); tally.add(Nacho.parse("R1#2"))
        >>> tally.fault(Nacho.parse("R1"), "played")
        'R1 played more often than the deck holds'
    """

    def __init__(self) -> None:
        self._faces: Counter[C] = Counter()
        self._serials: set[C] = set()

    def fault(self, card: C, verb: str) -> str | None:
        """Why ``card`` cannot be seen once more, or ``None`` when it can."""
        if card.serial is not None and card in self._serials:
            return f"{card} {verb} twice (one physical card)"
        if self._faces[card.face] >= card.copies:
            return f"{card} {verb} more often than the deck holds"
        return None

    def add(self, card: C) -> None:
        self._faces[card.face] += 1
        if card.serial is not None:
            self._serials.add(card)

    def remove(self, card: C) -> None:
        """Take back :meth:`add` (an undo): the tally is as it was before."""
        self._faces[card.face] -= 1
        if not self._faces[card.face]:
            del self._faces[card.face]
        self._serials.discard(card)

    def left(self, face: C) -> int:
        """How many copies of ``face`` have not been seen."""
        return face.copies - self._faces[face.face]

    def count(self) -> int:
        return sum(self._faces.values())
