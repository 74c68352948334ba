"""The score of a game as typed values, and the ``companion score --json`` object they write.

A card game's report (Fibonachos, Trump, the rummy games) is a :class:`CardGameReport`:
the rounds finished so far, each a :class:`RoundScore` (Fibonachos' rounds add the
spicy totals and tricks won, Trump's the matching symbols), the flags, and whether the
game is complete; totals and winners follow from them. The hex game's report is
:class:`~companion.games.hex.report.HexReport`. Every report is frozen and writes
DESIGN.md's JSON with ``to_json()``; :func:`report_from_json` reads that JSON back (the
journal keeps it).

>>> report = CardGameReport("trump", ("Ana", "Ben"), (TrumpRound((3, 0), symbols=(5, 2)),),
...                         complete=False, flags=())
>>> report.totals, report.winners
((3, 0), ())
>>> report.to_json()["rounds"]
[{'points': [3, 0], 'symbols': [5, 2]}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar

from companion.games.base import Flag
from companion.games.errors import RecordError
from companion.games.json_types import (
    JSON,
    JSONObject,
    as_int,
    as_object,
    int_field,
    ints,
    list_field,
    text_field,
    texts,
)

if TYPE_CHECKING:
    from companion.games.hex.report import HexReport


@dataclass(frozen=True)
class RoundScore:
    """The points of one finished round, one per seat (the rummy games' whole round)."""

    points: tuple[int, ...]

    def details(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Per-seat figures beyond the points, under their JSON key, in JSON order."""
        return ()

    def to_json(self) -> JSONObject:
        out: JSONObject = {"points": list(self.points)}
        for key, values in self.details():
            out[key] = list(values)
        return out


@dataclass(frozen=True)
class FibonachosRound(RoundScore):
    """F7: each seat's spicy total taken and tricks won, beside its points."""

    spicy: tuple[int, ...]
    tricks: tuple[int, ...]

    def details(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return (("spicy", self.spicy), ("tricks", self.tricks))


@dataclass(frozen=True)
class TrumpRound(RoundScore):
    """T6: each seat's cards won that show the indicated symbol, beside its points."""

    symbols: tuple[int, ...]

    def details(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return (("symbols", self.symbols),)


R_co = TypeVar("R_co", bound=RoundScore, covariant=True)


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total (several when it is shared)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


#: The games whose rules set no end (R9): the table ends the match when it likes.
NO_END = frozenset({"rummy21", "rummy13", "rummy8", "rummy89"})


def ended_winners(report: CardGameReport[RoundScore]) -> tuple[int, ...]:
    """Who won a card game once it has ended, however it ended: by its rules, the
    report's winners; a game with no end of its own (R9) ended by the table after a
    round scored, the highest total; a game left before its end, nobody. The final
    scores screen, the journal's result and ``companion history`` all ask this.

    >>> ended_winners(CardGameReport("rummy8", ("Ana", "Ben"), (RoundScore((5, 9)),), False, ()))
    (1,)
    >>> ended_winners(CardGameReport("trump", ("Ana", "Ben"), (RoundScore((5, 9)),), False, ()))
    ()
    """
    if report.complete:
        return report.winners
    if report.game in NO_END and report.rounds:
        return leaders(report.totals)
    return ()


@dataclass(frozen=True)
class CardGameReport(Generic[R_co]):
    """DESIGN.md's score of a card game: finished rounds only, winners once complete.

    ``complete`` is true once the game has ended by its rules (Fibonachos: three
    rounds, F8; Trump: T7; the rummy games never, R9).
    """

    game: str
    players: tuple[str, ...]
    rounds: tuple[R_co, ...]
    complete: bool
    flags: tuple[Flag, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points over the rounds finished."""
        return tuple(sum(r.points[seat] for r in self.rounds) for seat in range(len(self.players)))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is complete, else none."""
        return leaders(self.totals) if self.complete else ()

    def to_json(self) -> JSONObject:
        return {
            "game": self.game,
            "players": list(self.players),
            "rounds": [r.to_json() for r in self.rounds],
            "totals": list(self.totals),
            "complete": self.complete,
            "winners": list(self.winners),
            "flags": [f.to_json() for f in self.flags],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> CardGameReport[RoundScore]:
        """Read :meth:`to_json`'s object back; totals and winners follow from the rest."""
        game = text_field(data, "game")
        read = _ROUND_READERS.get(game, _plain_round)
        return CardGameReport(
            game,
            texts(data["players"], '"players"'),
            tuple(read(as_object(r, "a round")) for r in list_field(data, "rounds")),
            bool(data["complete"]),
            tuple(_flag(as_object(f, "a flag")) for f in list_field(data, "flags")),
        )


def _flag(data: Mapping[str, JSON]) -> Flag:
    trick = data["trick"]
    return Flag(
        int_field(data, "round"),
        None if trick is None else as_int(trick, '"trick"'),
        int_field(data, "seat"),
        text_field(data, "rule"),
        text_field(data, "message"),
    )


def _plain_round(data: Mapping[str, JSON]) -> RoundScore:
    return RoundScore(ints(data["points"], '"points"'))


def _fibonachos_round(data: Mapping[str, JSON]) -> RoundScore:
    return FibonachosRound(
        ints(data["points"], '"points"'),
        ints(data["spicy"], '"spicy"'),
        ints(data["tricks"], '"tricks"'),
    )


def _trump_round(data: Mapping[str, JSON]) -> RoundScore:
    return TrumpRound(ints(data["points"], '"points"'), ints(data["symbols"], '"symbols"'))


_ROUND_READERS: dict[str, Callable[[Mapping[str, JSON]], RoundScore]] = {
    "fibonachos": _fibonachos_round,
    "trump": _trump_round,
}

#: Any game's report: what ``GameState.report()`` and a flow's ``report()`` give.
GameReport: TypeAlias = "CardGameReport[RoundScore] | HexReport"


def report_from_json(data: Mapping[str, JSON]) -> GameReport:
    """A report from its ``to_json()`` object; raise :class:`RecordError` if it is none."""
    from companion.games.hex.report import BOARD_GAME, REFEREE_GAME, HexReport

    try:
        if data["game"] in (BOARD_GAME, REFEREE_GAME):
            return HexReport.from_json(data)
        return CardGameReport.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a score object ({type(exc).__name__}: {exc})", "record") from None
