"""The actions of a Fibonachos game: chance deals and reveals, seats play.

    >>> Play(Nacho.parse("R13"))
    Play(card=Nacho(suit=<Suit.RED: 'R'>, rank=13, serial=None))
    >>> Deal().hands is None      # hands unseen: what the companion at a real table knows
    True

A deal that carries hands (random play, tests) makes the engine enforce them: cards
come from the player's hand, follow suit (F5), and with two players each play draws
the top of the player's private deck (F3). Chance actions carry everything they
decided, so replaying the history is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.fibonachos.cards import Nacho, Spicy

Hand = tuple[Nacho, ...]


@dataclass(frozen=True)
class Deal:
    """Chance deals a round (F3). ``hands=None``: the table's hands are unseen.

    ``decks`` are the two players' private draw decks, top card first (2 players
    only, and only with ``hands``).
    """

    hands: tuple[Hand, ...] | None = None
    decks: tuple[Hand, ...] | None = None


@dataclass(frozen=True)
class Reveal:
    """Chance turns up the top spicy card before the lead (F6)."""

    card: Spicy


@dataclass(frozen=True)
class Play:
    """The seat to act plays a nacho card."""

    card: Nacho


Action = Deal | Reveal | Play
