"""What every page shares: the source, the staff password's hash, the clock, the staff
sessions and the login throttle, and how a page answers in HTML (a template in the
request's language) or JSON."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from companion.games.json_types import JSON
from companion.web.auth import StaffSessions, csrf_token
from companion.web.i18n import draw, translations
from companion.web.model import CafeSource, TableCard
from companion.web.negotiation import negotiate
from companion.web.throttle import CheckTurns, LoginThrottle


@dataclass
class Site:
    source: CafeSource
    password_hash: Callable[[], str | None]
    clock: Callable[[], float] = time.time
    #: The clock of the staff sessions' and the lockouts' durations: monotonic, so
    #: that setting the server's clock (NTP) neither ends a session nor lengthens a
    #: lockout by the hours it moved.
    monotonic: Callable[[], float] = time.monotonic
    #: The dashboard's idea of "now" for the leaderboard's periods (local time).
    local: Callable[[float], time.struct_time] = field(default=time.localtime)
    sessions: StaffSessions = field(init=False)
    throttle: LoginThrottle = field(init=False)
    #: Password checks in turn: one per address, a few at once (:mod:`.throttle`).
    checks: CheckTurns = field(default_factory=CheckTurns)
    #: The history's exports (CSV, records) one at a time (:mod:`.pages`).
    exports: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The live feed's text of each card, by language and card (:mod:`.stream`).
    card_texts: dict[tuple[str, TableCard], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sessions = StaffSessions(self.monotonic)
        self.throttle = LoginThrottle(self.monotonic)


def site_of(request: Request) -> Site:
    site: Site = request.app.state.site
    return site


def locale_of(request: Request) -> str:
    """The reader's locale (``en_GB``): the browser's, its language the switch's if set."""
    return negotiate(request.headers.get("accept-language"), request.cookies.get("lang"))


def gettext(request: Request, message: str) -> str:
    return translations(locale_of(request)).gettext(message)


def is_staff(request: Request) -> bool:
    """Whether the request comes from a staff session still open on this server."""
    return site_of(request).sessions.alive(request.session.get("staff"))


def render(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    shared = {
        "request": request,
        "cafe": site_of(request).source.cafe,
        "staff": is_staff(request),
        "csrf": csrf_token(request.session),
        "path": request.url.path,
        "now": site_of(request).clock(),
        "flash": request.session.pop("flash", None),
    }
    html = draw(locale_of(request), template, **{**shared, **context})
    return HTMLResponse(html, status_code=status)


def fragment(request: Request, template: str, **context: Any) -> str:
    """A part of a page (a table's card) in the request's language, for the live feed."""
    return draw(locale_of(request), template, **{"now": site_of(request).clock(), **context})


def answer(
    request: Request, template: str, data: Mapping[str, JSON], *, json: bool, **context: Any
) -> Response:
    """The page, or with ``json`` its data (Datasette's JSON beside every page)."""
    if json:
        return JSONResponse(dict(data))
    path = request.url.path
    json_url = ("/.json" if path == "/" else f"{path}.json") + (
        f"?{request.url.query}" if request.url.query else ""
    )
    return render(request, template, **{**data, **context, "json_url": json_url})
