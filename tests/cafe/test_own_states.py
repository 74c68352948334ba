"""Every ``state`` a table publishes is one the cafe's server keeps (issue 22: no
message may silence the cafe; docs/cafe.md "The bus contract").

The server read the page before a game strictly, and refused every state of a table
whose game was being chosen on the OLED (its seats not yet named are "", taken for
names of 0 characters): a legitimate table silenced by the contract's own check. Here
a real table loop with its players' page and its bus part is walked through its
screens by seeded random presses of its four buttons (menus, the set-up of every
game, games started, staff and undo menus, the language), and after every press the
state it would publish goes through the server's own ingest: none is set aside; nor
is any ``events`` message of the games it played.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from cafe_sim import SimTable
from daemon_harness import ManualClock, make_daemon

from companion.bus.contract import Topics
from companion.cafe.batch import Incoming
from companion.cafe.ingest import Ingest
from companion.cafe.sqlite import SqliteStore
from companion.daemon.board import Board
from companion.daemon.phone import Phone
from companion.daemon.remote import Remote
from hardware.buttons import Button, ButtonEvent, PressKind

CAFE, TABLE = "corner", "t1"
#: Presses a walk makes: enough to choose, set up and start games many times over.
PRESSES = 600


@pytest.mark.parametrize("seed", range(4))
def test_no_state_a_table_publishes_is_set_aside(tmp_path: Path, seed: int) -> None:
    """After each of 600 random presses (a seed a walk), the table's state is stored
    whole by the server's ingest; the walk reaches the page before a game with a
    game chosen and its seats not named, and games in play."""
    clock = ManualClock(1_700_000_000.0)
    path = tmp_path / "journal.db"
    daemon = make_daemon(path, [], clock=clock)
    daemon.start()
    phone = Phone(daemon.facade, Board(TABLE, str(path)))
    bus: Any = SimpleNamespace(settings=SimpleNamespace(topics=Topics(CAFE, TABLE)))
    remote = Remote(daemon.facade, bus, phone)
    ingest = Ingest(SqliteStore(":memory:"), CAFE, clock=clock)
    picks = random.Random(seed)
    seen = {"unnamed seats": 0, "in play": 0}
    for n in range(PRESSES):
        button = picks.choice(list(Button))
        kind = PressKind.LONG_PRESS if picks.random() < 0.1 else PressKind.PRESS
        daemon.runner.press(ButtonEvent(button, kind, clock()))
        clock.advance(picks.choice((0.2, 1.5, 4.0)))
        daemon.step()
        phone.turn(clock(), True)
        state = remote.state(clock())
        payload = state.payload(Topics(CAFE, TABLE))
        applied = ingest.apply([Incoming(TABLE, "state", payload)])
        assert applied.quarantined == 0, (n, button, kind, ingest.store.quarantined(1))
        seats = state.setup.live.players if state.setup is not None else ()
        seen["unnamed seats"] += "" in seats
        seen["in play"] += state.game is not None
    assert all(seen.values()), seen
    # The games the walk played, as the table's outbox sends them: every one stored (a
    # walk whose games journaled no event sends none, as seed 1's, which starts a game
    # of Trump and never plays in it: the other seeds' do).
    messages = SimTable(TABLE, 1, path, CAFE).payloads()
    applied = ingest.apply([Incoming(TABLE, "events", m) for m in messages])
    assert applied.quarantined == 0 and (applied.stored > 0 or not messages)
