"""A start stopped for good, as a player and the journal see it (docs/troubleshooting.md,
"At start"; systemd/companion.service's ``RestartPreventExitStatus=2``).

A mistake in the settings or a missing library stops ``companion run`` with exit status
2 and one line naming it; systemd leaves the service down. The OLED, which keeps its
last screen, must then say the table is out of order, not "Restarting... back in a
moment". The Pi's panel is luma's dummy device here, as in tests/hardware.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy

from companion.cli import main
from companion.daemon.out_of_order import out_of_order_view
from companion.ui.screens import render
from companion.views.i18n import set_language, speaking
from hardware import display_luma
from hardware.display_luma import Panel


class Panels:
    """The luma devices ``companion run`` made, as luma's dummy device."""

    def __init__(self) -> None:
        self.made: list[Any] = []

    def __call__(self, panel: Panel) -> Any:
        device = dummy(panel.width, panel.height, mode="1")
        self.made.append(device)
        return device

    def shown(self) -> bytes:
        return bytes(self.made[-1].image.convert("1").tobytes())


@pytest.fixture
def panels(monkeypatch: pytest.MonkeyPatch) -> Iterator[Panels]:
    made = Panels()
    monkeypatch.setattr(display_luma, "make_device", made)
    yield made
    set_language("en")


def _out_of_order(lang: str = "en") -> bytes:
    with speaking(lang):
        return bytes(render(out_of_order_view()).convert("1").tobytes())


def _run(tmp_path: Path, settings: str, *extra: str) -> int:
    config = tmp_path / "config.toml"
    config.write_text(settings, encoding="utf-8")
    return main(["run", "--config", str(config), "--journal", str(tmp_path / "j.db"), *extra])


def test_a_typo_in_the_settings_says_out_of_order_on_the_oled(
    tmp_path: Path,
    panels: Panels,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A misspelt key stops the start before the daemon opens anything: the panel the
    file names still gets the out-of-order screen, and under systemd (``JOURNAL_STREAM``
    naming stderr's device and inode) the one line is an error to journald (``<3>``:
    ``journalctl -p warning`` shows it)."""
    stat = os.fstat(sys.stderr.fileno())
    monkeypatch.setenv("JOURNAL_STREAM", f"{stat.st_dev}:{stat.st_ino}")
    status = _run(tmp_path, '[display]\nkind = "luma"\n[kiosk]\nidle_minuts = 5\n')
    err = capfd.readouterr().err
    assert status == 2
    assert err.startswith("<3>companion run: ") and "unknown setting kiosk.idle_minuts" in err
    assert len(panels.made) == 1 and panels.shown() == _out_of_order()


def test_journal_stream_naming_another_stream_adds_no_priority(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program started beneath a service inherits ``JOURNAL_STREAM`` with a stderr of
    its own (a file, a terminal): its one line stays as the CLI's contract writes it."""
    monkeypatch.setenv("JOURNAL_STREAM", "1:1")
    assert _run(tmp_path, "[kiosk]\nidle_minuts = 5\n", "--display", "fake") == 2
    assert capfd.readouterr().err.startswith("companion run: ")


@pytest.mark.parametrize(
    ("settings", "why"),
    [
        ('[display]\nkind = "luma"\nname = "oops\n', "a file that does not parse (TOML)"),
        ('[staff]\nkey_file = "{key}"\n', "a staff key that is not one"),
    ],
)
def test_any_mistake_that_stops_the_start_says_out_of_order(
    tmp_path: Path, panels: Panels, settings: str, why: str
) -> None:
    """Every exit 2 before the daemon runs is one systemd does not restart: the panel
    says out of order whatever the mistake (the Pi's panel when the file cannot say
    which)."""
    key = tmp_path / "staff.key"
    key.write_text("not base64 !!!\n", encoding="utf-8")
    assert _run(tmp_path, settings.format(key=key)) == 2, why
    assert len(panels.made) == 1 and panels.shown() == _out_of_order(), why


def test_the_out_of_order_screen_speaks_the_tables_language(tmp_path: Path, panels: Panels) -> None:
    """Words a player reads come from the catalogue: a French table reads French."""
    status = _run(tmp_path, '[ui]\nlanguage = "fr"\n[phone]\nport = "8088"\n')
    assert status == 2
    assert panels.shown() == _out_of_order("fr") != _out_of_order("en")


def test_buttons_that_cannot_open_leave_out_of_order_on_the_opened_panel(
    tmp_path: Path, panels: Panels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel opened, then the buttons' pin library is missing: the daemon's own panel
    says it, and the panel is not opened a second time."""
    monkeypatch.setitem(sys.modules, "gpiozero.pins.pigpio", None)
    settings = '[buttons]\nkind = "gpio"\npin_factory = "pigpio"\n[phone]\nenabled = false\n'
    status = _run(tmp_path, settings, "--camera", "fake")
    assert status == 2
    assert len(panels.made) == 1 and panels.shown() == _out_of_order()


def test_a_camera_library_missing_mid_start_says_out_of_order(
    tmp_path: Path, panels: Panels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No picamera2 (not Raspberry Pi OS): the loop stops at the camera's first opening
    and its last screen is out of order, not "Restarting..."."""
    monkeypatch.setitem(sys.modules, "picamera2", None)
    settings = '[camera]\nkind = "picamera2"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
    assert _run(tmp_path, settings) == 2
    assert len(panels.made) == 1 and panels.shown() == _out_of_order()


def test_a_command_line_display_that_is_not_the_panel_is_left_alone(
    tmp_path: Path, panels: Panels
) -> None:
    """On a desktop (``--display frames``) nothing opens the Pi's panel."""
    desktop = ("--display", "frames", "--out", str(tmp_path / "oled"))
    assert _run(tmp_path, "[kiosk]\nidle_minuts = 5\n", *desktop) == 2
    assert panels.made == []


def test_another_fault_of_the_running_table_is_restarted_not_out_of_order(
    tmp_path: Path, panels: Panels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault met while the table runs that no setting caused (here the journal's, as
    a disk that fails would raise it) exits 1, which systemd restarts (``Restart=
    on-failure``; only 2 is kept down), and the panel says the table comes back."""
    from companion.daemon.runtime import Daemon
    from companion.journal.errors import JournalError

    def failing(self: Daemon, should_stop: Any) -> None:
        self.start()
        try:
            raise JournalError("journal j.db: read failed (disk I/O error)")
        finally:
            self.farewell()

    monkeypatch.setattr(Daemon, "run", failing)
    settings = '[camera]\nkind = "fake"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
    assert _run(tmp_path, settings) == 1
    assert len(panels.made) == 1 and panels.shown() != _out_of_order()


def test_a_game_fault_of_the_running_table_is_restarted_too(
    tmp_path: Path, panels: Panels, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only the companion's and the hardware's faults: a game's (a record that does
    not read) met while running exits 1, as the farewell's "back in a moment" says."""
    from companion.daemon.runtime import Daemon
    from companion.games import RecordError

    def failing(self: Daemon, should_stop: Any) -> None:
        self.start()
        try:
            raise RecordError("round 1: no such card", "F1")
        finally:
            self.farewell()

    monkeypatch.setattr(Daemon, "run", failing)
    settings = '[camera]\nkind = "fake"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
    assert _run(tmp_path, settings) == 1
    assert panels.shown() != _out_of_order()
