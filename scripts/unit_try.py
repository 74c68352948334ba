"""Start a service the way systemd would, wait until it is ready and watched, stop it.

For roots whose own systemd cannot boot (an arm64 root under qemu, a chroot in CI):
reads the unit's ``ExecStart``, ``User``, ``Group``, ``SupplementaryGroups``,
``Environment``, ``WorkingDirectory`` and ``WatchdogSec``; makes the directories of
``StateDirectory`` and ``RuntimeDirectory`` for the user; runs the command as the user
with ``NOTIFY_SOCKET`` (a datagram socket of its own) and ``WATCHDOG_USEC`` set; waits
for ``READY=1`` and then ``--pings`` (2) times ``WATCHDOG=1``; sends ``KillSignal``
(SIGTERM) and waits ``TimeoutStopSec`` for a clean exit. Prints one JSON line of what
happened and exits 0 only if the service was ready, pinged the watchdog and stopped with status 0.

    python3 scripts/unit_try.py /etc/systemd/system/companion.service [--timeout 600]

With ``--stopped-for-good`` (a start its settings stop) it exits 0 only if the service
stopped before it was ready with a status of the unit's ``RestartPreventExitStatus``
(systemd leaves it down) and said why as an error to journald (``JOURNAL_STREAM`` set,
a stderr line at priority ``<3>``).

Standard library only: it runs with the root's own python3.
"""

from __future__ import annotations

import argparse
import grp
import json
import os
import pwd
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def read_unit(path: Path) -> dict[str, str]:
    """The [Service] section; repeated keys (Environment=) joined by spaces."""
    service: dict[str, str] = {}
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if section != "Service" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        service[key] = f"{service[key]} {value}".strip() if key in service else value
    return service


def seconds(text: str, default: float) -> float:
    """systemd's time spans as used in our units: ``30``, ``30s``, ``2min``."""
    text = text.strip()
    if not text:
        return default
    for suffix, factor in (("min", 60.0), ("ms", 0.001), ("s", 1.0)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * factor
    return float(text)


def environment(service: dict[str, str], notify: str, watchdog: float) -> dict[str, str]:
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}
    for item in shlex.split(service.get("Environment", "")):
        key, _, value = item.partition("=")
        env[key] = value
    user = pwd.getpwnam(service.get("User", "root"))
    env.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)
    env["NOTIFY_SOCKET"] = notify
    if watchdog > 0:
        env["WATCHDOG_USEC"] = str(round(watchdog * 1_000_000))
    for key, base in (("StateDirectory", "/var/lib"), ("RuntimeDirectory", "/run")):
        names = service.get(key, "").split()
        for name in names:
            folder = Path(base) / name
            folder.mkdir(parents=True, exist_ok=True)
            os.chown(folder, user.pw_uid, user.pw_gid)
        if names:
            env[key.upper().replace("DIRECTORY", "_DIRECTORY")] = ":".join(
                str(Path(base) / n) for n in names
            )
    return env


def groups(service: dict[str, str]) -> list[int]:
    found = []
    for name in service.get("SupplementaryGroups", "").split():
        try:
            found.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            raise SystemExit(f"unit_try: SupplementaryGroups names {name}: no such group") from None
    return found


def notify_socket(folder: Path) -> tuple[socket.socket, str]:
    """A notify socket in ``folder`` the service's user may write to, and its address."""
    address = str(folder / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    os.chmod(folder, 0o755)
    os.chmod(address, 0o777)
    return sock, address


def wait_ready(
    sock: socket.socket,
    proc: subprocess.Popen[bytes],
    started: float,
    deadline: float,
    pings: int = 1,
) -> tuple[float | None, float | None, list[str]]:
    """Seconds from the start to READY=1 and to the ``pings``-th WATCHDOG=1 after it, and
    the notices."""
    ready = pinged = None
    count = 0
    messages: list[str] = []
    sock.settimeout(1.0)
    while pinged is None and time.monotonic() < deadline and proc.poll() is None:
        try:
            lines = sock.recv(4096).decode(errors="replace").splitlines()
        except TimeoutError:
            continue
        messages.extend(lines)
        now = round(time.monotonic() - started, 1)
        if "READY=1" in lines and ready is None:
            ready = now
        if "WATCHDOG=1" in lines and ready is not None:
            count += 1
            pinged = now if count >= pings else None
    return ready, pinged, messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("unit", type=Path)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds to become ready")
    parser.add_argument(
        "--pings", type=int, default=2, help="watchdog pings to wait for after READY=1"
    )
    parser.add_argument(
        "--stopped-for-good",
        action="store_true",
        help="pass if the service stops before ready with a status systemd does not restart",
    )
    args = parser.parse_args(argv)
    service = read_unit(args.unit)
    user = pwd.getpwnam(service.get("User", "root"))
    group = grp.getgrnam(service.get("Group", user.pw_name)).gr_gid
    extra = groups(service)
    watchdog = seconds(service.get("WatchdogSec", ""), 0.0)
    stop_timeout = seconds(service.get("TimeoutStopSec", ""), 90.0)
    command = shlex.split(service["ExecStart"].lstrip("-@+!"))
    workdir = service.get("WorkingDirectory", "/").lstrip("-")
    workdir = user.pw_dir if workdir == "~" else workdir
    kill = getattr(signal, service.get("KillSignal", "SIGTERM"))
    result: dict[str, object] = {"unit": str(args.unit), "command": command, "cwd": workdir}
    with tempfile.TemporaryDirectory(prefix="unit-try-") as tmp:
        sock, address = notify_socket(Path(tmp))
        env = environment(service, address, watchdog)

        # stderr as journald's stream: systemd names its device and inode.
        read_end, stderr = os.pipe() if args.stopped_for_good else (None, 2)
        stat = os.fstat(stderr)
        env["JOURNAL_STREAM"] = f"{stat.st_dev}:{stat.st_ino}"
        started = time.monotonic()
        proc = subprocess.Popen(
            command,
            env=env,
            cwd=workdir,
            user=user.pw_uid,
            group=group,
            extra_groups=extra,
            stderr=stderr,
        )
        if read_end is not None:
            os.close(stderr)
        ready, pinged, messages = wait_ready(
            sock, proc, started, started + args.timeout, args.pings
        )
        result.update(ready_s=ready, watchdog_s=pinged, pings=args.pings, notices=messages[-6:])
        if proc.poll() is None:
            stop_at = time.monotonic()
            proc.send_signal(kill)
            try:
                proc.wait(timeout=stop_timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                result["killed"] = True
            result["stop_s"] = round(time.monotonic() - stop_at, 1)
        result["exit"] = proc.returncode
        sock.close()
    if read_end is not None:
        with os.fdopen(read_end, "rb") as errors:
            return stopped_for_good(service, proc, ready, errors.read(), result)
    print(json.dumps(result))
    ok = ready is not None and pinged is not None and proc.returncode == 0
    return 0 if ok else 1


def stopped_for_good(
    service: dict[str, str],
    proc: subprocess.Popen[bytes],
    ready: float | None,
    err: bytes,
    result: dict[str, object],
) -> int:
    """``--stopped-for-good``'s verdict (module docstring), ``err`` its stderr: 0 if it held."""
    kept_down = {int(s) for s in service.get("RestartPreventExitStatus", "").split() if s.isdigit()}
    lines = err.decode(errors="replace").splitlines()
    errors = [line for line in lines if line.startswith("<3>")]
    result.update(kept_down=sorted(kept_down), errors=errors[-3:])
    print(json.dumps(result))
    ok = ready is None and proc.returncode in kept_down and bool(errors)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
