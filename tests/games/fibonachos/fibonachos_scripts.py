"""Hand-checkable Fibonachos games for the tests and the examples.

Each seat holds one suit (so nobody can follow and nobody revokes) and every trick
is one rank played in all three suits, from 16 down. A trick of a plain rank goes
to its leader (the others are off-suit, F4); a trick of a fibonacho rank holds three
equal fibonachos and goes to the last card (F4). With the spicy cards below, the
leader of trick 1 takes 13 spicy (21 points), the next seat 0 spicy (the best score,
21, F7) and the third 20 spicy (20 points).
"""

from __future__ import annotations

from typing import Any

#: The ranks of the 17 tricks, in order.
RANKS = (16, 15, 14, 7, 6, 13, 12, 11, 10, 9, 8, 5, 4, 3, 2, 1, 1)
#: The spicy card of each trick; the deck is empty for tricks 16 and 17 (F6).
SPICY = (
    "S0", "S1", "S1", "S1", "S2", "S2", "S2", "S3", "S3", "S5", "S0", "S3", "S5", "S5", "S0",
    None, None,
)  # fmt: skip
SUITS = "RGY"
FIBONACHOS = {1, 2, 3, 5, 8, 13}


def scripted_round(first_leader: int) -> list[dict[str, Any]]:
    """The 17 tricks of a 3-player round whose first trick ``first_leader`` leads.

    The first leader holds Red, the next seat Green, the third Yellow.
    """
    suit_of = {(first_leader + k) % 3: SUITS[k] for k in range(3)}
    leader = first_leader
    tricks = []
    for rank, spicy in zip(RANKS, SPICY, strict=True):
        seats = [(leader + k) % 3 for k in range(3)]
        tricks.append({"spicy": spicy, "plays": [f"{suit_of[s]}{rank}" for s in seats]})
        if rank in FIBONACHOS:
            leader = seats[-1]
    return tricks


def scripted_record(rounds: int = 3, variants: tuple[str, ...] = ()) -> dict[str, Any]:
    """Ana, Ben and Cy play ``rounds`` scripted rounds; seat 2 deals first (F8)."""
    return {
        "game": "fibonachos",
        "players": ["Ana", "Ben", "Cy"],
        "variants": list(variants),
        "rounds": [
            {"dealer": (2 + k) % 3, "tricks": scripted_round(first_leader=k)} for k in range(rounds)
        ],
    }
