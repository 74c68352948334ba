"""Issue 6 s6: the faults a table survives, each through the daemon's real loop.

A torn journal, a full disk, a camera that goes and comes back, a display that
raises on every write, bouncing buttons, a flood of foreign QR codes, a forged
staff card: the game is never touched, nothing confirmed is lost, the loop goes on.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import numpy as np
import pytest
from daemon_harness import (
    ManualClock,
    blank_frames,
    make_daemon,
    run_until_end,
)
from kill_child import lying, table_steps
from loose import loose
from PIL import Image

from card_codes.catalogue import card, staff_cards
from card_codes.keys import generate_key
from card_codes.payload import encode_payload
from card_codes.qr import code_image
from companion.config import KioskSection
from companion.daemon.runtime import Daemon
from companion.games.json_types import JSONObject
from companion.journal import Journal
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.views import MessageView
from hardware.camera_fake import FakeCamera
from hardware.camera_synthetic import SyntheticFeed
from hardware.display_fake import FakeDisplay


def play(journal: Path, steps: list, *, start: bool = True, **kwargs) -> Daemon:  # type: ignore[no-untyped-def,type-arg]
    clock = ManualClock()
    daemon = make_daemon(journal, steps, clock=clock, **kwargs)
    if start and daemon.session.flow is None:
        daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    run_until_end(daemon, clock)
    return daemon


def ended(journal: Path) -> JSONObject:
    games = Journal.open(journal).games()
    assert len(games) == 1 and games[0].result is not None
    return games[0].result.to_json()


@pytest.fixture(scope="module")
def calm(tmp_path_factory: pytest.TempPathFactory) -> JSONObject:
    """The game played with nothing going wrong."""
    journal = tmp_path_factory.mktemp("calm") / "j.db"
    play(journal, table_steps())
    return ended(journal)


def test_a_torn_last_write_resumes_with_the_rest(tmp_path: Path, calm: JSONObject) -> None:
    """A power cut in the middle of a journal write: the game resumes and ends as if calm."""
    steps = table_steps()
    half = len(steps) // 2
    live = tmp_path / "live.db"
    first = play(live, steps[: half + 1])
    cut = tmp_path / "cut.db"
    shutil.copy(live, cut)  # the files as the power cut left them, the WAL torn
    wal = Path(f"{live}-wal").read_bytes()
    Path(f"{cut}-wal").write_bytes(wal[:-200])
    first.session.journal.close()
    # After the restart the camera sees the table as it lies, then the game goes on.
    play(cut, [lying(steps, half), *steps[half + 1 :]], start=False)
    assert ended(cut)["record"] == calm["record"]
    assert ended(cut)["score"] == calm["score"]


def test_a_full_disk_is_said_once_and_the_game_goes_on_in_memory(tmp_path: Path) -> None:
    steps = table_steps()
    clock = ManualClock()
    journal = tmp_path / "j.db"
    daemon = make_daemon(journal, steps, clock=clock)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    db = daemon.session.journal._db
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    daemon.start()
    screens: list[str] = []
    for _ in range(40):
        daemon.step()
        view = daemon.app.screen(clock())
        if isinstance(view, MessageView):
            screens.append(" ".join((view.title, *view.lines)))
        clock.advance(0.2)
    assert daemon.session.memory_only
    assert any("Disk full" in s for s in screens)
    assert "journal not written" in daemon.status_line()
    flow = daemon.session.flow
    assert flow is not None and len(loose(flow.record())["rounds"][0]["tricks"]) >= 5


def test_a_camera_that_disappears_and_comes_back(
    tmp_path: Path, calm: JSONObject, caplog: pytest.LogCaptureFixture
) -> None:
    """Camera lost -> the OLED says so, the daemon retries with backoff; the game is untouched."""
    steps = table_steps()
    feed = SyntheticFeed(blank_frames(len(steps) + 60), fps=10, lose_after=100, come_back_after=4)
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "j.db", steps, clock=clock, camera=feed.open)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    lost_screens = 0
    while not daemon.ended:
        daemon.step()
        view = daemon.app.screen(clock())
        lost_screens += isinstance(view, MessageView) and view.title == "Camera lost"
        clock.advance(0.5)
    assert lost_screens > 0
    assert daemon.links.camera.outages == 1
    assert caplog.text.count("camera: ") >= 1
    assert sum("ERROR" in r.levelname for r in caplog.records if "camera" in r.message) == 1
    assert ended(tmp_path / "j.db")["record"] == calm["record"]


def test_a_display_that_raises_on_every_write_never_stops_the_game(
    tmp_path: Path, calm: JSONObject, caplog: pytest.LogCaptureFixture
) -> None:
    play(tmp_path / "j.db", table_steps(), display=lambda: FakeDisplay(fail=True))
    assert ended(tmp_path / "j.db")["record"] == calm["record"]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and "display" in r.message]
    assert len(errors) == 1  # one line for the outage, not one per frame


def test_bouncing_buttons_move_the_menu_once(tmp_path: Path) -> None:
    """The real gpiozero backend on mock pins, through the daemon: chatter is one press."""
    pytest.importorskip("gpiozero")
    from gpiozero.pins.mock import MockFactory

    from hardware.buttons import Button, open_buttons
    from hardware.buttons_gpio import DEFAULT_PINS

    clock = ManualClock()
    factory = MockFactory()
    try:
        buttons = open_buttons("gpio", pin_factory=factory, clock=clock, bounce_time=0.03)
        daemon = make_daemon(tmp_path / "j.db", [], clock=clock, buttons=lambda: buttons)
        daemon.start()
        pin = factory.pin(DEFAULT_PINS[Button.DOWN])
        for level in [True, False] * 4 + [True]:  # pressing: 9 edges in 9 ms
            pin.drive_low() if level else pin.drive_high()
            clock.advance(0.001)
        clock.advance(0.2)
        pin.drive_high()
        clock.advance(0.1)
        daemon.step()
        selected = getattr(daemon.app.screen(clock()), "selected", None)
        assert selected == 1
    finally:
        factory.reset()


def _table_image(
    codes: list[str], spot: str | None = None, size: tuple[int, int] = (1280, 720)
) -> np.ndarray:
    """Felt-green frame with ``codes`` in a grid over the play area, ``spot`` on the spicy spot."""
    image = Image.new("RGB", size, (30, 110, 50))
    for i, payload in enumerate(codes):
        code = code_image(payload, module_px=4).convert("RGB")
        image.paste(code, (330 + (i % 5) * 180, 60 + (i // 5) * 200))
    if spot is not None:
        image.paste(code_image(spot, module_px=4).convert("RGB"), (110, 110))
    return np.asarray(image)[:, :, ::-1].copy()


def _real_daemon(tmp_path: Path, frames: list[np.ndarray], key: bytes | None) -> Daemon:
    clock = ManualClock()
    daemon = make_daemon(
        tmp_path / "j.db",
        [],
        clock=clock,
        camera=lambda: FakeCamera(frames, fps=10),
        kiosk=KioskSection(enabled=True),
    )
    daemon.reader = TableReader(default_layout(), staff_key=key)
    return daemon


def test_a_flood_of_foreign_codes_is_counted_not_shown(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    foreign = [f"https://cafe.example/menu/{i}" for i in range(10)] + ["WIFI:S:cafe;P:x;;"]
    spicy = encode_payload(card("fibonachos", "S3#1"))
    frames = [_table_image(foreign, spot=spicy)] * 30
    daemon = _real_daemon(tmp_path, frames, None)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    caplog.set_level(logging.INFO)
    clock = daemon.clock
    assert isinstance(clock, ManualClock)
    run_until_end(daemon, clock)
    daemon._log_stats()
    assert len(daemon.reader.stats.foreign) == 11
    assert not isinstance(daemon.app.screen(clock()), MessageView)  # no error storm
    flow = daemon.session.flow
    assert flow is not None and loose(flow.record())["rounds"][0]["tricks"][0]["spicy"].startswith(
        "S3"
    )
    assert "ignored 11 QR codes" in caplog.text


def test_a_forged_staff_card_unlocks_nothing(tmp_path: Path) -> None:
    """A staff card signed with another installation's key is rejected (issue 3 s1)."""
    ours, theirs = generate_key(), generate_key()
    reset = next(c for c in staff_cards() if c.notation == "STAFF-RESET")
    forged = encode_payload(reset, staff_key=theirs)
    daemon = _real_daemon(tmp_path, [_table_image([forged])] * 30, ours)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    clock = daemon.clock
    assert isinstance(clock, ManualClock)
    run_until_end(daemon, clock)
    assert not daemon.app.staff_open()
    assert daemon.session.flow is not None  # the game was not reset
    assert daemon.reader.stats.rejected > 0
    # The same card signed with our key does unlock.
    genuine = encode_payload(reset, staff_key=ours)
    honest = _real_daemon(tmp_path / "b", [_table_image([genuine])] * 30, ours)
    honest.start_game("fibonachos", 3, [], {"dealer": 2})
    run_until_end(honest, clock)
    assert honest.app.staff_open()
    assert honest.session.flow is None
