"""Every ``events`` message the cafe's server stores is one its pages draw (issue 22).
An ended game's row as a table sends it (a real Fibonachos game, its record and score)
has each field replaced, one at a time, by odd values (its record's and score's own
fields only at their top: the record is refereed by the rules, the score worked out
again from it): the row is set aside, or stored and drawn by the history, the game's
page, the leaderboard and their JSON, none with a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cafe_fixtures import dashboard
from test_leaderboard import GAMES

from companion.cafe.batch import Incoming
from companion.cafe.server import CafeServer
from companion.games.json_types import JSON

ODD: list[JSON] = [None, True, 0, -1, 7, 2**60, 1e300, "", "x", [], [0], [0, 1, 2, 3], {}]
#: Fields whose own fields are not forged one by one here (see the module's docstring).
WHOLE = {"record", "score"}


def _paths(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    if path:
        yield path
    if isinstance(value, dict) and not (path and path[-1] in WHOLE):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def test_a_forged_game_row_is_set_aside_or_drawn(server: CafeServer) -> None:
    good = json.loads(GAMES[0].payload)
    good["table"] = "t7"  # a table of its own (t1 and t2 have journals of their own)
    client = dashboard(server)
    stored = 0
    for n, path in enumerate(_paths(good), start=100):
        for odd in ODD:
            forged: Any = json.loads(json.dumps(good))
            forged["game"]["id"] = n  # a game of its own: one already held is not read
            at = forged
            for key in path[:-1]:
                at = at[key]
            at[path[-1]] = odd
            applied = server.take([Incoming("t7", "events", json.dumps(forged).encode())])
            stored += applied.stored
            for page in (
                "/games",
                "/games.json",
                f"/games/t7/{n}",
                "/leaderboard?game=fibonachos",
                "/leaderboard.json?game=fibonachos",
            ):
                assert client.get(page).status_code < 500, (path, odd, page)
    assert stored  # some replacements are rows too (a player's name, a time)


def test_a_newer_tables_result_keeps_its_game_ended_and_drawn(server: CafeServer) -> None:
    """Issue 22, forward compatibility (docs/cafe.md): a table updated before the server
    writes its result in a shape this server cannot read. The game is stored ended, its
    result kept as sent, counted on no leaderboard, and every page draws it. Before, the
    whole row was set aside and the game stayed in play at the server for ever."""
    newer = json.loads(GAMES[0].payload)
    newer["table"] = "t8"
    newer["game"]["id"] = 5
    newer["game"]["result"] = {"outcome": {"v": 3, "winners": ["Ana"]}, "record": {}}
    client = dashboard(server)
    standings = "/leaderboard.json?game=fibonachos&period=all"
    before = client.get(standings).json()["standings"]
    applied = server.take([Incoming("t8", "events", json.dumps(newer).encode())])
    assert (applied.stored, applied.quarantined) == (1, 0)
    listed = [g for g in client.get("/games.json").json()["games"] if g["table"] == "t8"]
    assert [(g["id"], g["ended"] is not None) for g in listed] == [(5, True)]
    assert client.get("/games/t8/5").status_code == 200
    assert client.get("/games/t8/5.record.json").status_code < 500
    assert client.get(standings).json()["standings"] == before  # counted nowhere
