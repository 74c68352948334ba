"""Issue 26 item 2: the OLED's "Set up the table" reads the SEAT cards without raising:
the seats, or the problem the players are told."""

from __future__ import annotations

import pytest

from companion.table.markers import SeatProblem, read_seats

SIZE = (1280, 720)


def code(
    notation: str, x: float, y: float, side: float = 40.0
) -> tuple[str, str, list[tuple[float, float]]]:
    """A SEAT card's middle code, ``side`` pixels, centred at (x, y)."""
    h = side / 2
    return ("control", notation, [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)])


BOTTOM, TOP, LEFT = (640.0, 650.0), (640.0, 70.0), (60.0, 360.0)


def test_seats_in_order_make_the_layout_with_their_sides() -> None:
    """Issue 26: SEAT1 at the bottom, SEAT2 on the left, SEAT3 at the top."""
    codes = [code("SEAT1", *BOTTOM), code("SEAT2", *LEFT), code("SEAT3", *TOP)]
    reading = read_seats(codes, SIZE, 3)
    assert reading.problem is None and reading.count == 3
    assert reading.sides == ("bottom", "left", "top")


@pytest.mark.parametrize(
    ("codes", "players", "problem", "count", "seat"),
    [
        ([], 2, SeatProblem.NONE, 0, 0),
        ([code("SEAT1", *BOTTOM)], 2, SeatProblem.TOO_FEW, 1, 0),
        (
            [code("SEAT1", *BOTTOM), code("SEAT2", *TOP), code("SEAT3", *LEFT)],
            2,
            SeatProblem.TOO_MANY,
            3,
            0,
        ),
        ([code("SEAT1", *BOTTOM), code("SEAT1", *TOP)], 2, SeatProblem.TWICE, 0, 0),
        ([code("SEAT1", *BOTTOM), code("SEAT3", *TOP)], 2, SeatProblem.GAP, 2, 1),
        ([code("R1", *BOTTOM)], 2, SeatProblem.NONE, 0, 0),
    ],
)
def test_seat_cards_that_make_no_layout_name_their_problem(
    codes: list[tuple[str, str, list[tuple[float, float]]]],
    players: int,
    problem: SeatProblem,
    count: int,
    seat: int,
) -> None:
    """Issue 26: none, too few, too many, one seat twice, a gap; a card that is not a
    SEAT card is no seat."""
    reading = read_seats(codes, SIZE, players)
    assert (reading.layout, reading.problem, reading.count, reading.seat) == (
        None,
        problem,
        count,
        seat,
    )
    assert reading.sides == ()
