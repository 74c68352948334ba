"""A hex game as a player writes it down at the table: one line a turn (docs/notation.md,
"A hex game written at the table"), read into the turns of a board record.

Each line that holds anything is the next turn, Black's first (H1): its moves in the
notation (``b2-c2``), apart by spaces or commas; ``-`` (or nothing after the turn's
number) for a turn ended with no move (H2); before them the turn's number if you like
(``7.``, ``7:`` or ``7)``), which must be the line's turn; with the move cards (H5) the
card turned up first (``M4``). A last line ``Black resigns`` (or ``White resigns``) says
that side gave up. ``#`` starts a note, to the end of the line.

    >>> written = read_written('''
    ... # Ana (Black) against Ben (White)
    ... 1. b2-c2
    ... 2. j6-i6, k5-j5
    ... 3. -
    ... ''')
    >>> written.turns, written.lines
    ([['b2-c2'], ['j6-i6', 'k5-j5'], []], (3, 4, 5))
    >>> read_written("M3 b2-c2 c2-d2", cards=True).turns
    [{'card': 3, 'moves': ['b2-c2', 'c2-d2']}]

A line that cannot be read is a :class:`RecordError` naming the line and the rule (H1
for the notation, H5 for the cards, ``record`` for the lines' order and a resignation);
whether the moves follow the rules is the game's to say, once the turns are a record
(:mod:`companion.games.hex.record`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from companion.games.errors import RecordError
from companion.games.hex.actions import Move
from companion.games.hex.board import HexNotationError, shown
from companion.games.json_types import JSON

#: A turn's number before its moves.
_NUMBER = re.compile(r"(\d+)[.:)]?")
#: A move card, M1 to M6 (H5).
_CARD = re.compile(r"[Mm]([1-6])")
#: What parts the moves of a line.
_APART = re.compile(r"[\s,;]+")
#: A turn's number written against its first move: ``1.b2-c2``.
_JOINED = re.compile(r"(\d+[.:)])(\S+)")


class Written(NamedTuple):
    """The turns read (as a board record's ``turns``), the line each was on, and the
    side that resigned after them (a board record's ``resigned``; None: nobody)."""

    turns: list[JSON]
    lines: tuple[int, ...]
    resigned: str | None = None


def read_written(text: str, *, cards: bool = False) -> Written:
    """The turns ``text`` writes down (module docstring); ``cards``: the move cards
    variant, each turn's card first. :class:`RecordError` (rule ``record``) names the
    first line that cannot be read."""
    turns: list[JSON] = []
    lines: list[int] = []
    resigned: str | None = None
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        words = [word for word in _APART.split(line.split("#", 1)[0]) if word]
        if not words:
            continue
        try:
            if resigned is not None:
                raise HexNotationError(f"a line after {resigned} resigned", "record")
            resigned = _resigned(words)
            if resigned is None:
                turns.append(_turn(_numbered(words), len(turns) + 1, cards=cards))
                lines.append(number)
        except HexNotationError as exc:
            raise RecordError(f"line {number}: {exc.what}", exc.rule) from None
    if not turns and resigned is None:
        raise RecordError('no turn written (one line a turn, Black\'s first: "1. b2-c2")', "record")
    return Written(turns, tuple(lines), resigned)


def _resigned(words: list[str]) -> str | None:
    """``black``/``white`` for a line ``Black resigns`` (the other side wins)."""
    said = [word.lower() for word in words]
    if len(said) == 2 and said[0] in ("black", "white") and said[1] in ("resigns", "resigned"):
        return said[0]
    if any(word in ("resigns", "resigned") for word in said):
        raise HexNotationError(
            "a resignation is a line of its own, the side first: black resigns, or white resigns",
            "record",
        )
    return None


def _numbered(words: list[str]) -> list[str]:
    """The words with a turn's number written against its first move (``1.b2-c2``)
    parted from it."""
    joined = _JOINED.fullmatch(words[0])
    return [joined[1], joined[2], *words[1:]] if joined else words


def _turn(words: list[str], turn: int, *, cards: bool) -> JSON:
    """One line's turn (its words), the game's ``turn``-th."""
    numbered = _NUMBER.fullmatch(words[0])
    if numbered is not None:
        if int(numbered[1]) != turn:
            raise HexNotationError(
                f"turn {numbered[1]} is written where the game's turn {turn} comes "
                "(each line holding moves is the next turn: one line a turn, from 1)",
                "record",
            )
        words = words[1:]
    card = None
    if words and _CARD.fullmatch(words[0]):
        if not cards:
            raise HexNotationError(
                f"{shown(words[0])} is a move card, and this game is played without them "
                "(the cards variant)",
                "H5",
            )
        card, words = int(words[0][1]), words[1:]
    elif cards:
        raise HexNotationError(
            f"turn {turn} starts with its move card, M1 to M6, as in: {turn}. M4 d4-d5", "H5"
        )
    if "-" in words and words != ["-"]:
        raise HexNotationError("'-' (a turn with no move) stands alone after the turn's number")
    moves: list[JSON] = [] if words == ["-"] else [str(Move.parse(w.lower())) for w in words]
    return {"card": card, "moves": moves} if cards else moves


__all__ = ["Written", "read_written"]
