"""The dashboard's ASGI app (Starlette): routes, the signed session cookie, the
project's own CSS and script. ``companion cafe`` serves it with uvicorn.

    app = create_app(source, password_hash=lambda: read_hash(), secret=key)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.web import pages, quarantine, staff
from companion.web.auth import SESSION_SECONDS
from companion.web.bodies import BodyLimit
from companion.web.model import CafeSource
from companion.web.phone import LiveSource, phone_routes
from companion.web.site import Site, render
from companion.web.stream import events

STATIC = Path(__file__).resolve().parent / "static"
GAME = "/games/{table}/{id:int}"


def routes() -> list[Route | Mount]:
    both = [
        ("/", pages.dashboard),
        ("/leaderboard", pages.leaderboard),
        ("/games", pages.history),
        ("/players/{name}", pages.player),
        ("/tables/{table}", pages.table),
        (GAME, pages.game),
    ]
    out: list[Route | Mount] = [Route("/.json", pages.dashboard)]
    for path, page in both[1:]:
        out.append(Route(f"{path}.json", page))
    out += [
        Route("/games.csv", pages.scores_csv),
        Route("/games.records.json", pages.records),
        Route(f"{GAME}.record.json", pages.record),
        Route(f"{GAME}/totals.svg", pages.plot),
    ]
    out += [Route(path, page) for path, page in both]
    out += [
        Route("/events", events),
        Route("/login", staff.login, methods=["GET", "POST"]),
        Route("/logout", staff.logout, methods=["POST"]),
        Route("/tables/{table}/{action}", staff.action, methods=["POST"]),
        Route("/lang/{code}", staff.language),
        Route("/quarantine.json", quarantine.quarantine),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        *phone_routes(),
    ]
    return out


async def _error(request: Request, exc: Exception) -> Response:
    status, detail = (exc.status_code, exc.detail) if isinstance(exc, HTTPException) else (500, "")
    if request.url.path.endswith(".json"):
        from starlette.responses import JSONResponse

        return JSONResponse({"error": detail, "status": status}, status_code=status)
    return render(request, "error.html", status=status, code=status, detail=detail)


def create_app(
    source: CafeSource,
    *,
    password_hash: Callable[[], str | None],
    secret: str,
    clock: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = time.monotonic,
    https_only: bool = False,
    live: LiveSource | None = None,
) -> Starlette:
    """The dashboard over ``source``; ``secret`` signs the session cookie, sent back
    over HTTPS only with ``https_only`` (``[web] secure_cookie``, behind a TLS front);
    ``live`` answers the players' pages (``/t/<table>?k=<token>``, issue 15)."""
    app = Starlette(
        routes=routes(),
        middleware=[
            Middleware(BodyLimit),
            Middleware(
                SessionMiddleware,
                secret_key=secret,
                session_cookie="cafe_session",
                same_site="strict",
                https_only=https_only,
                max_age=int(SESSION_SECONDS),
            ),
        ],
        exception_handlers={HTTPException: _error},
    )
    app.state.site = Site(source, password_hash, clock, monotonic)
    app.state.live = live
    return app
