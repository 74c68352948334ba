"""What the cafe server set aside (issue 22), for staff: ``/quarantine.json`` lists the
messages it could not store (the latest first: table, topic, reason, when, how many
times, and the payload as text, cut at :data:`SHOWN` characters) and whether it is
receiving now (``receiving``: false when its network thread died or its database
refuses to write). Staff only, as the tables' log lines are."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from companion.web.site import is_staff, site_of

#: The characters of a payload shown (the database keeps the first 256 KB).
SHOWN = 2000
#: The most messages listed.
LISTED = 200


async def quarantine(request: Request) -> Response:
    if not is_staff(request):
        raise HTTPException(403, "staff only: log in first")
    source = site_of(request).source
    listed = [
        {
            "table": row.table,
            "topic": row.topic,
            "reason": row.reason,
            "first": row.first,
            "last": row.last,
            "times": row.times,
            "bytes": len(row.payload),
            "payload": row.payload.decode("utf-8", errors="backslashreplace")[:SHOWN],
        }
        for row in source.quarantined(LISTED)
    ]
    return JSONResponse({"receiving": source.receiving(), "quarantined": listed})
