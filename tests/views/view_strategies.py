"""Hypothesis strategies for the table view (:class:`companion.views.live_types.TableView`):
every shape its JSON may take, a game of each kind (the trick games, rummy, hex) in
play or over, and the page before a game."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from companion.games.faces import Face
from companion.views.live_types import Outcome, TableView
from companion.views.section_types import (
    AWAITING,
    LACKS,
    STATES,
    HexView,
    Meld,
    Play,
    RummySeat,
    RummyView,
    Section,
    TrickView,
)

NAMES = st.sampled_from(["Ana", "Ben", "Cy", "Zoé", "Jean Luc", ""])
WHOLE = st.integers(0, 2**53)
POINTS = st.integers(-(2**40), 2**40)
WORDS = st.sampled_from(["red", "green", "purple", "circle", "waves"])
AWAITED = st.sampled_from(sorted(AWAITING))


def seat(seats: int) -> st.SearchStrategy[int]:
    return st.integers(0, seats - 1)


def maybe_seat(seats: int) -> st.SearchStrategy[int | None]:
    return st.none() | seat(seats) if seats else st.none()


def tally(seats: int) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(POINTS, min_size=seats, max_size=seats).map(tuple)


def faces() -> st.SearchStrategy[Face]:
    kinds = st.none() | st.sampled_from(["red", "spicy", "base", "top", "wild", "bonus", "move"])
    return st.builds(
        Face, st.sampled_from(["R13", "S3", "B5", "W=8", "21", "Q7"]), kinds, st.none() | WHOLE
    )


def plays(seats: int) -> st.SearchStrategy[tuple[Play, ...]]:
    return st.lists(st.builds(Play, seat(seats), faces()), max_size=seats).map(tuple)


@st.composite
def tricks(draw: st.DrawFn, seats: int) -> TrickView:
    tallied = draw(st.booleans())
    some_tally = tally(seats) if draw(st.booleans()) else st.just(())
    return TrickView(
        round=draw(WHOLE),
        trick=draw(WHOLE),
        to_play=draw(maybe_seat(seats)),
        awaiting=draw(AWAITED),
        plays=draw(plays(seats)),
        lead=draw(st.none() | WORDS),
        trump=draw(st.none() | WORDS),
        symbol=draw(st.none() | WORDS),
        spicy=draw(st.none() | faces()),
        leader_card=draw(st.none() | faces()),
        last=draw(plays(seats)),
        last_winner=draw(maybe_seat(seats)),
        missing=draw(maybe_seat(seats)),
        running=draw(tally(seats)) if tallied else None,
        points=draw(tally(seats)) if tallied else (),
        taken=draw(some_tally) if tallied else (),
        tricks=draw(some_tally) if tallied else (),
    )


def melds() -> st.SearchStrategy[Meld]:
    return st.builds(
        Meld,
        faces(),
        st.sampled_from(sorted(STATES)),
        st.none() | st.sampled_from(sorted(LACKS)),
        st.integers(0, 100),
        st.none() | st.sampled_from(["W=8", "W=21"]),
    )


def rummies(seats: int) -> st.SearchStrategy[RummyView]:
    seat_rows = st.builds(RummySeat, st.lists(melds(), max_size=3).map(tuple), WHOLE, WHOLE)
    return st.builds(
        RummyView,
        WHOLE,
        maybe_seat(seats),
        st.booleans(),
        st.lists(seat_rows, min_size=seats, max_size=seats).map(tuple),
    )


def hexes(seats: int) -> st.SearchStrategy[HexView]:
    return st.builds(
        HexView,
        maybe_seat(seats),
        WHOLE,
        WHOLE,
        WHOLE,
        WHOLE,
        st.none() | WHOLE,
        maybe_seat(seats),
        AWAITED,
    )


@st.composite
def outcomes(draw: st.DrawFn, seats: int) -> Outcome:
    rows = st.lists(tally(seats), max_size=3).map(tuple)
    totals = draw(st.none() | tally(seats))
    return Outcome(
        rounds=draw(rows) if totals is not None else (),  # no points, no rounds
        totals=totals,
        winners=tuple(draw(st.lists(seat(seats), max_size=2))) if seats else (),
        complete=draw(st.none() | st.booleans()),
        spicy=draw(st.none() | rows),
        symbols=draw(st.none() | rows),
    )


#: Each kind of game's section, for a number of seats.
SECTIONS: dict[str, Callable[[int], st.SearchStrategy[Section]]] = {
    "trick": tricks,
    "rummy": rummies,
    "hex": hexes,
}


@st.composite
def views(
    draw: st.DrawFn, players: tuple[str, ...] | None = None, kind: str | None = None
) -> TableView:
    """A game's view (of ``players``, or any), in play or over, with the section of
    ``kind`` of game (``trick``, ``rummy``, ``hex``), or any or none."""
    names = players or tuple(draw(st.lists(NAMES, min_size=1, max_size=5)))
    seats = len(names)
    sections: st.SearchStrategy[Section | None] = (
        SECTIONS[kind](seats)
        if kind is not None
        else st.none() | st.one_of(*(section(seats) for section in SECTIONS.values()))
    )
    return TableView(
        id=draw(st.none() | WHOLE),
        game=draw(st.sampled_from(["fibonachos", "trump", "rummy21", "hex", "hex-referee"])),
        label=draw(st.sampled_from(["", "Fibonachos", "Fibonacci's Trump"])),
        players=names,
        over=draw(st.booleans()),
        ended=draw(st.none() | st.sampled_from(["over", "staff", "idle"])),
        outcome=draw(outcomes(seats)),
        round=draw(st.none() | WHOLE),
        to_play=draw(maybe_seat(seats)),
        section=draw(sections),
    )


@st.composite
def waiting(draw: st.DrawFn) -> TableView:
    """The page before a game: no game chosen (no seat), or one with its names so far."""
    chosen = draw(st.none() | st.sampled_from(["fibonachos", "rummy8", "hex"]))
    names = () if chosen is None else tuple(draw(st.lists(NAMES, min_size=1, max_size=5)))
    label = "" if chosen is None else draw(st.sampled_from(["Fibonachos", "Rummy 8"]))
    return TableView(None, chosen, label, names, False, None, Outcome(), None, None, waiting=True)
