"""The pages anyone in the cafe may read: the tables, the leaderboards, a player's
games, the history (with its CSV and game records), a game and its plot. Each HTML
page has its JSON at the same path with ``.json``."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar

from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from companion.games.json_types import JSONObject
from companion.web.hex_svg import board_svg
from companion.web.model import GameDetail, GameLine, HistoryFilter
from companion.web.negotiation import first_weekday
from companion.web.params import game_id, page_number, text
from companion.web.plot import kept_svg
from companion.web.site import answer, gettext, is_staff, locale_of, site_of
from companion.web.spreadsheet import csv_text

#: The messages set aside a staff member sees on the dashboard (all: /quarantine.json).
SET_ASIDE_SHOWN = 20

T = TypeVar("T")

PERIODS = ("week", "month", "all")
PAGE = 50


def table_order(name: str) -> list[int | str]:
    """Tables in the order people count them: t2 before t10 (cafe.js inserts a new
    card the same way).

    >>> sorted(["t10", "t2", "window", "t1"], key=table_order)
    ['t1', 't2', 't10', 'window']
    """
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _json(request: Request) -> bool:
    return request.url.path.endswith(".json")


async def dashboard(request: Request) -> Response:
    source = site_of(request).source
    version = source.version()
    cards = sorted(source.tables(), key=lambda card: table_order(card.name))
    data: JSONObject = {
        "cafe": source.cafe,
        "version": version,
        "tables": [c.to_json() for c in cards],
    }
    # Issue 22: false while the server's network thread or its database fails.
    data["receiving"] = source.receiving()
    # A table's share of storage (docs/security.md): the disk nearly full.
    low = source.disk_low()
    data["disk"] = None if low is None else {"free": low[0], "keep_free": low[1]}
    # Issue 22: what the server set aside, on the staff's page (never in the public JSON).
    set_aside = source.quarantined(SET_ASIDE_SHOWN) if is_staff(request) else []
    return answer(
        request, "dashboard.html", data, json=_json(request), cards=cards, set_aside=set_aside
    )


def period_start(
    period: str, now: float, local: Any = time.localtime, first_day: int = 0
) -> float | None:
    """The start of this week or month, local time; None for all time. A week starts on
    ``first_day`` (0 Monday ... 6 Sunday: the reader's region's, :func:`first_weekday`)."""
    if period == "all":
        return None
    day = local(now)
    if period == "month":
        return time.mktime((day.tm_year, day.tm_mon, 1, 0, 0, 0, 0, 0, -1))
    midnight = time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0, 0, 0, -1))
    back = (datetime.fromtimestamp(midnight).weekday() - first_day) % 7
    return time.mktime((day.tm_year, day.tm_mon, day.tm_mday - back, 0, 0, 0, 0, 0, -1))


async def leaderboard(request: Request) -> Response:
    site = site_of(request)
    games = list(site.source.games())
    names = [name for name, _ in games]
    game = text(request.query_params.get("game"), "game") or (names[0] if names else "")
    period = request.query_params.get("period", "week")
    if period not in PERIODS or (game and game not in names):
        raise HTTPException(404, "no such leaderboard")
    since = period_start(period, site.clock(), site.local, first_weekday(locale_of(request)))
    standings = site.source.leaderboard(game, since) if game else []
    data: JSONObject = {
        "game": game,
        "period": period,
        "since": since,
        "standings": [s.to_json() for s in standings],
    }
    return answer(
        request,
        "leaderboard.html",
        data,
        json=_json(request),
        games=games,
        periods=PERIODS,
        rows=standings,
    )


def _day(text: str | None, field: str, *, end: bool = False) -> float | None:
    """The midnight that starts the day ``text`` (YYYY-MM-DD, as a date input sends it),
    or with ``end`` the one that ends it: the next day's, a day of 23 or 25 hours when
    the clocks change included."""
    if not text:
        return None
    try:
        day = datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        raise HTTPException(400, f"{field}: {text!r} is not a date (YYYY-MM-DD)") from None
    if not end:
        return day.timestamp()
    try:
        return (day + timedelta(days=1)).timestamp()
    except OverflowError:  # 9999-12-31: no next day to start
        return day.timestamp() + 86400


#: The history's filters, as its form sends them (``page`` is the answer's own).
FILTERS = ("table", "game", "player", "since", "until", "state")


def history_filter(
    request: Request, *, player: str | None = None, limit: int = PAGE
) -> HistoryFilter:
    q = request.query_params
    state = q.get("state") or None
    if state not in (None, "ended", "playing"):
        raise HTTPException(400, f"state: {state!r} is neither ended nor playing")
    page = page_number(q.get("page", "1"))
    return HistoryFilter(
        table=text(q.get("table"), "table") or None,
        game=text(q.get("game"), "game") or None,
        player=text(player or q.get("player"), "player") or None,
        since=_day(q.get("since"), "since"),
        until=_day(q.get("until"), "until", end=True),
        ended=None if state is None else state == "ended",
        limit=limit,
        offset=(page - 1) * limit,
    )


async def history(request: Request) -> Response:
    query = history_filter(request)
    source = site_of(request).source
    lines = source.history(query)
    data: JSONObject = {
        # The filters it was asked for (unknown keys dropped, as the other pages do).
        "filters": {k: v for k in FILTERS if (v := request.query_params.get(k))},
        "page": query.offset // PAGE + 1,
        "games": [line.to_json() for line in lines],
    }
    return answer(
        request,
        "history.html",
        data,
        json=_json(request),
        lines=lines,
        known=source.games(),
        query=request.query_params,
        more=len(lines) == PAGE,
    )


async def player(request: Request) -> Response:
    name = request.path_params["name"]
    lines = site_of(request).source.history(history_filter(request, player=name))
    data = {"player": name, "games": [line.to_json() for line in lines]}
    return answer(request, "player.html", data, json=_json(request), lines=lines)


def _game_key(request: Request) -> tuple[str, int]:
    """The table and game id of a game's address (checked: issue 22)."""
    return text(request.path_params["table"], "table"), game_id(request.path_params["id"])


def _detail(request: Request) -> GameDetail:
    table, gid = _game_key(request)
    detail = site_of(request).source.game(table, gid)
    if detail is None:
        raise HTTPException(404, f"no game {gid} of table {table}")
    return detail


async def game(request: Request) -> Response:
    detail = _detail(request)
    board = None
    if detail.board is not None:  # a hex game whose board the table saw: as it ended
        label = gettext(request, "The board as the game left it")
        board = Markup(board_svg(detail.board, detail.moved, label=label))
    data = detail.to_json()
    return answer(request, "game.html", data, json=_json(request), detail=detail, board=board)


async def plot(request: Request) -> Response:
    detail = _detail(request)
    title = gettext(request, "Totals by round")
    locale = locale_of(request)
    svg = kept_svg("totals", detail.line.players, detail.rounds, title=title, locale=locale)
    return Response(svg, media_type="image/svg+xml")


async def record(request: Request) -> Response:
    table, gid = _game_key(request)
    found = site_of(request).source.record(table, gid)
    if found is None:
        raise HTTPException(404, f"no game {gid} of table {table}")
    name = f"{table}-game-{gid}.json"
    return JSONResponse(dict(found), headers={"Content-Disposition": f'inline; filename="{name}"'})


async def _exported(request: Request, work: Callable[[GameLine], T]) -> list[T]:
    """``work`` done for each of the history's filtered games (up to 10,000), the other
    pages and live feeds served between two games, one export at a time (a second
    waits its turn). Each game's record is worked out again from its events by the
    rules (tens of ms on a loaded machine): done in one go, an export of a cafe's
    thousands of games held every page, phone and live feed for minutes."""
    site = site_of(request)
    async with site.exports:
        done = []
        for line in site.source.history(history_filter(request, limit=10_000)):
            done.append(work(line))
            await asyncio.sleep(0)  # not a wait: the event loop's turn for the others
        return done


async def records(request: Request) -> Response:
    """The game records of the history's filtered games (a list, as ``companion export``)."""
    source = site_of(request).source
    out = await _exported(request, lambda line: source.record(line.table, line.id))
    return JSONResponse([dict(r) for r in out if r is not None])


CSV_HEADER = ["table", "game_id", "started", "game", "round", "seat", "player", "points", "total"]


async def scores_csv(request: Request) -> Response:
    """The score table of the filtered games: one row per game, round and seat, as
    ``companion export --format csv`` with the table's name first."""
    source = site_of(request).source

    def game_rows(line: GameLine) -> list[list[object]]:
        detail = source.game(line.table, line.id)
        rows: list[list[object]] = []
        running = [0] * len(line.players)
        for number, points in enumerate(detail.rounds if detail else (), start=1):
            for seat, value in enumerate(points):
                running[seat] += value
                game = [line.table, line.id, line.started, line.game, number, seat]
                rows.append([*game, line.players[seat], value, running[seat]])
        return rows

    rows = [row for game in await _exported(request, game_rows) for row in game]
    headers = {"Content-Disposition": 'attachment; filename="scores.csv"'}
    text = csv_text(CSV_HEADER, rows)
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


async def table(request: Request) -> Response:
    source = site_of(request).source
    name = text(request.path_params["table"], "table")
    cards = [c for c in source.tables() if c.name == name]
    if not cards:
        raise HTTPException(404, f"no table {name}")
    lines = source.history(HistoryFilter(table=name, limit=10))
    data: JSONObject = {"table": cards[0].to_json(), "games": [x.to_json() for x in lines]}
    log = source.log_lines(name) if is_staff(request) else []  # staff only, as the actions
    if is_staff(request):
        data["log"] = [line.to_json() for line in log]
    return answer(
        request, "table.html", data, json=_json(request), card=cards[0], lines=lines, log=log
    )
