"""The players' page (issue 15): one table's game, live on the phones at the table.

``/t/<table>?k=<token>`` shows the game the link was made for: the players, the
scores with this round's running tally, whose turn, the trick on the table or every
seat's rummy sets, the hex game's moves left, the rounds and their plots, and once
the game is over its result and downloads. The token changes with every game; a link
of an earlier game shows that game, read-only; a wrong one gets a friendly 403.

The page reads a :class:`LiveSource`: the daemon at home (:mod:`companion.daemon.phone`)
and the cafe's server (:mod:`companion.cafe.live`) both serve the same table view
(:mod:`companion.views.live`), so the page is one page. Updates come by server-sent
events, each bringing the live part as HTML in the page's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from companion.games.json_types import JSON
from companion.views.live import TableView
from companion.views.names import NAME_CHARS, named_twice, shown_plainly
from companion.web.i18n import LOCALES, draw, translations
from companion.web.negotiation import negotiate
from companion.web.phone_words import ANSWER_WORDS, N_, Words, words
from companion.web.plot import kept_svg
from companion.web.spreadsheet import csv_text
from companion.web.stream import event_stream

#: The plots' size in pixels: about a phone's width, so their words stay legible.
PLOT = (400, 300)
#: The name fields of the page before a game is chosen (the most players a game has).
SETUP_SEATS = 5


@dataclass(frozen=True)
class Live:
    """The game a link opens: its table view, and whether it is the game in play
    (``live``: names may still be given) or one that has ended (read-only)."""

    view: TableView
    live: bool
    lang: str | None = None  # the table's language, when it has one


class FragmentContext(TypedDict):
    """What the live part of the page (``_live.html``) is drawn from."""

    view: TableView
    w: Words
    live: bool
    table: str
    k: str
    base: str
    locale: str


class PageContext(FragmentContext, total=False):
    """What the whole page (``phone.html``) is drawn from."""

    seats: int
    name_chars: int
    version: int
    fragment: str
    said: str


class LiveSource(Protocol):
    """What the page needs: the game of a (table, token), its record, the names."""

    def lookup(self, table: str, token: str) -> Live | None:
        """The game ``token`` opens at ``table``; None: no such link (refused)."""
        ...

    def game_record(self, table: str, token: str) -> Mapping[str, JSON] | None:
        """The game record (what ``companion score`` reads)."""
        ...

    def offer_names(self, table: str, token: str, names: Sequence[str]) -> str:
        """Names typed on a phone for the game in play (or the one being set up), handed
        on: a ticket for :meth:`names_answer`; "" when the link is not the game's now."""
        ...

    async def names_answer(self, table: str, ticket: str) -> str:
        """The table's answer to the names of ``ticket`` (a key of
        :data:`~companion.web.phone_words.ANSWER_WORDS`): ``offered`` (the table shows
        them, SELECT takes them), or why not."""
        ...

    def version(self) -> int: ...

    async def wait(self, after: int, timeout: float) -> int: ...


def _source(request: Request) -> LiveSource:
    source: LiveSource | None = request.app.state.live  # both apps set it (None: none)
    if source is None:
        raise HTTPException(404, "no players' pages here")
    return source


def _locale(request: Request, table_lang: str | None) -> str:
    """The reader's locale: the language the page's switch chose, else the table's, else
    the browser's; the region the browser's (``fr_CA`` at a French table)."""
    cookie = request.cookies.get("lang")
    language = cookie if cookie in LOCALES else table_lang
    return negotiate(request.headers.get("accept-language"), language)


def _refused(request: Request, table: str) -> Response:
    html = draw(_locale(request, None), "phone_refused.html", table=table)
    return HTMLResponse(html, status_code=403)


def _open(request: Request) -> tuple[str, str, Live] | Response:
    """The table, token and game of a link, or the refusal (403) of a wrong or old one."""
    table = request.path_params["table"]
    token = request.query_params.get("k", "")
    found = _source(request).lookup(table, token) if token else None
    if found is None:
        return _refused(request, table)
    return table, token, found


def _context(request: Request, table: str, token: str, found: Live) -> PageContext:
    locale = _locale(request, found.lang)
    view = found.view
    return {
        "view": view,
        "w": words(translations(locale), view),
        "live": found.live,
        "table": table,
        "k": token,
        "base": f"/t/{table}",
        "locale": locale,
    }


def _fragment(request: Request, context: FragmentContext) -> str:
    return draw(context["locale"], "_live.html", **context)


async def page(request: Request) -> Response:
    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    table, token, found = opened
    if request.url.path.endswith(".json"):
        return JSONResponse({"live": found.live, "view": found.view.to_json()})
    context = _context(request, table, token, found)
    context["seats"] = seat_fields(found.view)
    context["name_chars"] = NAME_CHARS
    context["version"] = _source(request).version()
    context["fragment"] = _fragment(request, context)
    answer = request.query_params.get("said", "")  # after names sent without script
    context["said"] = said(request, found.lang, answer) if answer in ANSWER_WORDS else ""
    html = draw(context["locale"], "phone.html", **context)
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


async def events(request: Request) -> Response:
    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    table, token, _ = opened
    source = _source(request)
    shown = [""]  # the live part last sent: a version that changes nothing on it is quiet
    #: The game last looked up: another table's change (most of a cafe's) renders
    #: nothing (issue 22: each feed rendered its part at every change of the cafe).
    last: list[Live | None] = [None]

    def news(seen: int, version: int) -> tuple[list[str], bool]:
        found = source.lookup(table, token)
        if found is None:
            return ["event: gone\ndata: {}\n\n"], True
        if found == last[0]:
            return [], False
        last[0] = found
        html = _fragment(request, _context(request, table, token, found))
        if html == shown[0]:
            return [], False
        shown[0] = html
        seats = seat_fields(found.view)
        body = json.dumps({"version": version, "html": html, "live": found.live, "seats": seats})
        return [f"id: {version}\nevent: view\ndata: {body}\n\n"], False

    return event_stream(request, source, news)


def clean_names(raw: Sequence[str], seats: int, *, setup: bool = False) -> list[str] | None:
    """The names typed, one per seat, trimmed; None unless every seat has one. At
    set-up (``setup``, the page before a game) the names typed, in order, at least one.
    None too for a name the table would refuse: longer than
    :data:`~companion.views.names.NAME_CHARS`, or with a character no name has (the
    table's own rule, :func:`~companion.views.names.shown_plainly`).

    >>> clean_names([" Ana ", "Ben"], 2), clean_names(["Ana", ""], 2)
    (['Ana', 'Ben'], None)
    >>> clean_names(["Ana", "", "Cy"], 5, setup=True), clean_names(["", ""], 5, setup=True)
    (['Ana', 'Cy'], None)
    >>> clean_names(["A" * 21, "Ben"], 2), clean_names(["Ana\\x00", "Ben"], 2)
    (None, None)
    """
    names = [" ".join(n.split()) for n in raw]
    if any(len(name) > NAME_CHARS or not shown_plainly(name) for name in names):
        return None
    if setup:
        typed = [name for name in names if name]
        return typed or None
    if len(names) != seats or not all(names):
        return None
    return names


def seat_fields(view: TableView) -> int:
    """How many names the page asks: one per seat, or before a game is chosen
    :data:`SETUP_SEATS`."""
    return len(view.players) or (SETUP_SEATS if view.waiting else 0)


def said(request: Request, lang: str | None, answer: str) -> str:
    """The answer to names sent, in the players' words (the page's language)."""
    text = translations(_locale(request, lang)).gettext(ANSWER_WORDS[answer])
    return text.format(chars=NAME_CHARS) if answer == "invalid" else text


async def names(request: Request) -> Response:
    """Names typed on the page, sent to the table; the answer is the table's (issue
    22: a table refusing them for its game's state left the phone told ``ok``)."""
    form = await request.form()
    table = request.path_params["table"]
    token = str(form.get("k", ""))
    source = _source(request)
    found = source.lookup(table, token) if token else None
    if found is None:
        return _refused(request, table)
    seats = seat_fields(found.view)
    raw = [str(form.get(f"name{i}", "")) for i in range(seats)]
    typed = clean_names(raw, seats, setup=found.view.waiting)
    if not found.live:
        answer = "over"
    elif typed is None:
        answer = "invalid"
    elif named_twice(typed) is not None:  # the seats' names must tell them apart
        answer = "twice"
    else:
        ticket = source.offer_names(table, token, typed)
        answer = await source.names_answer(table, ticket) if ticket else "earlier"
    ok = answer == "offered"
    if request.headers.get("accept", "").startswith("application/json"):
        body = {"ok": ok, "answer": answer, "said": said(request, found.lang, answer)}
        return JSONResponse(body, status_code=200 if ok else 409)
    where = f"/t/{table}?k={quote(token)}&said={answer}"
    return Response(status_code=303, headers={"Location": where})


def _named(found: Live) -> list[str]:
    return [name or f"{i + 1}" for i, name in enumerate(found.view.players)]


def _rounds(view: TableView, kind: str = "rounds") -> list[list[int]]:
    """Per-round figures by seat (``rounds``: the points; ``spicy``, ``symbols``)."""
    outcome = view.outcome
    rounds = {"rounds": outcome.rounds, "spicy": outcome.spicy, "symbols": outcome.symbols}
    return [list(r) for r in rounds.get(kind) or ()]


async def record(request: Request) -> Response:
    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    table, token, found = opened
    data = _source(request).game_record(table, token)
    if data is None:
        raise HTTPException(404, "no record of this game")
    name = f"{table}-game-{found.view.id}.json"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return JSONResponse(dict(data), headers=headers)


CSV_HEADER = ["table", "game_id", "game", "round", "seat", "player", "points", "total"]


async def scores_csv(request: Request) -> Response:
    """The score table: one row per round and seat, with the running total."""
    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    table, _, found = opened
    view = found.view
    players = _named(found)
    rows: list[list[object]] = []
    running = [0] * len(players)
    for number, points in enumerate(_rounds(view), start=1):
        for seat, value in enumerate(points):
            running[seat] += value
            row = [table, view.id, view.game, number, seat, players[seat]]
            rows.append([*row, value, running[seat]])
    name = f"{table}-game-{view.id}.csv"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    text = csv_text(CSV_HEADER, rows)
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


async def plot(request: Request) -> Response:
    """The totals by round, Fibonachos' spicy taken or Trump's symbols per round."""
    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    _, _, found = opened
    kind = request.path_params["kind"]
    view = found.view
    locale = _locale(request, found.lang)
    w = words(translations(locale), view)
    if kind == "totals":
        title, label = w.say(N_("Totals by round")), ""
    elif kind in ("spicy", "symbols") and _rounds(view, kind):
        title = w.say(N_("Spicy taken per round") if kind == "spicy" else N_("Symbols per round"))
        label = w.say(N_("Round {number}"))
    else:
        raise HTTPException(404, f"no plot {kind}")
    rows = _rounds(view, "rounds" if kind == "totals" else kind)
    svg = kept_svg(kind, w.names, rows, title=title, label=label, size=PLOT, locale=locale)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def summary(request: Request) -> Response:
    """The summary picture to share, as a PNG (:mod:`companion.web.summary`)."""
    from companion.web.summary import kept_png

    opened = _open(request)
    if isinstance(opened, Response):
        return opened
    table, _, found = opened
    view = found.view
    locale = _locale(request, found.lang)
    w = words(translations(locale), view)
    given = view.outcome.totals
    totals = list(given) if given else [0] * len(w.names)
    rounds = _rounds(view)
    png = kept_png(
        w.names,
        totals,
        rounds,
        title=w.summary_title(),
        plot_title=w.say(N_("Totals by round")),
        locale=locale,
    )
    name = f"{table}-game-{view.id}.png"
    headers = {"Content-Disposition": f'inline; filename="{name}"', "Cache-Control": "no-store"}
    return Response(png, media_type="image/png", headers=headers)


async def _error(request: Request, exc: Exception) -> Response:
    """JSON to the page's script and for ``.json``, else a page in the reader's language
    (a phone at the table's bare address read ``{"error": "Not Found"}``, in English)."""
    status, detail = (exc.status_code, exc.detail) if isinstance(exc, HTTPException) else (500, "")
    wants = request.headers.get("accept", "")
    if request.url.path.endswith(".json") or wants.startswith("application/json"):
        return JSONResponse({"error": detail, "status": status}, status_code=status)
    html = draw(_locale(request, None), "phone_error.html", code=status)
    return HTMLResponse(html, status_code=status)


def phone_routes() -> list[Route]:
    return [
        Route("/t/{table}.json", page),
        Route("/t/{table}", page),
        Route("/t/{table}/events", events),
        Route("/t/{table}/names", names, methods=["POST"]),
        Route("/t/{table}/record.json", record),
        Route("/t/{table}/scores.csv", scores_csv),
        Route("/t/{table}/{kind}.svg", plot),
        Route("/t/{table}/summary.png", summary),
    ]


def create_phone_app(source: LiveSource) -> Any:
    """The players' pages alone: what ``companion run`` serves at home."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware

    from companion.web.bodies import BodyLimit

    app = Starlette(
        routes=phone_routes(),
        middleware=[Middleware(BodyLimit)],
        exception_handlers={HTTPException: _error},
    )
    app.state.live = source
    return app
