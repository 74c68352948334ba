"""The dashboard's live feed: server-sent events, one ``card`` event per table changed.

Each event carries the table's card as HTML (in the page's language, so the script
only swaps it in) and as JSON; its ``id`` is the version it brings the page to, so a
browser reconnecting (``Last-Event-ID``) misses nothing.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import StreamingResponse

from companion.web.site import fragment, site_of

#: A comment line this often keeps proxies from closing a quiet stream.
KEEPALIVE = 15.0


def _start(request: Request) -> int:
    for raw in (request.headers.get("last-event-id"), request.query_params.get("after")):
        if raw and raw.isdigit():
            return int(raw)
    return 0


async def events(request: Request) -> StreamingResponse:
    source = site_of(request).source

    async def feed() -> AsyncIterator[str]:
        seen = _start(request)
        yield "retry: 2000\n\n"
        while True:
            version = source.version()
            if version > seen:
                for card in source.tables():
                    if card.version > seen:
                        body = {
                            "name": card.name,
                            "version": card.version,
                            "html": fragment(request, "_card.html", card=card),
                            "card": card.to_json(),
                        }
                        yield f"id: {version}\nevent: card\ndata: {json.dumps(body)}\n\n"
                seen = version
                continue
            if await request.is_disconnected():
                return
            if await source.wait(seen, KEEPALIVE) == seen:
                yield ": still here\n\n"

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(feed(), media_type="text/event-stream", headers=headers)
