"""The cafe server set up as docs/cafe.md says, run as systemd would, met with a flood.

For a root whose own systemd cannot boot (scripts/pi-check.sh --cafe, an arm64 root
under qemu), after ``apt-get install mosquitto`` and ``systemd/install.sh --cafe``:

1. the broker from docs/cafe.md's own blocks: ``companion.conf``, the passwords of
   ``cafe-server`` and two tables, the ACL script, the dynamic security plugin with its
   admin account ("Shutting out a flooding table"); the server's settings from step 3
   and the admin's lines; its password files; the staff password;
2. Mosquitto started (``mosquitto -d`` with Debian's configuration, as its unit does);
3. ``companion-cafe.service`` started as its unit says (scripts/unit_try.py: its user,
   a notify socket of its own, the watchdog): ready, pinging;
4. past the server's grace after connecting (:data:`GRACE`), a table's account floods
   (tests/cafe/flooder.py with the environment's paho): the server must shut it out at
   the broker (the flooder is refused), while the other table still logs in;
5. SIGTERM: the server stops with status 0; Mosquitto is stopped.

Prints one JSON line of what happened; exits 0 only if every step held. Standard
library only (the root's python3), but for the flood, run with the environment's Python.

    python3 scripts/cafe_try.py [--grace 125]
"""

from __future__ import annotations

import argparse
import json
import pwd
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "scripts"))
from unit_try import environment, groups, notify_socket, read_unit, seconds, wait_ready  # noqa: E402

DOC = HERE / "docs" / "cafe.md"
UNIT = Path("/etc/systemd/system/companion-cafe.service")
VENV_PYTHON = "/opt/companion/.venv/bin/python"
CAFE = "corner"
PASSWORDS = {"cafe-server": "pw-server", "table-t1": "pw-t1", "table-t2": "pw-t2"}
ADMIN_PASSWORD = "pw-admin"
#: Seconds the server measures nothing after it connects (companion/cafe/flood.py), and
#: a little more.
GRACE = 125.0
BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.S)


def blocks(after: str) -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(text, text.index(after))]


def sh(script: str) -> None:
    subprocess.run(["bash", "-euo", "pipefail", "-c", script], check=True)


def set_up_broker() -> None:
    """docs/cafe.md "The broker" and "Shutting out a flooding table", as written, with
    the passwords given instead of asked for and the restarts left to step 2."""
    conf = next(b for lang, b in blocks("`/etc/mosquitto/conf.d/companion.conf`") if not lang)
    Path("/etc/mosquitto/conf.d/companion.conf").write_text(conf, encoding="utf-8")
    passwd = "/etc/mosquitto/companion.passwd"
    for i, (user, password) in enumerate(PASSWORDS.items()):
        create = "-c " if i == 0 else ""
        sh(f"mosquitto_passwd {create}-b {passwd} {user} {password}")
    sh(f"chown root:mosquitto {passwd} && chmod 0640 {passwd}")
    acl = next(b for lang, b in blocks("**ACL**") if lang == "sh")
    sh(
        acl.replace("cafe=rosie", f"cafe={CAFE}")
        .replace("$(seq 1 20)", "$(seq 1 2)")
        .replace("sudo ", "")
        .replace("systemctl restart mosquitto", "")
    )
    admin = next(b for lang, b in blocks("#### Shutting out a flooding table") if lang == "sh")
    admin = (
        admin.replace("sudo ", "")
        .replace("cafe-admin  # asks for a password", f"cafe-admin {ADMIN_PASSWORD}")
        .replace("THE-ADMIN-PASSWORD", ADMIN_PASSWORD)
        .replace("systemctl restart mosquitto", "")
    )
    sh(admin)


def set_up_server() -> None:
    """docs/cafe.md step 2's password file, step 3's settings with the admin's lines,
    step 4's staff password."""
    secret = Path("/etc/companion/cafe-broker.password")
    secret.write_text(PASSWORDS["cafe-server"] + "\n", encoding="utf-8")
    sh(f"chown root:companion {secret} && chmod 640 {secret}")
    names = next(b for lang, b in blocks("### 3. Names") if lang == "toml")
    admin = next(b for lang, b in blocks("#### Shutting out a flooding table") if lang == "toml")
    settings = names.replace('host = "0.0.0.0"', 'host = "127.0.0.1"')
    settings = settings.replace("[broker]\n", "[broker]\n" + admin, 1)
    Path("/etc/companion/cafe.toml").write_text(settings, encoding="utf-8")
    sh(
        "printf '%s\\n' staff-password-for-the-check"
        " | /opt/companion/.venv/bin/companion cafe set-password --stdin"
    )


def wait_port(port: int, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def answer(user: str) -> str:
    """What the broker answers ``user`` logging in with its password (paho, the venv's)."""
    code = (
        "import sys, threading, paho.mqtt.client as m\n"
        "from paho.mqtt.enums import CallbackAPIVersion as V\n"
        "said = threading.Event(); out = []\n"
        "c = m.Client(V.VERSION2, client_id=sys.argv[1]); c.username_pw_set(*sys.argv[1:3])\n"
        "c.on_connect = lambda c, u, f, r, p: (out.append(str(r)), said.set())\n"
        "c.connect('127.0.0.1', 1883); c.loop_start(); said.wait(30)\n"
        "print(out[0] if out else 'none')\n"
    )
    done = subprocess.run(
        [VENV_PYTHON, "-c", code, user, PASSWORDS[user]],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.stdout.strip() or done.stderr.strip()[-200:]


def start_broker() -> bool:
    """Mosquitto as Debian's mosquitto.service starts it (its folders first)."""
    sh(
        "mkdir -m 740 -p /var/log/mosquitto /run/mosquitto"
        " && chown mosquitto /var/log/mosquitto /run/mosquitto"
    )
    broker = subprocess.run(["mosquitto", "-d", "-c", "/etc/mosquitto/mosquitto.conf"], check=False)
    return broker.returncode == 0 and wait_port(1883, 60)


def flood(folder: Path) -> list[str]:
    """table-t1 floods its events topic for 30 s (tests/cafe/flooder.py): what it said."""
    body = folder / "flood.json"
    body.write_text("{}", encoding="utf-8")
    topic = f"companion/{CAFE}/t1/events"
    script = str(HERE / "tests" / "cafe" / "flooder.py")
    flooder = subprocess.run(
        [
            VENV_PYTHON,
            script,
            "1883",
            "table-t1",
            PASSWORDS["table-t1"],
            topic,
            str(body),
            "0",
            "30",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return flooder.stdout.split()


def wait_said(log: IO[str], words: str, timeout: float) -> float | None:
    """Seconds until the server's log (``log``, its stdout and stderr) holds ``words``."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        log.seek(0)
        if words in log.read():
            return round(time.monotonic() - started, 1)
        time.sleep(1)
    return None


def listen(sock: socket.socket, heard: list[str]) -> None:
    """Every notice from now on, into ``heard`` (until the socket closes)."""
    sock.settimeout(None)
    try:
        while True:
            heard.extend(sock.recv(4096).decode(errors="replace").splitlines())
    except OSError:
        return


def stop(server: subprocess.Popen[bytes], service: dict[str, str]) -> float:
    """SIGTERM, and the unit's TimeoutStopSec to stop in (then SIGABRT: faulthandler
    writes its threads' stacks to its log; then SIGKILL); the seconds it took."""
    stop_at = time.monotonic()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=seconds(service.get("TimeoutStopSec", ""), 90.0))
    except subprocess.TimeoutExpired:
        server.send_signal(signal.SIGABRT)
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return round(time.monotonic() - stop_at, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--grace", type=float, default=GRACE, help="seconds before the flood")
    args = parser.parse_args()
    result: dict[str, object] = {}
    set_up_broker()
    set_up_server()
    result["broker_up"] = start_broker()
    service = read_unit(UNIT)
    user = pwd.getpwnam(service["User"])
    with tempfile.TemporaryDirectory(prefix="cafe-try-") as tmp:
        sock, address = notify_socket(Path(tmp))
        env = environment(service, address, seconds(service.get("WatchdogSec", ""), 0.0))
        env["PYTHONFAULTHANDLER"] = "1"
        started = time.monotonic()
        # Appending: the checks below seek in it while the server writes.
        log = (Path(tmp) / "server.log").open("a+", encoding="utf-8")
        server = subprocess.Popen(
            shlex.split(service["ExecStart"]),
            env=env,
            cwd="/",
            user=user.pw_uid,
            group=user.pw_gid,
            extra_groups=groups(service),
            stdout=log,  # as journald takes both
            stderr=log,
        )
        ready, pinged, notices = wait_ready(sock, server, started, started + 600, 1)
        result.update(ready_s=ready, watchdog_s=pinged, notices=notices[-4:])
        # Read on as systemd does: the pings of the whole run, the last notice.
        heard: list[str] = []
        threading.Thread(target=listen, args=(sock, heard), daemon=True).start()
        flooded: list[str] = []
        if pinged is not None:
            time.sleep(max(0.0, args.grace - (time.monotonic() - started)))
            flooded = flood(Path(tmp))
            result["flooder"] = " ".join(flooded)[-200:]
            # A server slower than the flood (qemu: it read 135 a second) shuts the
            # account out once it has read that far, after the flooder may have ended.
            result["shut_out_s"] = wait_said(log, "shut out at the broker", 300)
            result["t1_after"] = answer("table-t1")
            result["t2_after"] = answer("table-t2")
        result["stop_s"] = stop(server, service)
        pings = heard.count("WATCHDOG=1")
        result["pings_during_run"] = pings
        result["stopping_said"] = "STOPPING=1" in heard
        result["exit"] = server.returncode
        log.seek(0)
        said = log.read()
        log.close()
        result["shut_out_logged"] = "shut out at the broker" in said
        print(said[-3000:], file=sys.stderr)
        sock.close()
    subprocess.run(["pkill", "-x", "mosquitto"], check=False)
    print(json.dumps(result))
    ok = (
        result["broker_up"] is True
        and pinged is not None
        and result.get("shut_out_s") is not None
        and result.get("t1_after") == "Not authorized"
        and result.get("t2_after") == "Success"
        and result["shut_out_logged"] is True
        and result["exit"] == 0
        and pings > 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
