"""A game record's score, whatever game it names: what ``companion score`` prints, what
``companion export`` adds to a journal's game, and what the cafe's server checks a
table's reported score against (:mod:`companion.cafe.outcome`).

A record of the button referee from before the game ``hex-referee`` existed (``"game":
"hex", "mode": "referee"``) is read as a ``hex-referee`` record.

    >>> score_record({"game": "chess"})
    Traceback (most recent call last):
    ...
    companion.games.errors.UnknownGameError: unknown game 'chess' ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.games.errors import RecordError, UnknownGameError
from companion.games.hex import REFEREE_SPEC as HEX_REFEREE
from companion.games.hex import SPEC as HEX
from companion.games.hex import is_flow_record
from companion.games.json_types import JSON
from companion.games.registry import get_game
from companion.games.report import GameReport

#: The games whose records a game played at the table may write, where they are not
#: its own name: hex's button and camera referees write ``hex-referee`` records (its
#: board mode, ``hex`` ones).
RECORDED_AS: Final[Mapping[str, frozenset[str]]] = {
    HEX.name: frozenset({HEX.name, HEX_REFEREE.name}),
}


def record_game(record: Mapping[str, JSON]) -> str:
    """The game ``record`` is scored as (:class:`RecordError` if it names none)."""
    if is_flow_record(record):  # the button referee's record from before hex-referee
        return HEX_REFEREE.name
    game = record.get("game")
    if not isinstance(game, str):
        raise RecordError('the record has no "game" name', "record")
    return game


def records_of(game: str) -> frozenset[str]:
    """The games :func:`record_game` may say of a record of ``game`` played at a table.

    >>> sorted(records_of("hex")), sorted(records_of("trump"))
    (['hex', 'hex-referee'], ['trump'])
    """
    return RECORDED_AS.get(game, frozenset({game}))


def not_known(record: Mapping[str, JSON]) -> str | None:
    """Why this version cannot score ``record`` though a newer one may (a game or a
    variant it does not know: a table updated before the cafe's server), else None.

    >>> not_known({"game": "fibonachos", "variants": ["zero-scores-34"]}) is None
    True
    >>> not_known({"game": "fibonachos", "variants": ["new"]})
    "fibonachos's variant 'new'"
    """
    game = record_game(record)
    try:
        spec = get_game(game)
    except UnknownGameError:
        return f"the game {game!r}"
    variants = record.get("variants", [])
    if isinstance(variants, list):
        for variant in variants:
            if isinstance(variant, str) and variant not in spec.variants:
                return f"{game}'s variant {variant!r}"
    return None


def score_record(record: Mapping[str, JSON]) -> GameReport:
    """The score of ``record`` (raises :class:`RecordError`, or
    :class:`~companion.games.errors.UnknownGameError` for a game not known)."""
    return get_game(record_game(record)).from_record(record).report()
