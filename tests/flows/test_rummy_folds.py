"""Issue 26, R2 (docs/rummy.md "A set longer than your zone"): the rummy flow reads a
long set folded into a second column as one set, and keeps apart what is not a fold."""

from __future__ import annotations

from typing import Any

from companion.flows.registry import make_flow
from companion.flows.status import SetState
from companion.table.cards import TableCard

#: A column's cards a strip apart; the next column 1.3 card widths to the right.
STRIP, PITCH = 0.04, 0.09


def lay(flow: Any, column: int, faces: list[str]) -> None:
    for row, face in enumerate(faces):
        key = f"rummy21/1/{face}/{column}-{row}"
        flow.placed(
            TableCard(key, "rummy21", face, "meld-0", (0.2 + PITCH * column, 0.1 + STRIP * row))
        )


def sets(flow: Any) -> list[tuple[list[str], SetState]]:
    return [([str(c) for c in cards], line.state) for cards, line in flow.sets(0)]


def test_a_fifth_card_heading_the_next_column_goes_on_with_the_set() -> None:
    """B3 2 2 2 in a full column, then 3 3 at the far side of the next column: one open
    set of six cards (15 of 21); a base card beside it still starts a set of its own."""
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    lay(flow, 0, ["B3", "2", "2", "2"])
    lay(flow, 1, ["3", "3"])
    lay(flow, 2, ["B5", "8"])
    assert sets(flow) == [
        (["B3", "2", "2", "2", "3", "3"], SetState.OPEN),
        (["B5", "8"], SetState.OPEN),
    ]


def test_what_is_not_a_fold_stays_apart() -> None:
    """A standard card beside a column of three (not full), or one that would take a
    complete set over its number, is a set of its own, marked wrong (R2)."""
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    lay(flow, 0, ["B3", "2", "2"])
    lay(flow, 1, ["3"])
    assert [state for _, state in sets(flow)] == [SetState.OPEN, SetState.ILLEGAL]
    full = make_flow("rummy21", ["Ana", "Ben"], ["standard-start"], options={})
    lay(full, 0, ["B2", "3", "3", "13"])  # 21: complete
    lay(full, 1, ["8", "13"])  # a set started by a standard card (the variant)
    assert sets(full) == [
        (["B2", "3", "3", "13"], SetState.COMPLETE),
        (["8", "13"], SetState.COMPLETE),
    ]
