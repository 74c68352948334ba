"""``companion cafe`` on a terminal: its lines carry the local time, and the dashboard's
address is one a person can open (the docs walk, items 2 and 3)."""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.cli.cafe import dashboard_link
from companion.daemon import phone


def test_a_dashboard_on_every_address_is_given_at_this_machines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The docs walk, item 3: ``host = "0.0.0.0"`` (docs/cafe.md) gave
    "http://0.0.0.0:8080/", which no browser on the cafe's network opens."""
    monkeypatch.setattr(phone, "local_address", lambda: "192.0.2.7")
    assert dashboard_link("0.0.0.0", 8080) == "http://192.0.2.7:8080/"
    assert dashboard_link("::", 8080) == "http://192.0.2.7:8080/"
    assert dashboard_link("cafe.lan", 80) == "http://cafe.lan:80/"


def test_the_cafe_servers_lines_carry_the_local_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The docs walk, item 2: the server's console lines had no time at all (journald
    stamps them under systemd, a terminal does not): each starts with the wall clock's
    HH:MM:SS, and the start line gives the dashboard's whole address. The web server
    is not started (uvicorn's Server.run returns at once); the broker is a closed loopback port."""
    import uvicorn

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(
        uvicorn.Server, "run", lambda self, sockets=None: ran.append({"host": self.config.host})
    )
    monkeypatch.setattr(phone, "local_address", lambda: "192.0.2.7")
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    config = tmp_path / "cafe.toml"
    config.write_text(
        f'[cafe]\nname = "demo"\n[broker]\nhost = "127.0.0.1"\nport = 1\n'
        f'[database]\npath = "{tmp_path / "cafe.db"}"\n'
        f'[web]\nhost = "0.0.0.0"\nport = 8099\npassword_file = "{tmp_path / "pw"}"\n'
        f'secret_file = "{tmp_path / "cookie.key"}"\n'
        f'[staff]\nkey_file = "{tmp_path / "staff.key"}"\n',
        encoding="utf-8",
    )
    before = time.localtime()
    try:
        assert main(["cafe", "--config", str(config)]) == 0
    finally:
        for handler in logging.getLogger().handlers[:]:
            if type(handler).__name__ == "_CompanionHandler":
                logging.getLogger().removeHandler(handler)
    assert ran and ran[0]["host"] == "0.0.0.0"
    lines = [line for line in capsys.readouterr().out.splitlines() if "companion.cafe" in line]
    start = [line for line in lines if "dashboard on " in line]
    assert start and start[0].endswith("dashboard on http://192.0.2.7:8099/")
    for line in lines:
        stamp = re.match(r"([0-9]{2}):([0-9]{2}):([0-9]{2}) ", line)
        assert stamp is not None, line
        assert int(stamp[1]) in {before.tm_hour, (before.tm_hour + 1) % 24}, line
