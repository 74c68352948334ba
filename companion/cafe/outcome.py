"""What an ended game's result says for the leaderboard: totals, winners, and whether
it counts. The server reads a game's result in its typed shape (the journal's
:class:`~companion.journal.result.GameResult`, its score a
:class:`~companion.games.report.CardGameReport` or
:class:`~companion.games.hex.report.HexReport`), as the table wrote it.

A game counts once it has ended with a winner by its rules: a Fibonachos or Trump
game played to its end (``complete``), a hex game with a winner. The rummy games
set no end (R9): the players stop when they like, so an ended rummy game with at
least one round scored counts, won by the highest total
(:func:`~companion.games.report.ended_winners`).

    >>> from companion.games.report import CardGameReport, RoundScore
    >>> score = CardGameReport("trump", ("Ana", "Ben"), (RoundScore((5, 9)),), True, ())
    >>> outcome_of(GameResult("over", score=score), 2)
    Outcome(totals=(5, 9), winners=(1,), counts=True)
    >>> abandoned = CardGameReport("trump", ("Ana", "Ben"), (RoundScore((5, 9)),), False, ())
    >>> outcome_of(GameResult("abandoned", score=abandoned), 2).counts
    False
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from companion.bus.contract import GameRow, MessageError
from companion.cafe.store import SeatRow
from companion.games import GameReport, HexReport
from companion.games.errors import GameError
from companion.games.json_types import JSONObject
from companion.games.report import NO_END, CardGameReport, ended_winners
from companion.games.scoring import not_known, record_game, records_of, score_record
from companion.journal.result import GameResult
from companion.views.live_sections import standing

log = logging.getLogger("companion.cafe")


@dataclass(frozen=True)
class Outcome:
    totals: tuple[int, ...] | None
    winners: tuple[int, ...]
    counts: bool


def outcome_of(result: GameResult | None, players: int) -> Outcome:
    """The totals, winners and whether the game counts (a score of another number of
    players than the game's: no totals, and it does not count)."""
    report = None if result is None else result.score
    if isinstance(report, HexReport):
        seats = standing(report)[1] if players == 2 else ()
        return Outcome(None, seats, bool(seats))
    if not isinstance(report, CardGameReport):
        return Outcome(None, (), False)
    totals = report.totals if len(report.totals) == players else None
    winners = tuple(seat for seat in ended_winners(report) if 0 <= seat < players)
    ends = report.complete or (report.game in NO_END and bool(report.rounds))
    return Outcome(totals, winners, ends and totals is not None)


def seats_of(row: GameRow) -> list[SeatRow]:
    """The leaderboard's rows of an ended game that counts (none for the others)."""
    if row.ended is None:
        return []
    outcome = outcome_of(row.result, len(row.players))
    if not outcome.counts:
        return []
    return [
        SeatRow(
            table=row.table,
            game_id=row.id,
            game=row.game,
            ended=row.ended,
            seat=seat,
            player=name.strip(),
            total=outcome.totals[seat] if outcome.totals else None,
            won=seat in outcome.winners,
        )
        for seat, name in enumerate(row.players)
    ]


def rounds_of(score: GameReport | None, players: int) -> list[tuple[int, ...]]:
    """The points of each round per seat (none for a hex game)."""
    if not isinstance(score, CardGameReport):
        return []
    return [r.points for r in score.rounds if len(r.points) == players]


def borne_out(row: GameRow) -> GameRow:
    """``row`` with the score its result's record bears out (the leaderboard counts no
    other): a game's score is worked out again from its record by the game's rules
    (0.1 to 2 ms a game, 30 to 40 ms for the longest trump match, once when it ends).
    A record of another game or other players than the row's, one the rules refuse, or
    a score without its record is a :class:`MessageError` naming why (the row is set
    aside, issue 22). A score that is not its record's (a table of a version that
    scored it otherwise) is replaced by the record's, and the log says so. A record of
    a game or variant this server does not know (a table updated before it) is kept
    without a score: the game is ended and in the history, but not counted, and the
    log says to update the server."""
    result = row.result
    what = f"{row.table} game {row.id}"
    if row.unread is not None:
        log.warning(
            "cafe: %s: its result is of a shape this server cannot read: the game is kept "
            "ended, not counted on the leaderboard (update the server to read it)",
            what,
        )
        return row
    if result is None or (result.record is None and result.score is None):
        return row
    if result.record is None:
        raise MessageError(f"{what}: the result has a score but no record to bear it out")
    score, unknown = record_score(row, result.record)
    if unknown is not None:
        log.warning(
            "cafe: %s: %s is not known to this server: the game is kept, not counted "
            "on the leaderboard (update the server to count it)",
            what,
            unknown,
        )
        return replace(row, result=replace(result, score=None))
    if score == result.score:
        return row
    log.warning("cafe: %s: the score sent is not its record's; the record's is kept", what)
    return replace(row, result=replace(result, score=score))


def record_score(row: GameRow, record: JSONObject) -> tuple[GameReport | None, str | None]:
    """The score ``record`` (the result's record of ``row``) bears out by this server's
    rules, or None and why this server cannot score it though a newer one may (a game
    or variant it does not know). A record of another game or other players than the
    row's, or one the rules refuse, is a :class:`MessageError` naming why."""
    what = f"{row.table} game {row.id}"
    try:
        game = record_game(record)
        if game not in records_of(row.game):
            raise MessageError(f"{what}: the result's record is of {game}, not {row.game}")
        if record.get("players") != list(row.players):
            raise MessageError(f"{what}: the result's record has other players than the game")
        unknown = not_known(record)
        if unknown is not None:
            return None, unknown
        return score_record(record), None
    except GameError as exc:
        raise MessageError(f"{what}: the result's record: {exc}") from None
