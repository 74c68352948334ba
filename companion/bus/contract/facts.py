"""The ``game`` of a table's ``state``: where the game in play stands, one typed shape
from the table's flow to the cafe's dashboard and phones (the table builds it,
:func:`companion.bus.messages.game_state`; the server renumbers it and keeps it with
the state, :mod:`companion.cafe.ingest`; the dashboard's card and the phone pages read
its fields, never a JSON mapping).

    >>> facts = GameFacts(3, "trump", "Fibonacci's Trump", ("Ana", "Ben"), 1, 0,
    ...                   totals=(5, 9), winners=())
    >>> GameFacts.parse(facts.fields(), "state") == facts
    True
    >>> GameFacts.parse({**facts.fields(), "winners": [2]}, "state")
    Traceback (most recent call last):
    ...
    companion.bus.errors.MessageError: state: game.winners: seat 2 of 2 players
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.bus.contract.fields import field, number, players
from companion.bus.contract.topics import JOURNAL
from companion.bus.errors import MessageError
from companion.bus.limits import LABEL_CHARS, MAX_NAMES, check_line
from companion.games.json_types import JSON, JSONObject
from companion.views.live_types import TableView
from companion.views.view_fields import ViewError, ViewVersionError

#: A players' link as it travels: the SHA-256 of its token, hex (issue 15).
DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class GameFacts:
    """Where a game in play stands (contract v1, the ``state``'s ``game``).

    ``id`` is the game's number in the table's journal on the bus, the server's own
    number once kept (issue 26: ``journal_id`` then keeps the table's); ``to_play`` and
    ``winners`` are seats; ``totals`` is None for a game that counts no points (hex);
    ``running`` the totals counting the round under way, when it has points (issue 26).
    ``journal``, ``link`` (a :data:`DIGEST`) and ``live`` (the players' page's view,
    :class:`~companion.views.live_types.TableView`, read whole: :func:`read_view`)
    are optional: a table without a journal identity or a players' page sends none.
    ``turn``, ``moves_left`` and ``moves_allowed`` are the hex game's (H2, H5), also
    optional: its turn in play, and, while the turn has an allowance (not while a move
    card is due, nor once the game is over), the moves it has left of those allowed,
    so the dashboard shows them without the players' page.
    """

    id: int | None
    game: str
    label: str
    players: tuple[str, ...]
    round: int | None
    to_play: int | None
    totals: tuple[int, ...] | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    running: tuple[int, ...] | None = None
    journal: str | None = None
    link: str | None = None
    live: TableView | None = None
    journal_id: int | None = None
    turn: int | None = None
    moves_left: int | None = None
    moves_allowed: int | None = None

    def fields(self) -> JSONObject:
        """The contract's ``game`` object (the optional fields only when set)."""
        out: JSONObject = {
            "id": self.id,
            "game": self.game,
            "label": self.label,
            "players": list(self.players),
            "round": self.round,
            "to_play": self.to_play,
            "totals": None if self.totals is None else list(self.totals),
            "over": self.over,
            "winners": list(self.winners),
        }
        optional: tuple[tuple[str, JSON], ...] = (
            ("running", None if self.running is None else list(self.running)),
            ("journal", self.journal),
            ("link", self.link),
            ("live", None if self.live is None else self.live.to_json()),
            ("journal_id", self.journal_id),
            ("turn", self.turn),
            ("moves_left", self.moves_left),
            ("moves_allowed", self.moves_allowed),
        )
        out.update((key, value) for key, value in optional if value is not None)
        return out

    @classmethod
    def parse(cls, raw: object, what: str) -> GameFacts:
        """The game of a state (``what`` names the message), or MessageError naming the
        field: every field of one type, the seats within the players, the names and the
        label as both sides take them (issue 22); fields it does not know are left."""
        if not isinstance(raw, dict):
            raise MessageError(f"{what}: 'game' is not an object")
        at = f"{what}: game"
        names = players(raw.get("players"), f"{at}.players")
        if len(names) > MAX_NAMES:
            raise MessageError(f"{at}.players: {len(names)} players, more than {MAX_NAMES}")
        game = raw.get("game")
        if not isinstance(game, str) or not game:
            raise MessageError(f"{at}: the game has no name")
        check_line(game, f"{at}.game", LABEL_CHARS)  # a MessageError
        label = raw.get("label")
        if label is None or label == "":  # "": no game chosen yet
            label = ""
        else:
            label = check_line(label, f"{at}.label", LABEL_CHARS)
        over = raw.get("over", False)
        if not isinstance(over, bool):
            raise MessageError(f"{at}.over: {over!r} is neither true nor false")
        seats = len(names)
        left, allowed = _moves(raw.get("moves_left"), raw.get("moves_allowed"), at)
        return cls(
            id=_whole(raw.get("id"), f"{at}.id"),
            game=game,
            label=label,
            players=names,
            round=_whole(raw.get("round"), f"{at}.round"),
            to_play=_seat(raw.get("to_play"), seats, f"{at}.to_play"),
            totals=_points(raw.get("totals"), seats, f"{at}.totals"),
            over=over,
            winners=tuple(
                _winner(w, seats, f"{at}.winners") for w in _list(raw.get("winners", []), at)
            ),
            running=_points(raw.get("running"), seats, f"{at}.running"),
            journal=_journal(raw.get("journal"), f"{at}.journal"),
            link=_digest(raw.get("link"), f"{at}.link"),
            live=None if raw.get("live") is None else read_view(raw["live"], f"{at}.live"),
            journal_id=_whole(raw.get("journal_id"), f"{at}.journal_id"),
            turn=_whole(raw.get("turn"), f"{at}.turn"),
            moves_left=left,
            moves_allowed=allowed,
        )


@dataclass(frozen=True)
class PageLink:
    """The players' page before a game (issue 15: the ``state``'s ``setup``): its
    waiting view, and the set-up link's :data:`DIGEST`."""

    live: TableView
    link: str

    def fields(self) -> JSONObject:
        return {"live": self.live.to_json(), "link": self.link}

    @classmethod
    def parse(cls, raw: object, what: str) -> PageLink | None:
        """The setup of a state, or None when it has none a page could open; its view
        read whole (:func:`read_view`): a page before a game."""
        live, link = field(raw, "live"), field(raw, "link")
        if not isinstance(live, dict) or not isinstance(link, str) or not DIGEST.fullmatch(link):
            return None
        view = read_view(live, f"{what}: setup.live", waiting=True)
        return None if view is None else cls(view, link)


@dataclass(frozen=True)
class Answer:
    """The table's last answer to a phone's names (issue 22): the command's ``nonce``
    and what it ``said`` (``offered``, ``replaced``...)."""

    nonce: str
    said: str

    def fields(self) -> JSONObject:
        return {"nonce": self.nonce, "said": self.said}

    @classmethod
    def parse(cls, raw: object) -> Answer | None:
        nonce, said = field(raw, "nonce"), field(raw, "said")
        if not isinstance(nonce, str) or not isinstance(said, str):
            return None
        return cls(nonce, said)


def _whole(value: object, what: str) -> int | None:
    return None if value is None else number(value, what)


def _seat(value: object, seats: int, what: str) -> int | None:
    seat = _whole(value, what)
    if seat is not None and seat >= seats:
        raise MessageError(f"{what}: seat {seat} of {seats} players")
    return seat


def _winner(value: object, seats: int, what: str) -> int:
    seat = _seat(value, seats, what)
    if seat is None:
        raise MessageError(f"{what}: a winner with no seat")
    return seat


def _moves(left: object, allowed: object, at: str) -> tuple[int | None, int | None]:
    """A hex turn's moves left and allowed: both or neither, no more left than allowed."""
    moves = _whole(left, f"{at}.moves_left"), _whole(allowed, f"{at}.moves_allowed")
    if (moves[0] is None) != (moves[1] is None):
        raise MessageError(f"{at}: moves_left and moves_allowed come together")
    if moves[0] is not None and moves[1] is not None and moves[0] > moves[1]:
        raise MessageError(f"{at}.moves_left: {moves[0]} left, more than the {moves[1]} allowed")
    return moves


def _list(value: object, what: str) -> list[JSON]:
    if not isinstance(value, list):
        raise MessageError(f"{what}: {str(value)[:20]!r} is not a list")
    return value


def _points(value: object, seats: int, what: str) -> tuple[int, ...] | None:
    """A number per seat (points may be below 0), or None."""
    if value is None:
        return None
    points = _list(value, what)
    if len(points) != seats or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise MessageError(f"{what}: not {seats} whole numbers, one a seat")
    return tuple(p for p in points if isinstance(p, int))


def _journal(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not (value == "" or JOURNAL.fullmatch(value)):
        raise MessageError(f"{what}: {str(value)[:20]!r} is not an identity of hex digits")
    return value


def _digest(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not DIGEST.fullmatch(value):
        raise MessageError(f"{what}: not a link's SHA-256 in hex")
    return value


def read_view(value: JSON, what: str, *, waiting: bool = False) -> TableView | None:
    """The players' page's view (a game's, or ``waiting`` the page before a game), read
    whole (:meth:`TableView.from_json`: every field of its type, the seats within the
    players), its names and label as both sides take them (issue 22: a view's names of
    10,000 characters, or with a bidi override, were shown as sent); MessageError
    naming the field. None for a view of another version (a newer table's): the state
    is kept without it, and the phones are shown no page rather than a wrong one."""
    try:
        view = TableView.from_json(value, what)
    except ViewVersionError:
        return None
    except ViewError as exc:
        raise MessageError(str(exc)) from None
    if view.waiting is not waiting:
        said = "the page before a game" if waiting else "a game's page"
        raise MessageError(f"{what}.waiting: {view.waiting}, not {said}")
    check_view(view, what)
    return view


def check_view(view: TableView, what: str) -> None:
    """The texts of a view the phones show: its players' names as both sides take
    them ("" for a seat not named yet: the page before a game), its label a line."""
    players([name for name in view.players if name != ""], f"{what}: players")
    if len(view.players) > MAX_NAMES:
        raise MessageError(f"{what}: {len(view.players)} players, more than {MAX_NAMES}")
    if view.label:  # "": no game chosen yet
        check_line(view.label, f"{what}: label", LABEL_CHARS)  # a MessageError


__all__ = ["DIGEST", "Answer", "GameFacts", "PageLink", "check_view", "read_view"]
