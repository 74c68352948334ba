"""The dashboard's live feed: server-sent events, one ``card`` event per table changed.

Each event carries the table's card as HTML (in the page's language, so the script
only swaps it in) and as JSON; its ``id`` is the version it brings the page to, so a
browser reconnecting (``Last-Event-ID``) misses nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from starlette.requests import Request
from starlette.responses import StreamingResponse

from companion.web.model import TableCard
from companion.web.params import counter
from companion.web.site import fragment, locale_of, site_of

#: A comment line this often keeps proxies from closing a quiet stream.
KEEPALIVE = 15.0
#: Card texts kept for the feeds (a few versions of every table, in each language).
CARDS_KEPT = 4096
#: The dashboard's feed sends at most this often: what changed meanwhile goes in one
#: write (a cafe of 1,000 tables changes hundreds of times a second; issue 22).
DASHBOARD_PACE = 0.2


class Versioned(Protocol):
    """What a live feed follows: a version that grows with every change, and a wait."""

    def version(self) -> int: ...
    async def wait(self, after: int, timeout: float) -> int: ...


#: What a feed says when its source moved on from ``seen`` to ``version``: the event
#: texts, and whether the stream ends after them.
News = Callable[[int, int], tuple[list[str], bool]]


def start_of(request: Request) -> int:
    """The version a browser already has: ``Last-Event-ID`` on a reconnect, or ``after``."""
    for raw in (request.headers.get("last-event-id"), request.query_params.get("after")):
        number = counter(raw)
        if number is not None:
            return number
    return 0


def event_stream(
    request: Request,
    source: Versioned,
    news: News,
    *,
    pace: float = 0.0,
    beat: Callable[[], list[str]] = list,
) -> StreamingResponse:
    """Server-sent events: ``news`` each time ``source`` changes (in one write, and at
    most every ``pace`` seconds), a keep-alive comment when it is quiet, until the
    browser goes (or ``news`` ends the stream); ``beat``'s events at the start, at
    each change and at each keep-alive (what is not a change of ``source``'s cards)."""

    async def feed() -> AsyncIterator[str]:
        seen = start_of(request)
        yield "retry: 2000\n\n" + "".join(beat())
        while True:
            version = source.version()
            if version > seen:
                said, ended = news(seen, version)
                said += beat()
                if said:
                    yield "".join(said)
                if ended:
                    return
                seen = version
                if pace:
                    await asyncio.sleep(pace)  # what changes meanwhile: the next write
                continue
            if await request.is_disconnected():
                return
            if await source.wait(seen, KEEPALIVE) == seen:
                yield "".join(beat()) or ": still here\n\n"

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(feed(), media_type="text/event-stream", headers=headers)


def card_text(request: Request, card: TableCard) -> str:
    """The feed's data of ``card`` in the request's language, made once for every feed
    open (issue 22: each feed rendered each changed card itself, so 32 feeds open from
    one phone took the staff's page from 9 ms to 128 ms, 200 feeds to 938 ms)."""
    kept = site_of(request).card_texts
    key = (locale_of(request), card)
    text = kept.get(key)
    if text is None:
        body = {
            "name": card.name,
            "version": card.version,
            "html": fragment(request, "_card.html", card=card),
            "card": card.to_json(),
        }
        text = kept[key] = json.dumps(body)
        while len(kept) > CARDS_KEPT:
            del kept[next(iter(kept))]  # the oldest first
    return text


async def events(request: Request) -> StreamingResponse:
    source = site_of(request).source

    def news(seen: int, version: int) -> tuple[list[str], bool]:
        said = []
        for card in source.tables():
            if card.version > seen:
                data = card_text(request, card)
                said.append(f"id: {version}\nevent: card\ndata: {data}\n\n")
        return said, False

    told: list[bool] = []  # what this feed said last of the server's receiving

    def beat() -> list[str]:
        """A ``receiving`` event when the server starts or stops receiving (the broker
        down, a thread dead, the database failing): the page's banner, live."""
        now = source.receiving()
        if told == [now]:
            return []
        told[:] = [now]
        return [f"event: receiving\ndata: {json.dumps({'receiving': now})}\n\n"]

    return event_stream(request, source, news, pace=DASHBOARD_PACE, beat=beat)
