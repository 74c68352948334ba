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
from companion.games.report import CardGameReport, RoundScore, leaders
from companion.table.cards import TableCard
from companion.views import ScoresView


def refused(card: TableCard, reason: str, rule: str | None) -> Notice:
    """A REFUSED notice naming the card, the reason and the rule."""
    return Notice(NoticeKind.REFUSED, f"{card.notation} refused: {reason}", rule)


def refused_command(command: FlowCommand, exc: RefusedError) -> Notice:
    return Notice(NoticeKind.REFUSED, f"{command.name}: {exc.reason}", exc.rule)


def info(message: str) -> Notice:
    return Notice(NoticeKind.INFO, message)


def scores_view(
    title: str,
    players: Sequence[str],
    points: Sequence[int],
    totals: Sequence[int] | None,
    footer: str = "",
) -> ScoresView:
    """A table of points; the leaders are the seats with the highest total (or points)."""
    ranked = totals if totals is not None else points
    return ScoresView(
        title=title,
        players=tuple(players),
        points=tuple(points),
        totals=None if totals is None else tuple(totals),
        leaders=tuple(leaders(list(ranked))),
        footer=footer,
    )


def report_notices(
    report: CardGameReport[RoundScore], rounds_before: int, players: Sequence[str], *, over: bool
) -> list[Notice]:
    """ROUND_OVER for each round the report gained, GAME_OVER once ``over``."""
    notices = []
    running = [0] * len(players)
    for number, played in enumerate(report.rounds, start=1):
        running = [a + b for a, b in zip(running, played.points, strict=True)]
        if number > rounds_before:
            view = scores_view(f"Round {number}", players, played.points, running)
            notices.append(Notice(NoticeKind.ROUND_OVER, f"round {number} over", None, view=view))
    if over:
        winners = " and ".join(players[seat] for seat in report.winners)
        view = scores_view("Final scores", players, report.totals, None, footer=f"{winners} won")
        message = f"game over: {winners} won" if winners else "game over"
        notices.append(Notice(NoticeKind.GAME_OVER, message, None, view=view))
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
