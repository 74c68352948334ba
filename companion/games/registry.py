"""The one registry of games: what the product knows of each game, by its name.

Everything that offers or names a game reads it here: the setup menus (labels,
player range, variants, the options to ask), the command line (``--game`` choices,
the titles of a score table) and the flows (which validate their options against
it, :mod:`companion.flows.registry`).

A game has two names for people. ``title`` is its name as the rulebook gives it
(RULES.md), used wherever there is room: the command line, score tables, errors.
``label`` is its name on the OLED (menus, headers, the idle screen's result), one
menu row of the 128-pixel panel at most (20 characters of the 6x10 font): the four
rummy games and Trump are all "Fibonacci ..." by title, so their labels are the
words a table tells them apart by.

    >>> [(spec.name, spec.label) for spec in all_games()][:3]
    [('fibonachos', 'Fibonachos'), ('trump', 'Fibonacci Trump'), ('rummy21', 'Rummy 21')]
    >>> get_game("trump").title
    "Fibonacci's Trump"
    >>> [option.name for option in get_game("fibonachos").options]
    ['dealer', 'seed']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import Any, TypeAlias

from companion.games.base import GameState
from companion.games.errors import UnknownGameError
from companion.games.faces import Face, FaceGroup, FaceReader, unknown
from companion.games.json_types import JSON


class OptionKind(Enum):
    """What values an option takes, and so how it is asked for."""

    SEAT = "seat"  # a seat number (0 = the first player), or None: the table says who
    SEED = "seed"  # a whole number: the seed of the one random source (the daemon picks it)
    CHOICE = "choice"  # one of ``choices``


#: An option's value: a seat number or None (the table says who), a seed, a choice.
OptionValue: TypeAlias = "int | str | None"


def seat_option(options: Mapping[str, OptionValue], name: str) -> int | None:
    """The seat (or None) a checked option ``name`` holds."""
    value = options[name]
    if isinstance(value, str):
        raise TypeError(f"option {name} is a seat, not {value!r}")
    return value


def seed_option(options: Mapping[str, OptionValue], name: str = "seed") -> int:
    """The seed a checked option ``name`` holds."""
    value = options[name]
    if not isinstance(value, int):
        raise TypeError(f"option {name} is a seed, not {value!r}")
    return value


@dataclass(frozen=True)
class OptionSpec:
    """One option a game is started with (``make_flow(..., options={name: value})``).

    ``question`` is what a menu asks ("Who deals?", one OLED line); ``summary``
    says the answer back, with ``{}`` for the chosen seat or choice ("{} deals").
    ``asked`` is False for an option the start menus leave at its default because
    the table tells it during the game (Trump's round 1 leader, T3: the holder of a
    card known once the indicators lie); the command line may still give it.
    """

    name: str
    kind: OptionKind
    question: str
    summary: str = "{}"
    choices: tuple[str, ...] = ()
    default: OptionValue = None
    asked: bool = True


#: Every game takes a seed (the daemon may always pass one; games with no chance
#: ignore it), so that a game is deterministic: randomness comes only from it.
SEED = OptionSpec("seed", OptionKind.SEED, "Random seed", default=0)


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the product needs to know of one game.

    ``new(players, variants)`` starts a game for the given player names (its chance
    node deals); ``from_record(record)`` replays a record. ``seats`` are the fixed
    names of the seats of a game whose sides are not people's names (hex: Black,
    White), empty when the players name themselves. ``menu`` is False for a game the
    OLED's start menu does not offer (the hex board, whose moves the buttons cannot
    enter: its referee is the game ``hex-referee``).

    ``family`` names the table layout the game shares with others (the rummy games'
    seats, ``rummy``), "" for a game with its own. ``face_groups`` are its deck's
    faces in groups (empty for a game without table cards to correct, such as the hex
    referee's). ``face`` reads what a card of the game's deck prints
    (:mod:`companion.games.faces`:
    the screens name cards by it, the phone page draws them by it). ``heading`` is the
    game's title on its screen during play where that is not its ``label`` (a trick
    game's "Trump"), "" for the label; ``over`` ends the staff's status line when the
    game is over (English, for the log: Fibonachos is a match of three rounds, F8).
    """

    name: str
    title: str
    label: str
    min_players: int
    max_players: int
    variants: frozenset[str]
    options: tuple[OptionSpec, ...]
    new: Callable[[Sequence[str], Sequence[str]], GameState[Any]]
    from_record: Callable[[Mapping[str, JSON]], GameState[Any]]
    seats: tuple[str, ...] = ()
    menu: bool = True
    family: str = ""
    face: FaceReader = unknown
    face_groups: tuple[FaceGroup, ...] = ()
    heading: str = ""
    over: str = "the game is over"


def _specs() -> tuple[GameSpec, ...]:
    from companion.games.fibonachos import SPEC as FIBONACHOS
    from companion.games.hex import REFEREE_SPEC as HEX_REFEREE
    from companion.games.hex import SPEC as HEX
    from companion.games.rummy import SPECS as RUMMY
    from companion.games.trump import SPEC as TRUMP

    return (FIBONACHOS, TRUMP, *RUMMY, HEX_REFEREE, HEX)


def all_games() -> tuple[GameSpec, ...]:
    """Every game the companion knows, in menu order."""
    return _specs()


def menu_games() -> tuple[GameSpec, ...]:
    """The games the OLED's start menu offers, in order."""
    return tuple(spec for spec in _specs() if spec.menu)


def get_game(name: str) -> GameSpec:
    """The game called ``name``; raise :class:`UnknownGameError` naming the choices."""
    specs = {spec.name: spec for spec in _specs()}
    try:
        return specs[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(specs)})") from None


@lru_cache(maxsize=4096)
def card_face(notation: str, game: str) -> Face:
    """What the card ``notation`` of ``game``'s deck prints (its :class:`Face`); a game
    the registry does not know names no card (the face is the notation, serial dropped).

    >>> card_face("W=8#1", "rummy21")
    Face(face='W=8', kind='wild', number=8)
    """
    return _faces().get(game, unknown)(notation)


@cache
def _faces() -> dict[str, FaceReader]:
    """Each game's face reader by its name (the specs never change once imported, and
    a face is a pure function of its notation: :func:`card_face` keeps the recent ones)."""
    return {spec.name: spec.face for spec in _specs()}
