"""A bound on every request's body (issue 22): the pages' forms are a password, a
line of text or eight names, a few hundred bytes, but Starlette reads a form of up to
1,000 fields of 1 MB each into memory and spools a multipart file part of any size to
a temporary file: one phone posting a 10 GB "file" to the players' page filled the
disk the table's journal (or the server's database) is on. Past :data:`MAX_BODY`
bytes (said by ``Content-Length``, or counted as a chunked body arrives) the request
is refused with 413 before the rest is read.

    app = Starlette(routes=..., middleware=[Middleware(BodyLimit)])
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The largest body a page takes (the longest form, the names of eight players with
#: their link's token and the field names, is under 1 KB).
MAX_BODY = 64 * 1024


def _too_large(limit: int) -> HTTPException:
    return HTTPException(413, f"the request is larger than this site takes ({limit // 1024} KB)")


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes raises 413 (an
    :class:`HTTPException`, so the app's own error page says it) where the route reads
    it; a route that reads no body is not concerned."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        said = dict(scope.get("headers") or ()).get(b"content-length", b"")
        declared = int(said) if said.isdigit() and len(said) < 20 else None
        seen = 0

        async def bounded() -> Message:
            nonlocal seen
            if declared is not None and declared > self.limit:
                raise _too_large(self.limit)
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _too_large(self.limit)
            return message

        await self.app(scope, bounded, send)
