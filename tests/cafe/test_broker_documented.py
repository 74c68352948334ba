"""The broker a cafe sets up from docs/cafe.md is the one the tests lock down and attack
(issue 22 item 3: "the broker locked down as documented and tested").

The broker tests (test_broker_lockdown.py, test_bus_acl.py, the simulated cafes) start
Mosquitto with ``broker_harness``'s lines: :data:`LOCKDOWN` and :func:`acl_text`. What
they prove holds for a cafe only if docs/cafe.md gives the same: its ``companion.conf``
and the central broker's configuration hold every lockdown line, and its ACL script,
run, writes the harness's ACL.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from broker_harness import ADMIN, DYNSEC, LOCKDOWN, acl_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "cafe.md"
BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.S)


def blocks(after: str) -> list[tuple[str, str]]:
    """The code blocks of docs/cafe.md (their language, their text) after ``after``."""
    text = DOC.read_text(encoding="utf-8")
    at = text.index(after)
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(text, at)]


def conf_lines(block: str) -> set[str]:
    return {line.strip() for line in block.splitlines() if line.strip()[:1] not in ("", "#")}


@pytest.mark.parametrize(
    "where",
    ["`/etc/mosquitto/conf.d/companion.conf`", "**The central broker**"],
)
def test_the_documented_broker_has_every_lockdown_line(where: str) -> None:
    """Issue 22 item 3: client ids bound to accounts, the message size limit and the
    queue limit are in the configuration a cafe (and a chain's central broker) copies."""
    _, block = next(b for b in blocks(where) if b[0] == "")
    assert set(LOCKDOWN) <= conf_lines(block), where
    assert "allow_anonymous false" in conf_lines(block)


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_the_documented_acl_script_writes_the_acl_the_tests_attack(tmp_path: Path) -> None:
    """Issue 22 item 3: docs/cafe.md's ACL script (for two tables here) writes exactly
    the ACL the broker tests run with: a table writes only its own topics."""
    _, script = next(b for b in blocks("**ACL**") if b[0] == "sh")
    assert "sudo tee /etc/mosquitto/companion.acl >/dev/null" in script
    runnable = (
        script.replace("sudo tee /etc/mosquitto/companion.acl >/dev/null", "cat")
        .replace("sudo systemctl restart mosquitto", "")
        .replace("$(seq 1 20)", "$(seq 1 2)")
    )
    made = subprocess.run(
        ["bash", "-c", runnable], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert made.stdout == acl_text("rosie", ("t1", "t2"))


@pytest.mark.skipif(shutil.which("dpkg") is None, reason="dpkg is not installed")
def test_the_documented_admin_plugin_is_the_one_the_tests_run(tmp_path: Path) -> None:
    """docs/security.md: the dynamic security plugin docs/cafe.md loads is the one
    test_shut_out.py runs (found by ``dpkg -L``, its file where the broker keeps its
    state), its admin account the one the server's settings name."""
    _, script = next(b for b in blocks("#### Shutting out a flooding table") if b[0] == "sh")
    head = script.split("sudo mosquitto_ctrl")[0].replace(
        "sudo tee /etc/mosquitto/conf.d/companion-admin.conf >/dev/null", "cat"
    )
    if DYNSEC is None:
        pytest.skip("mosquitto's dynamic security plugin is not installed")
    made = subprocess.run(
        ["bash", "-c", head], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert made.stdout.splitlines() == [
        f"plugin {DYNSEC}",
        "plugin_opt_config_file /var/lib/mosquitto/dynamic-security.json",
    ]
    assert f"dynsec init /var/lib/mosquitto/dynamic-security.json {ADMIN}" in script
    _, toml = next(b for b in blocks("#### Shutting out a flooding table") if b[0] == "toml")
    assert f'admin_username = "{ADMIN}"' in toml
