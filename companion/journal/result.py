"""A game's result as the journal closes it: why it ended, its record, its scores.

The session hands :meth:`Journal.end_game <companion.journal.store.Journal.end_game>`
a :class:`GameResult`; the journal writes :meth:`GameResult.to_json`, the object its
``result`` column always held (the history, ``companion export``, the board and the
cafe read it as JSON):

    {"reason": "over", "record": {...}, "score": {...}, "winners": [0]}

and ``{"reason": "unreadable"}`` for a game closed because it could not be rebuilt.
:meth:`GameResult.from_json` reads either back, and :meth:`GameResult.from_text` the
column's text (the journal's rows, the cafe's stored games).

    >>> GameResult("unreadable").to_json()
    {'reason': 'unreadable'}
    >>> GameResult.from_json({"reason": "unreadable"})
    GameResult(reason='unreadable', record=None, score=None, winners=())
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.errors import RecordError
from companion.games.json_types import JSON, JSONObject, as_object, ints, text_field
from companion.games.report import GameReport, report_from_json


@dataclass(frozen=True)
class GameResult:
    """Why a game ended (``over``, ``abandoned``, ``replaced``, ``staff``, ``unreadable``...),
    its game record and its scores (None for a game closed unread), and the seats that
    won it (:func:`~companion.games.report.ended_winners` for a game the table ended)."""

    reason: str
    record: JSONObject | None = None
    score: GameReport | None = None
    winners: tuple[int, ...] = ()

    def to_json(self) -> JSONObject:
        """The object of the journal's ``result`` column."""
        out: JSONObject = {"reason": self.reason}
        if self.record is not None:
            out["record"] = self.record
        if self.score is not None:
            out["score"] = self.score.to_json()
        if self.score is not None or self.winners:
            out["winners"] = list(self.winners)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> GameResult:
        """A result :meth:`to_json` wrote; :class:`RecordError` names the key that is not."""
        try:
            record, score = data.get("record"), data.get("score")
            return cls(
                text_field(data, "reason"),
                None if record is None else dict(as_object(record, '"record"')),
                None if score is None else report_from_json(as_object(score, '"score"')),
                ints(data.get("winners", []), '"winners"'),
            )
        except (KeyError, TypeError) as exc:
            why = f"{type(exc).__name__}: {exc}"
            raise RecordError(f"not a game's result ({why})", "record") from None

    @classmethod
    def from_text(cls, text: str) -> GameResult:
        """The ``result`` column's text read back; :class:`RecordError` says why it is not
        a result (not JSON, not an object, or a key :meth:`from_json` refuses).

        >>> GameResult.from_text('{"reason": "staff"}').reason
        'staff'
        """
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise RecordError(f"not a game's result (not JSON: {exc})", "record") from None
        if not isinstance(data, dict):
            raise RecordError("not a game's result (not a JSON object)", "record")
        return cls.from_json(data)
