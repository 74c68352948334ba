"""Tables know who they are (issue 14): a card of another table's deck copy is refused
at once, and this table's own copy of that card is unaffected.

Before, a copy-2 card put down at a copy-1 table was taken as a play, and the table's
own copy of the same card was then refused as played twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from daemon_harness import ManualClock, make_daemon, run_until_end
from loose import loose

from card_codes.catalogue import card
from card_codes.payload import encode_payload
from card_codes.qr import code_image
from companion.config import parse_config
from companion.daemon.runtime import Daemon
from companion.table.cards import StrayCard, TableCard
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.views import MessageView
from hardware.camera_fake import FakeCamera

W, H = 640, 360


def with_code(image: np.ndarray, text: str, at: tuple[float, float]) -> np.ndarray:
    """A white card carrying ``text``'s code, centred at ``at`` (frame fractions)."""
    code = np.asarray(code_image(text, module_px=3))
    out = image.copy()
    side = code.shape[0]
    x0, y0 = int(at[0] * W) - side // 2, int(at[1] * H) - side // 2
    out[y0 - 6 : y0 + side + 6, x0 - 6 : x0 + side + 6] = 255
    out[y0 : y0 + side, x0 : x0 + side] = code[:, :, None]
    return out


def code(notation: str, copy: int = 1) -> str:
    return encode_payload(card("fibonachos", notation, copy=copy))


def copy_one_table(
    tmp_path: Path, frames: list[np.ndarray], table_of_copy: Callable[[int], str] = str
) -> Daemon:
    clock = ManualClock()
    daemon = make_daemon(
        tmp_path / "j.db",
        [],
        clock=clock,
        camera=lambda: FakeCamera(frames, fps=10),
        table_of_copy=table_of_copy,
    )
    daemon.reader = TableReader(default_layout(), deck_copy=1)
    return daemon


def test_a_card_of_table_2s_deck_is_refused_and_ours_is_played(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 14: at a copy-1 table, table 2's R1#1 is refused with a line in the log and
    never journaled; then this table's R1#1 is the play (not "played twice")."""
    cloth = np.full((H, W, 3), (50, 100, 45), np.uint8)
    spicy = with_code(cloth, code("S3#1"), (0.12, 0.2))
    theirs = with_code(spicy, code("R1#1", copy=2), (0.45, 0.5))
    ours = with_code(spicy, code("R1#1"), (0.7, 0.5))
    daemon = copy_one_table(tmp_path, [cloth] * 2 + [spicy] * 8 + [theirs] * 8 + [ours] * 12)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    caplog.set_level(logging.WARNING)
    clock = daemon.clock
    assert isinstance(clock, ManualClock)
    run_until_end(daemon, clock)
    flow = daemon.session.flow
    assert flow is not None
    plays = loose(flow.record())["rounds"][0]["tricks"][0]["plays"]
    assert [p.split("#")[0] for p in plays] == ["R1"]
    events = daemon.session.journal.events(daemon.session.game_id or 0)
    keys = [e.payload["key"] for e in events if e.kind == "table"]
    assert keys == ["fibonachos/1/S3#1", "fibonachos/1/R1#1"]
    assert all("fibonachos/2/" not in str(e.payload) for e in events)  # not even sighted
    assert "fibonachos/2/R1#1 refused: it is from table 2's deck" in caplog.text
    assert "twice" not in caplog.text


def test_the_refusal_names_the_table_the_configuration_gives_the_copy(tmp_path: Path) -> None:
    """Issue 14: the OLED names the other table; `[cafe] copies` names tables not
    called by their copy's number (docs/cafe.md)."""
    config = parse_config({"cafe": {"copies": {"3": "terrace"}}})
    daemon = copy_one_table(tmp_path, [], config.cafe.table_of_copy)
    now = daemon.clock()
    stray = StrayCard(TableCard("fibonachos/2/R1#1", "fibonachos", "R1#1", "play"), 2, now)
    daemon.table_event(stray, now)
    view = daemon.app.screen(now)
    assert isinstance(view, MessageView) and view.title == "Other table's card"
    assert view.lines == ("This card is from table 2's deck.",)
    daemon.table_event(StrayCard(stray.card, 3, now), now)
    assert daemon.app.screen(now).lines == ("This card is from table terrace's deck.",)
    assert daemon.session.flow is None  # nothing started, nothing played
