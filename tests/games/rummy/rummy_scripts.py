"""Helpers for the rummy tests: rigged deals, short notations for actions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.games import CHANCE, GameState
from companion.games.rummy import (
    Card,
    Deal,
    Deck,
    Draw,
    Pile,
    parse_card,
    parse_cards,
    possible_sets,
)


def cards(text: str, deck: Deck) -> tuple[Card, ...]:
    """``"B2 3 3 W=13"`` as cards of ``deck``."""
    return parse_cards(text.split(), deck)


def rigged_deal(
    deck: Deck, hands: Sequence[str], upcard: str, stock: str = "", dealer: int = 0
) -> Deal:
    """A seen deal with these hands, this upcard and these cards on top of the stock;
    the rest of the deck follows in its fixed order."""
    hand_cards = tuple(cards(hand, deck) for hand in hands)
    top = cards(stock, deck)
    up = parse_card(upcard, deck)
    rest = Counter(deck.contents)
    rest.subtract(c.physical for c in (up, *top, *(c for h in hand_cards for c in h)))
    if any(count < 0 for count in rest.values()):
        raise ValueError("a rigged deal uses a card more often than the deck holds")
    ordered = [card for card in dict.fromkeys(deck.contents) for _ in range(rest[card])]
    return Deal(dealer, up, hand_cards, (*top, *ordered))


def draw_two(state: GameState[Any]) -> None:
    state.apply(Draw(Pile.STOCK))
    state.apply(Draw(Pile.STOCK))


def play_random(state: GameState[Any], seed: int, limit: int = 5000) -> int:
    """Play ``state`` to its end with seeded random choices; return the actions taken."""
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_terminal():
            return step
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{state.name}: no end in {limit} actions")


def complete_table(deck: Deck) -> dict[str, Any]:
    """A table that went out: every set closed, each the first of possible_sets (R8)."""
    closed = []
    for base in deck.slots:
        numbers = possible_sets(base, deck)[0]
        start = str(deck.top) if base == deck.target else f"B{base}"
        closed.append([start, *map(str, numbers[1:])])
    return {"closed": closed, "open": [], "hand": []}
