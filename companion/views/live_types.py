"""The table view as one typed shape (issue 15): what the players' phones show of a
table, built by :func:`companion.views.live.table_view` and
:func:`~companion.views.live.waiting_view`, sent in the table's ``state``, read back
whole at the cafe (:meth:`TableView.from_json`) and drawn by the page
(:mod:`companion.web.phone`), which reads its fields, never a JSON mapping.

Its JSON (:meth:`TableView.to_json`) is the view's version 1 (:data:`VERSION`), byte
for byte what the page's ``.json`` endpoint and older tables send: a game's section
is under its key (``trick``, ``rummy``, ``hex``: :mod:`companion.views.section_types`),
its outcome's fields beside the others. :meth:`TableView.from_json` is strict: a field
of the wrong type, a seat past the players or a tally of another count of seats is a
:class:`~companion.views.view_fields.ViewError` naming the field; fields it does not
know are left, and so are words of the table's it does not know (a newer table's),
which the page words plainly. A view of another version is a
:class:`~companion.views.view_fields.ViewVersionError`.

    >>> from companion.views.live import waiting_view
    >>> view = waiting_view("trump", ["Ana", ""])
    >>> TableView.from_json(view.to_json(), "live") == view
    True
    >>> TableView.from_json({**view.to_json(), "to_play": 2}, "live")
    Traceback (most recent call last):
    ...
    companion.views.view_fields.ViewError: live.to_play: seat 2 of 2 players
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.json_types import JSON, JSONObject
from companion.views.section_types import SECTIONS, HexView, RummyView, Section, TrickView
from companion.views.view_fields import Fields, ViewError, ViewVersionError

#: The view's version: a page reads the fields it knows and ignores the others.
VERSION = 1


@dataclass(frozen=True)
class Outcome:
    """The rounds done (points a seat), the totals (None: a game that counts no
    points), the winners' seats; a card game's ``complete``, Fibonachos' spicy taken
    and Trump's symbols a round."""

    rounds: tuple[tuple[int, ...], ...] = ()
    totals: tuple[int, ...] | None = None
    winners: tuple[int, ...] = ()
    complete: bool | None = None
    spicy: tuple[tuple[int, ...], ...] | None = None
    symbols: tuple[tuple[int, ...], ...] | None = None

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "rounds": [list(points) for points in self.rounds],
            "totals": None if self.totals is None else list(self.totals),
            "winners": list(self.winners),
        }
        if self.complete is not None:
            out["complete"] = self.complete
        for key, rows in (("spicy", self.spicy), ("symbols", self.symbols)):
            if rows is not None:
                out[key] = [list(row) for row in rows]
        return out

    @classmethod
    def from_json(cls, fields: Fields, seats: int) -> Outcome:
        rounds, totals = fields.tallies("rounds", seats), fields.maybe_tally("totals", seats)
        if rounds and totals is None:  # a game that counts no points has no rounds
            raise ViewError(f"{fields.at('rounds')}: rounds of points with no totals")
        return cls(
            rounds=rounds,
            totals=totals,
            winners=fields.seats("winners", seats),
            complete=fields.flag("complete") if fields.has("complete") else None,
            spicy=fields.tallies("spicy", seats) if fields.has("spicy") else None,
            symbols=fields.tallies("symbols", seats) if fields.has("symbols") else None,
        )


@dataclass(frozen=True)
class TableView:
    """A table's game as the phones show it (or, ``waiting``, the page before a game):
    ``players`` by seat ("" unnamed), ``to_play`` a seat, ``ended`` why the game ended
    (None in play), the game's ``section`` and its ``outcome``."""

    id: int | None
    game: str | None
    label: str
    players: tuple[str, ...]
    over: bool
    ended: str | None
    outcome: Outcome
    round: int | None
    to_play: int | None
    section: Section | None = None
    waiting: bool = False

    @property
    def trick(self) -> TrickView | None:
        return self.section if isinstance(self.section, TrickView) else None

    @property
    def rummy(self) -> RummyView | None:
        return self.section if isinstance(self.section, RummyView) else None

    @property
    def hex(self) -> HexView | None:
        return self.section if isinstance(self.section, HexView) else None

    def to_json(self) -> JSONObject:
        """The view's JSON, version :data:`VERSION` (key order included)."""
        out: JSONObject = {
            "v": VERSION,
            "id": self.id,
            "game": self.game,
            "label": self.label,
            "players": list(self.players),
        }
        if self.waiting:
            out["waiting"] = True
        out.update({"over": self.over, "ended": self.ended, **self.outcome.to_json()})
        if self.section is not None:
            out[self.section.KEY] = self.section.to_json()
        out.update({"round": self.round, "to_play": self.to_play})
        return out

    @classmethod
    def from_json(cls, raw: object, where: str) -> TableView:
        """The view of ``raw`` (``where`` names it in errors), or :class:`ViewError`
        naming the field that breaks its shape."""
        fields = Fields(raw, where)
        if fields.value("v") != VERSION:
            version = fields.raw.get("v")
            raise ViewVersionError(f"{fields.at('v')}: version {version!r}, not {VERSION}")
        names = fields.items("players")
        players = tuple(_name(name, f"{fields.at('players')}[{i}]") for i, name in enumerate(names))
        seats = len(players)
        found = [key for key in SECTIONS if fields.has(key)]
        if len(found) > 1:
            raise ViewError(f"{where}: sections {' and '.join(found)}, one a game")
        section = SECTIONS[found[0]].from_json(fields.object(found[0]), seats) if found else None
        return cls(
            id=fields.maybe_whole("id"),
            game=fields.maybe_text("game"),
            label=fields.text("label"),
            players=players,
            over=fields.flag("over"),
            ended=fields.maybe_text("ended"),
            outcome=Outcome.from_json(fields, seats),
            round=fields.maybe_whole("round"),
            to_play=fields.seat("to_play", seats),
            section=section,
            waiting=fields.flag("waiting") if fields.has("waiting") else False,
        )


def _name(value: JSON, at: str) -> str:
    if not isinstance(value, str):
        raise ViewError(f"{at}: not a name")
    return value
