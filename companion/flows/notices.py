"""What every flow says the same way: refusals, scores, a corrected card.

>>> card = TableCard("fibonachos/1/R13#1", "fibonachos", "R13#1", "play")
>>> refused(card, "R13#1 played twice", "F1").message
'R13#1 refused: R13#1 played twice'
>>> replacement(card, Replace(card.key, "R12")).notation
'R12'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.flows.base import Notice, NoticeKind, seat_names
from companion.flows.commands import FlowCommand, Replace
from companion.flows.errors import RefusedError
from companion.flows.said import Said, Say
from companion.flows.status import Scores
from companion.games.report import CardGameReport, GameReport, RoundScore, ended_winners, leaders
from companion.table.cards import TableCard


def refused(card: TableCard, reason: str, rule: str | None, said: Said | None = None) -> Notice:
    """A REFUSED notice naming the card, the reason and the rule.

    The screen says ``said`` (by default: the rule refuses the card), naming the card.
    """
    said = replace(said or Said(Say.AGAINST_RULE), on_table=True)
    if said.card is None:
        said = replace(said, card=card.notation)
    return Notice(NoticeKind.REFUSED, f"{card.notation} refused: {reason}", rule, said=said)


def refusal(card: TableCard, exc: RefusedError) -> Notice:
    """The REFUSED notice of ``card`` for ``exc``."""
    return refused(card, exc.reason, exc.rule, exc.said)


def refused_command(command: FlowCommand, exc: RefusedError) -> Notice:
    said = exc.said or Said(Say.AGAINST_RULE)
    return Notice(NoticeKind.REFUSED, f"{command.name}: {exc.reason}", exc.rule, said=said)


def info(message: str, said: Said) -> Notice:
    """A note: ``message`` for the log, ``said`` for the screen."""
    return Notice(NoticeKind.INFO, message, said=said)


def nothing_to_undo() -> Notice:
    return Notice(NoticeKind.REFUSED, "nothing to undo", said=Said(Say.NOTHING_TO_UNDO))


def scores(
    game: str,
    number: int | None,
    points: Sequence[int],
    totals: Sequence[int] | None,
    winners: Sequence[int] = (),
) -> Scores:
    """Round ``number``'s points (None: the final ones); the leaders have the highest total."""
    ranked = totals if totals is not None else points
    return Scores(
        game=game,
        round=number,
        points=tuple(points),
        totals=None if totals is None else tuple(totals),
        leaders=tuple(leaders(list(ranked))),
        winners=tuple(winners),
    )


def report_totals(report: CardGameReport[RoundScore]) -> tuple[int, ...]:
    """Each seat's total of the rounds done, from an engine's report."""
    return report.totals


def report_notices(
    game: str,
    report: CardGameReport[RoundScore],
    rounds_before: int,
    players: Sequence[str],
    *,
    over: bool,
) -> list[Notice]:
    """ROUND_OVER for each round the report gained, GAME_OVER once ``over``.

    ``players`` are the names the messages use; the details carry seats.
    """
    notices = []
    running = [0] * len(players)
    for number, played in enumerate(report.rounds, start=1):
        running = [a + b for a, b in zip(running, played.points, strict=True)]
        if number > rounds_before:
            detail = scores(game, number, played.points, running)
            said = Said(Say.ROUND_OVER, number=number)
            notices.append(
                Notice(
                    NoticeKind.ROUND_OVER, f"round {number} over", None, detail=detail, said=said
                )
            )
    if over:
        won = report.winners
        winners = " and ".join(players[seat] for seat in won)
        detail = scores(game, None, report.totals, None, won)
        message = f"game over: {winners} won" if winners else "game over"
        said = Said(Say.GAME_OVER, seat=won[0] if len(won) == 1 else None)
        notices.append(Notice(NoticeKind.GAME_OVER, message, None, detail=detail, said=said))
    return notices


def ended_notice(report: GameReport) -> Notice:
    """The GAME_OVER of a game the table ended (the menu's End game, the staff, a table
    left idle): the final totals, the winners by :func:`ended_winners` (a rummy match,
    R9, is won by the highest total; a trick game left before its end by nobody), the
    leaders starred only when they won. A hex game says its winner, if it has one.
    """
    if not isinstance(report, CardGameReport):
        seat = None if report.winner is None else report.winner.seat
        said = Said(Say.GAME_OVER, seat=seat)
        return Notice(NoticeKind.GAME_OVER, "game ended", None, seat=seat, said=said)
    won = ended_winners(report)
    detail = Scores(report.game, None, report.totals, None, won, won)
    names = seat_names(report.players)
    winners = " and ".join(names[seat] for seat in won)
    message = f"game ended: {winners} won" if winners else "game ended: no winner"
    said = Said(Say.GAME_OVER, seat=won[0] if len(won) == 1 else None)
    return Notice(NoticeKind.GAME_OVER, message, None, detail=detail, said=said)


def replacement(old: TableCard, command: Replace) -> TableCard:
    """The card ``command`` puts in place of ``old``: the same physical card, read right.

    The key, position and side stay, so the tracker's later events for that key
    still match; the notation (and the zone, if given) are the corrected ones.
    Raise :class:`RefusedError` for an empty notation.
    """
    if not command.card:
        raise RefusedError(
            'replace needs "card": the notation the card really has',
            said=Said(Say.NO_SUCH_CARD),
        )
    zone = old.zone if command.zone is None else command.zone
    return replace(old, notation=command.card, zone=zone)
