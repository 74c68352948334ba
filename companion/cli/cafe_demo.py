"""``companion demo --cafe``: a whole cafe on this machine, to look at in a minute.

Starts, on loopback ports nobody else uses: Debian's Mosquitto broker (a folder of
its own, anonymous on 127.0.0.1 only), the real cafe server (``companion cafe`` in a
process of its own, its database in the same temporary folder) and four synthetic
tables (:mod:`companion.cli.cafe_demo_tables`: the daemon's loop playing synthetic
games, a game of its own at each table: Fibonachos, Fibonacci 21, Fibonacci's Trump,
and the hex board game refereed by the camera, with the players' page on). It prints
the dashboard's link and each table's phone page, then runs until Ctrl-C or SIGTERM,
which stop the tables (each says ``offline``), the server and the broker, in that
order, and remove the folder: nothing is left running.

    companion demo --cafe          # then open the printed links in a browser
"""

from __future__ import annotations

import getpass
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import FrameType

from card_codes.keys import generate_key, save_key
from companion.cli.cafe_demo_tables import DemoTable, TablePlan
from companion.errors import MissingProgramError
from companion.flows.registry import TABLE_MODES
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.hex import SPEC as HEX
from companion.games.rummy.deck import DECK_21
from companion.games.trump import SPEC as TRUMP
from companion.views.present import game_label

log = logging.getLogger(__name__)

CAFE = "demo"
#: The hex board refereed by the camera (its mode of the game ``hex``).
CAMERA = next(mode for mode in TABLE_MODES if mode.game == HEX.name)
#: The four tables: their names on the dashboard, games, players and pace (frames a
#: second: a card in 7 to 10 frames, a hex piece moved in 6), each a game of its own,
#: as a cafe plays them.
PLANS = (
    TablePlan("window", FIBONACHOS.name, ("Ana", "Ben", "Cy"), 10.0, seed=11),
    TablePlan("corner", DECK_21.game, ("Dee", "Eli", "Fay", "Gus"), 8.0, seed=23),
    TablePlan("terrace", TRUMP.name, ("Hal", "Ivy", "Jo"), 12.0, seed=37),
    TablePlan("garden", HEX.name, ("Kim", "Lou"), 10.0, seed=41, options=CAMERA.options),
)
#: How long a part may take to answer on its port.
START_SECONDS = 30.0
#: How long a part may take to stop before it is killed.
STOP_SECONDS = 15.0


def mosquitto() -> str:
    """Debian's broker, or a one-line error saying how to install it."""
    found = shutil.which(
        "mosquitto", path=os.pathsep.join((os.environ.get("PATH", os.defpath), "/usr/sbin"))
    )
    if found is None:
        raise MissingProgramError(
            "--cafe needs Mosquitto, the MQTT broker: sudo apt install mosquitto"
        )
    return found


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def answers(port: int) -> bool:
    """Whether something takes connections on 127.0.0.1:``port`` now."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


def wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    """Until ``process`` listens on ``port``; its end, or a deadline, is an error."""
    deadline = time.monotonic() + START_SECONDS
    while not answers(port):
        if time.monotonic() > deadline:
            raise MissingProgramError(
                f"{what} did not answer on 127.0.0.1:{port} in {START_SECONDS:.0f} s"
            )
        try:  # paces the tries, and notices a process that could not start
            process.wait(0.05)
        except subprocess.TimeoutExpired:
            continue
        raise MissingProgramError(f"{what} exited with {process.returncode} as it started")


@contextmanager
def running(args: list[str], port: int, what: str, **popen: object) -> Iterator[None]:
    """A child process listening on ``port`` until the block ends, then SIGTERM (SIGKILL
    if it does not stop in :data:`STOP_SECONDS`), always waited for."""
    # A session of its own: a terminal's Ctrl-C reaches the demo alone, which stops the
    # parts in order (the tables say offline while the broker is still up).
    process = subprocess.Popen(args, start_new_session=True, **popen)  # type: ignore[call-overload]
    try:
        wait_for_port(port, process, what)
        yield
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def broker_config(folder: Path, port: int) -> Path:
    """Anonymous, on loopback only, nothing kept: a demo's broker."""
    path = folder / "mosquitto.conf"
    lines = [
        f"listener {port} 127.0.0.1",
        "allow_anonymous true",
        "persistence false",
        "set_tcp_nodelay true",
        f"log_dest file {folder / 'mosquitto.log'}",
        f"user {getpass.getuser()}",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cafe_config(folder: Path, broker: int, web: int, password: str, key: bytes) -> Path:
    """The cafe server's settings: its database, staff ``key`` (the tables' own) and staff
    password in ``folder``."""
    from companion.web.auth import hash_password

    save_key(folder / "staff.key", key)
    (folder / "staff.pw").write_text(hash_password(password) + "\n", encoding="ascii")
    path = folder / "cafe.toml"
    path.write_text(
        f'[cafe]\nname = "{CAFE}"\n[broker]\nhost = "127.0.0.1"\nport = {broker}\n'
        f'[database]\npath = "{folder / "cafe.db"}"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {web}\npassword_file = "{folder / "staff.pw"}"\n'
        f'secret_file = "{folder / "cookie.key"}"\n'
        f'[staff]\nkey_file = "{folder / "staff.key"}"\n',
        encoding="utf-8",
    )
    return path


@contextmanager
def logged_to(path: Path) -> Iterator[None]:
    """The tables' log lines to ``path`` rather than the terminal (four tables' worth
    of journal and bus chatter would bury the links)."""
    from companion.bus.logs import EscapingFormatter

    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(EscapingFormatter("%(asctime)s %(threadName)s %(name)s: %(message)s"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        handler.close()


class Stop:
    """SIGINT and SIGTERM, recorded (the main thread waits on it)."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.name = ""

    def __call__(self, signum: int, _frame: FrameType | None) -> None:
        self.name = self.name or signal.Signals(signum).name
        self.event.set()

    @contextmanager
    def installed(self) -> Iterator[None]:
        before = {s: signal.signal(s, self) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for signum, handler in before.items():
                signal.signal(signum, handler)


def close_all(tables: list[DemoTable]) -> None:
    """Stop every table at once, then wait for each (their goodbyes overlap)."""
    for table in tables:
        table.stop.set()
    for table in tables:
        table.close()


def run_cafe_demo(say: Callable[[str], None] = print, *, folder: Path | None = None) -> int:
    """The whole cafe until a stop signal; ``folder`` keeps its files (else a temporary one)."""
    program = mosquitto()
    stop = Stop()
    with ExitStack() as stack:
        stack.enter_context(stop.installed())
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cafe-demo-")))
        stack.enter_context(logged_to(folder / "tables.log"))
        broker, web = free_port(), free_port()
        password = secrets.token_urlsafe(9)
        key = generate_key()  # the server signs the staff's commands, the tables check them
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        say(f"starting the broker (Mosquitto) on 127.0.0.1:{broker}")
        stack.enter_context(
            running(
                [program, "-c", str(broker_config(folder, broker))], broker, "mosquitto", **quiet
            )
        )
        say(f"starting the cafe server on 127.0.0.1:{web}")
        server = [sys.executable, "-m", "companion", "cafe"]
        server += ["--config", str(cafe_config(folder, broker, web, password, key))]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with (folder / "cafe.log").open("wb") as server_log:
            try:
                stack.enter_context(
                    running(
                        server,
                        web,
                        "the cafe server",
                        stdout=server_log,
                        stderr=server_log,
                        env=env,
                    )
                )
            except MissingProgramError as exc:  # say why: the server's last line
                said = (folder / "cafe.log").read_text("utf-8", "replace").strip().splitlines()
                raise MissingProgramError(f"{exc}: {said[-1]}" if said else str(exc)) from None
        base = f"http://127.0.0.1:{web}"
        tables = [DemoTable(plan, folder, CAFE, broker, base, key=key) for plan in PLANS]
        stack.callback(close_all, tables)  # first: each says offline while the broker is up
        for table in tables:
            table.start()
        phones = [table.phone_link() for table in tables]
        while None in phones and not stop.event.wait(0.1):  # each first page's token
            phones = [table.phone_link() for table in tables]
        games = ", ".join(f"{plan.name} {game_label(plan.game)}" for plan in PLANS)
        say(f"four tables play, a card or a piece a second or so: {games}")
        say(f"the dashboard:   {base}/")
        for plan, phone in zip(PLANS, phones, strict=True):
            if phone is not None:
                say(f"a phone's page ({plan.name}, {game_label(plan.game)}):  {phone}")
        say(f"staff password (to send the tables commands): {password}")
        say("Ctrl-C stops it all")
        stop.event.wait()
        say(f"stopping ({stop.name or 'asked'}): the tables, the server, the broker")
    say("stopped; nothing left running")
    return 0
