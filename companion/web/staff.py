"""What staff do behind the login: log in and out, reset a table, send it a message.
Every POST carries the session's CSRF token or is refused (403); the language switch
is a plain link.

The password's hash is checked on a worker thread (scrypt takes tens of milliseconds:
on the event loop it would hold up every page and live feed); wrong passwords from an
address lock it out for a while (:mod:`companion.web.throttle`, answered 429), and an
address's guesses are checked one after the other, a few addresses' at once; a
logout ends the staff session on the server (:class:`~companion.web.auth.StaffSessions`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from companion.games.json_types import JSONObject
from companion.web.auth import check_password, csrf_ok
from companion.web.i18n import LOCALES
from companion.web.site import gettext, is_staff, render, site_of

log = logging.getLogger(__name__)


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    values = {k: v for k, v in form.items() if isinstance(v, str)}
    if not csrf_ok(request.session, values.get("csrf")):
        raise HTTPException(403, "the form's CSRF token is missing or wrong: reload the page")
    return values


def _back(target: str | None) -> str:
    """Only a path of this site: never an address elsewhere."""
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return "/"


async def login(request: Request) -> Response:
    if request.method == "GET":
        return render(request, "login.html", next=_back(request.query_params.get("next")))
    form = await _form(request)
    site = site_of(request)
    back = _back(form.get("next"))
    address = request.client.host if request.client else "unknown"
    async with site.checks.turn(address):  # an address's guesses one after the other
        if site.throttle.wait(address) > 0:
            return _locked_out(request, site.throttle.wait(address), back)
        stored = site.password_hash()
        if stored is None:
            error = gettext(request, "No staff password is set: run companion cafe set-password.")
            return render(request, "login.html", status=403, error=error, next=back)
        if not await run_in_threadpool(check_password, form.get("password", ""), stored):
            if site.throttle.failed(address):
                return _locked_out(request, site.throttle.wait(address), back)
            error = gettext(request, "Wrong password.")
            return render(request, "login.html", status=403, error=error, next=back)
        site.throttle.succeeded(address)
    request.session.clear()  # a new session for the staff member (and a new CSRF token)
    request.session["staff"] = site.sessions.open()
    log.info("dashboard: staff logged in from %s", address)
    return RedirectResponse(back, status_code=303)


def _locked_out(request: Request, seconds: float, back: str) -> Response:
    """429: this address tried too many wrong passwords; the password is not checked."""
    minutes = max(1, math.ceil(seconds / 60))
    error = gettext(request, "Too many wrong passwords: try again in {minutes} min.")
    response = render(
        request, "login.html", status=429, error=error.format(minutes=minutes), next=back
    )
    response.headers["Retry-After"] = str(math.ceil(seconds))
    return response


async def logout(request: Request) -> Response:
    await _form(request)
    site_of(request).sessions.close(request.session.get("staff"))
    request.session.clear()
    return RedirectResponse("/", status_code=303)


async def action(request: Request) -> Response:
    form = await _form(request)
    if not is_staff(request):
        raise HTTPException(403, "staff only: log in first")
    table, what = request.path_params["table"], request.path_params["action"]
    source = site_of(request).source
    if what == "let-in":  # shut out at the broker: it flooded
        done = gettext(request, "The table may connect again.")
        return _mended(request, table, source.let_in, done)
    if what == "store-again":  # it used up its share of storage (docs/security.md)
        done = gettext(request, "Its games are being stored again.")
        return _mended(request, table, source.store_again, done)
    args: JSONObject = {}
    if what == "message":
        text = " ".join(form.get("text", "").split())
        if not text:
            raise HTTPException(400, "a message cannot be empty")
        args = {"text": text[:200]}
    elif what != "reset":
        raise HTTPException(404, f"no staff action {what}")
    try:
        source.send(table, what, args)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None
    done = gettext(request, "Sent to the table.")
    request.session["flash"] = done
    return RedirectResponse(f"/tables/{table}", status_code=303)


def _mended(request: Request, table: str, mend: Callable[[str], None], done: str) -> Response:
    """A table let in again at the broker, or given a day's share of storage again."""
    try:
        mend(table)
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None
    request.session["flash"] = done
    return RedirectResponse(f"/tables/{table}", status_code=303)


async def language(request: Request) -> Response:
    code = request.path_params["code"]
    if code not in LOCALES:
        raise HTTPException(404, f"no language {code}")
    response = RedirectResponse(_back(request.query_params.get("next")), status_code=303)
    response.set_cookie("lang", code, max_age=365 * 86400, samesite="lax")
    return response
