"""Every ``state`` the cafe's server keeps is one its pages draw (issue 22: no message
may silence the cafe, nor break a page). The server reads a state whole
(:class:`companion.bus.contract.TableState`) and sets aside what breaks the contract;
here every field of a table's state, replaced one at a time by odd values, is either
set aside or kept and drawn: the dashboard, the table's page, their JSON and the
players' page answer, none with a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cafe_fixtures import dashboard, state_with

from companion.cafe.batch import Incoming
from companion.cafe.live import CafeLive
from companion.cafe.server import CafeServer
from companion.games.json_types import JSON
from companion.views.live import link_digest

TOKEN = "token-of-t1"
#: What a forged state may put in a field's place.
ODD: list[JSON] = [None, True, 0, -1, 7, 2**60, 1e300, "", "x", [], [0], [0, 1, 2, 3], {}]
PAGES = ("/", "/tables/t1", "/.json", "/games", f"/t/t1?k={TOKEN}", f"/t/t1.json?k={TOKEN}")


def _paths(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every field of a state at any depth (the players' view aside: its own test,
    tests/views/test_live_drawn.py), and every item of its lists."""
    if path:
        yield path
    if isinstance(value, dict) and path[-1:] != ("live",):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _replaced(raw: dict[str, Any], path: tuple[str | int, ...], odd: JSON) -> bytes:
    copy: Any = json.loads(json.dumps(raw))
    at = copy
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = odd
    return json.dumps(copy).encode()


def test_a_forged_state_is_set_aside_or_drawn(server: CafeServer) -> None:
    good = json.loads(state_with(running=[20, 9, 8], link=link_digest(TOKEN), journal="ab12"))
    client = dashboard(server)
    client.app.state.live = CafeLive(server)  # type: ignore[attr-defined]
    kept = 0
    for path in _paths(good):
        for odd in ODD:
            applied = server.take([Incoming("t1", "state", _replaced(good, path, odd))])
            kept += applied.quarantined == 0
            for page in PAGES:
                assert client.get(page).status_code < 500, (path, odd, page)
    assert kept  # some replacements are states too (a device's word, a time)
