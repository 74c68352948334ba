"""What every flow says the same way: refusals, scores, a corrected card.

>>> card = TableCard("fibonachos/1/R13#1", "fibonachos", "R13#1", "play")
>>> refused(card, "R13#1 played twice", "F1").message
'R13#1 refused: R13#1 played twice'
>>> replacement(card, {"key": card.key, "card": "R12"}).notation
'R12'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.flows.base import FlowCommand, Notice, NoticeKind
from companion.flows.errors import RefusedError
from companion.flows.status import Scores
from companion.games.report import leaders
from companion.table.cards import TableCard


def refused(card: TableCard, reason: str, rule: str | None) -> Notice:
    """A REFUSED notice naming the card, the reason and the rule."""
    return Notice(NoticeKind.REFUSED, f"{card.notation} refused: {reason}", rule)


def refused_command(command: FlowCommand, exc: RefusedError) -> Notice:
    return Notice(NoticeKind.REFUSED, f"{command.name}: {exc.reason}", exc.rule)


def info(message: str) -> Notice:
    return Notice(NoticeKind.INFO, message)


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


def report_notices(
    game: str,
    report: Mapping[str, Any],
    rounds_before: int,
    players: Sequence[str],
    *,
    over: bool,
) -> list[Notice]:
    """ROUND_OVER for each round the report gained, GAME_OVER once ``over``.

    ``players`` are the names the messages use; the details carry seats.
    """
    notices = []
    rounds = report["rounds"]
    running = [0] * len(players)
    for number, played in enumerate(rounds, start=1):
        running = [a + b for a, b in zip(running, played["points"], strict=True)]
        if number > rounds_before:
            detail = scores(game, number, played["points"], running)
            notices.append(
                Notice(NoticeKind.ROUND_OVER, f"round {number} over", None, detail=detail)
            )
    if over:
        won = report.get("winners", [])
        winners = " and ".join(players[seat] for seat in won)
        detail = scores(game, None, report["totals"], None, won)
        message = f"game over: {winners} won" if winners else "game over"
        notices.append(Notice(NoticeKind.GAME_OVER, message, None, detail=detail))
    return notices


def replacement(old: TableCard, args: Mapping[str, Any]) -> TableCard:
    """The card a ``replace`` command puts in place of ``old``.

    ``card`` is either a notation (the same physical card, read right: the key,
    zone and position stay, so the tracker's later events for that key still
    match) or a mapping of :class:`TableCard` fields, the missing ones taken from
    ``old``. Raise :class:`RefusedError` for anything else.
    """
    given = args.get("card", args.get("notation"))
    if isinstance(given, str) and given:
        return TableCard(old.key, old.deck, given, old.zone, old.position, old.face_down)
    if isinstance(given, Mapping):
        position = given.get("position", old.position)
        try:
            return TableCard(
                key=str(given.get("key", old.key)),
                deck=str(given.get("deck", old.deck)),
                notation=str(given["notation"]),
                zone=str(given.get("zone", old.zone)),
                position=None if position is None else (float(position[0]), float(position[1])),
                face_down=bool(given.get("face_down", old.face_down)),
            )
        except (KeyError, TypeError, ValueError, IndexError):
            pass
    raise RefusedError('replace needs "card": a notation or the card\'s fields with its notation')
