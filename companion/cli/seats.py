"""Players and seats on the command line, counted as people count them.

Seats are numbered from 1 on the command line, as the OLED says them ("Seat 1") and
as players count round a table; a seat may also be given by the player's name. The
records and the JSON outputs keep their seats from 0 (a file format, docs/notation.md).

Seats counted from 0 on the command line before issue 26 (``--dealer 2`` was the third
seat; it is now the second): ``0`` is refused with a line that says so, so an old
script that named the first seat stops rather than playing another dealer.

    >>> player_names("Ana, Ben,Cy")
    ['Ana', 'Ben', 'Cy']
    >>> player_names("Ana,ana")
    Traceback (most recent call last):
    companion.errors.UsageError: --players 'Ana,ana': ana is named twice; give each ...
    >>> table = ["Ana", "Ben", "Cy"]
    >>> seat_index("--dealer 3", "3", table), seat_index("--dealer ben", "ben", table)
    (2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import UsageError
from companion.games.registry import all_games
from companion.views.names import named_twice

#: The most digits a count or a seat is read with (a longer one is no seat of a game).
DIGITS = 4


def player_names(value: str, *, unnamed: Sequence[str] = ()) -> list[str]:
    """``3`` -> three seats named from ``unnamed`` ("Seat 1".. when it is empty);
    ``Ana,Ben`` -> the names, in seat order."""
    text = value.strip()
    if text.isdecimal():  # not isdigit: int() refuses "²", a digit of another kind
        most = max(spec.max_players for spec in all_games())
        # A few digits at most: a count of a billion seats was a list of a billion names.
        count = int(text) if len(text) <= DIGITS else most + 1
        if count < 1:
            raise UsageError(f"--players {value}: at least one player")
        if count > most:
            raise UsageError(f"--players {value}: at most {most} players (no game has more)")
        if unnamed and count <= len(unnamed):
            return list(unnamed[:count])
        return [f"Seat {seat + 1}" for seat in range(count)]
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"--players {value!r}: a number, or names separated by commas")
    twice = named_twice(names)
    if twice is not None:  # as the OLED's name wheel: "--dealer Ana" must name one seat
        raise UsageError(
            f"--players {value!r}: {twice} is named twice; give each seat its own name"
        )
    return names


def seat_index(option: str, value: str, players: Sequence[str]) -> int:
    """The seat ``value`` names, counted from 0 as the games take it: a number from 1
    (the OLED's "Seat 1"), or a player's name (any case). ``option`` is the argument
    as typed, for the message ("--dealer 4", "--option dealer=4")."""
    text = value.strip()
    count = len(players)
    names = [name.casefold() for name in players]
    if text.casefold() in names:
        return names.index(text.casefold())
    seats = f"a seat from 1 to {count} (as the screen counts them) or a name: {', '.join(players)}"
    if text.lstrip("-").isdecimal() and len(text) <= DIGITS:
        number = int(text)
        if 1 <= number <= count:
            return number - 1
        if number == 0:
            raise UsageError(f"{option}: seats count from 1 now; give {seats}")
    raise UsageError(f"{option}: not a seat of {count} players; give {seats}")
