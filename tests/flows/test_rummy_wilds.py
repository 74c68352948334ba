"""Which numbers a wild card lying in a set is offered (R5, issue 11).

The OLED asks each wild card's number with the numbers the status offers for it
(``WildCard.fits``). The referee refuses a declaration only when it makes the set
illegal (R2, R5), so a wild card is offered every number for which some numbers of
its set's other undeclared wild cards keep the set legal, checked here against the
engine's :func:`check_set` over every small set with two blanks.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Any

import pytest

from companion.flows.commands import Wild
from companion.flows.registry import make_flow
from companion.flows.status import MeldSet, SetState, WildCard
from companion.games.rummy import DECK_21, check_set, parse_cards
from companion.table.cards import TableCard

STARTS = ("B2", "B3", "B5", "B8", "B13", "21", "W")
STANDARDS = ("2", "3", "5", "8", "13")


def laid(notations: list[str]) -> Any:
    """A rummy 21 flow with ``notations`` laid as one set in Ana's zone, top down."""
    game = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    for row, notation in enumerate(notations):
        key = f"{notation}-{row}"
        game.placed(TableCard(key, "rummy21", notation, "meld-0", (0.2, 0.3 + 0.05 * row)))
    return game


def offered(game: Any) -> dict[str, tuple[int, ...]]:
    return {wild.key: wild.fits for wild in game.status().wilds}


def legal(notations: list[str], row: int) -> tuple[int, ...]:
    """The engine's word: the numbers of the blank at ``row`` for which some numbers of
    the set's other blanks make the set legal (check_set)."""
    blanks = [i for i, notation in enumerate(notations) if notation == "W" and i != row]
    found = set()
    for n in DECK_21.numbers:
        for numbers in product(DECK_21.numbers, repeat=len(blanks)):
            named = dict(zip(blanks, numbers, strict=True)) | {row: n}
            trial = [f"W={named[i]}" if i in named else c for i, c in enumerate(notations)]
            if check_set(parse_cards(trial, DECK_21), DECK_21).legal:
                found.add(n)
    return tuple(n for n in DECK_21.numbers if n in found)


def expected(notations: list[str], row: int) -> tuple[int, ...]:
    """What the status offers: the legal numbers, or every number when there is none
    (the set is illegal whatever its wild cards stand for)."""
    return legal(notations, row) or DECK_21.numbers


def two_blank_sets() -> list[list[str]]:
    """Every set of a start card (or a wild card), two wild cards in all and up to two
    standard cards, the wild cards last (their order among the others matters not)."""
    out = []
    for start in STARTS:
        blanks = ["W"] if start == "W" else ["W", "W"]
        for size in range(3):
            for rest in combinations_with_replacement(STANDARDS, size):
                out.append([start, *rest, *blanks])
    return out


@pytest.mark.parametrize("notations", two_blank_sets(), ids=" ".join)
def test_r5_two_blanks_each_is_offered_what_some_number_of_the_other_makes_legal(
    notations: list[str],
) -> None:
    """R5, issue 11: with two undeclared wild cards in one set, each is offered exactly
    the numbers with which some number of the other keeps the set legal (the engine's
    check_set), not the numbers that fit with the other left out of the set; whichever
    is chosen, the other is then offered what the engine accepts beside it, and at
    least one number when the set could be legal (nothing offered is refused later)."""
    rows = [row for row, notation in enumerate(notations) if notation == "W"]
    first, second = (f"W-{row}" for row in rows)
    assert offered(laid(notations)) == {f"W-{row}": expected(notations, row) for row in rows}
    for number in offered(laid(notations))[first]:
        game = laid(notations)
        game.command(Wild(first, number))
        declared = [f"W={number}" if i == rows[0] else c for i, c in enumerate(notations)]
        assert offered(game)[second] == expected(declared, rows[1])
        if legal(notations, rows[0]):
            assert legal(declared, rows[1]), declared


def test_r5_the_demos_set_w_3_2_w_8_is_declared_as_it_was_played() -> None:
    """R5, issue 11 (ui-demo, Rummy 21, seed 1, round 1, seat 2: W=5 3 2 W=3 8): the
    first wild card is offered 5 (with 3 for the other), not only 2 or 3; once it is
    W = 5 one number alone (3) completes the set and the other is inferred, as for a
    single wild card."""
    game = laid(["W", "3", "2", "W", "8"])
    assert offered(game) == {"W-0": (2, 3, 5), "W-3": (2, 3, 5)}
    assert game.status().sets[0].state is SetState.OPEN
    game.command(Wild("W-0", 5))
    assert game.status().sets[0] == MeldSet("W=5", SetState.COMPLETE, wild="W=3")
    assert game.status().wilds[0] == WildCard("W-3", 0, "W=5", 3, (2, 3))


def test_r5_a_number_that_leaves_the_set_no_completion_is_offered_too() -> None:
    """R5, issue 11 (ui-demo, seed 1, a later round: B2 8 W=5 5, 20 of 21): the referee
    allows a declaration that leaves a set one point short, which no card makes up; the
    table must be able to say so, so 5 is offered beside 2 and 3."""
    game = laid(["B2", "8", "W", "5"])
    assert offered(game) == {"W-2": (2, 3, 5)}
    game.command(Wild("W-2", 5))
    assert game.status().sets[0].state is SetState.OPEN
