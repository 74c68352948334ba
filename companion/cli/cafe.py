"""``companion cafe``: the cafe server (docs/cafe.md), and its chores.

    companion cafe [--config F] [--name N] [--broker HOST:PORT] [--db FILE|URL] [--listen HOST:PORT]
    companion cafe set-password [--config F] [--stdin]
    companion cafe backup --out FILE [--config F] [--db FILE|URL]
    companion cafe forget TABLE [--config F] [--db FILE|URL]

The server subscribes to every table of the cafe (of each cafe of a chain) on the
broker, keeps their games and events in one database (an SQLite file, or PostgreSQL
by ``postgresql://`` URL), and serves the dashboard with uvicorn until stopped.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import re
import secrets
import signal
import sqlite3
import sys
import threading
from contextlib import closing, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import InputError, UsageError

if TYPE_CHECKING:  # the server's modules once it runs: not on every command's start
    from starlette.applications import Starlette

    from companion.cafe.server import CafeServer
    from companion.cafe.settings import CafeSettings


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "cafe",
        help="the cafe server: every table, a dashboard, backups",
        description="Without a CHORE, run the cafe server until stopped: the tables' "
        "messages from the broker into the database, the dashboard and the players' pages. "
        "A CHORE does one job instead.",
    )
    _common(parser)
    parser.add_argument("--name", default=None, help="the cafe's name on the bus")
    parser.add_argument("--broker", default=None, help="the broker, HOST:PORT")
    parser.add_argument("--listen", default=None, help="the dashboard's address, HOST:PORT")
    parser.set_defaults(func=run)
    chores = parser.add_subparsers(dest="chore", metavar="[CHORE]")
    password = chores.add_parser("set-password", help="set the staff password of the dashboard")
    _common(password, chore=True)
    password.add_argument("--stdin", action="store_true", help="read it from standard input")
    password.set_defaults(func=set_password)
    backup = chores.add_parser("backup", help="copy the database while the server runs")
    _common(backup, chore=True)
    backup.add_argument("--out", type=Path, required=True, help="the copy to write")
    backup.set_defaults(func=run_backup)
    gone = chores.add_parser(
        "forget", help="take a table off the dashboard (its games stay in the history)"
    )
    _common(gone, chore=True)
    gone.add_argument("table", help="the table's name, as the dashboard shows it")
    gone.set_defaults(func=_forget)


def _common(parser: argparse.ArgumentParser, *, chore: bool = False) -> None:
    """``--config`` and ``--db``, before or after a chore's name (a chore's own default
    would hide ``companion cafe --config X backup``'s)."""
    default = argparse.SUPPRESS if chore else None
    parser.add_argument(
        "--config",
        type=Path,
        default=default,
        help="the server's settings (default: $COMPANION_CAFE_CONFIG or /etc/companion/cafe.toml)",
    )
    parser.add_argument(
        "--db",
        default=default,
        help="the database: an SQLite file, or a postgresql:// URL (default: from settings)",
    )


def _address(text: str | None, option: str) -> tuple[str | None, int | None]:
    if text is None:
        return None, None
    host, _, port = text.rpartition(":")
    if not host or not re.fullmatch(r"[0-9]{1,5}", port) or not 0 < int(port) < 65536:
        raise UsageError(f"{option} {text!r}: expected HOST:PORT, a port 1-65535")
    return host, int(port)


def _settings(args: argparse.Namespace) -> CafeSettings:
    from companion.cafe.settings import load_settings, with_overrides
    from companion.cafe.store import is_url

    broker_host, broker_port = _address(args.broker, "--broker")
    web_host, web_port = _address(args.listen, "--listen")
    db: str | None = args.db
    url = db if db is not None and is_url(db) else None
    path = db if db is not None and url is None else None
    settings = with_overrides(
        load_settings(args.config),
        cafe_name=args.name,
        broker_host=broker_host,
        broker_port=broker_port,
        web_host=web_host,
        web_port=web_port,
        # --db replaces the file or URL of the settings, whichever they had.
        database_path=path if db is None else (path or ""),
        database_url=url if db is None else (url or ""),
    )
    _database_file(settings, "--db " if db is not None else "")
    return settings


def _database_file(settings: CafeSettings, option: str) -> None:
    """A database file that is there but not a file (a folder, a device) is refused in
    one line: the server would set the folder aside as a damaged database."""
    from companion.inputs import require_regular

    if settings.database.url or not settings.database_path().exists():
        return  # a URL, or a new database
    where = settings.database_path()
    try:
        require_regular(where, what="cafe database")
    except InputError as exc:
        raise UsageError(
            f"{option}{exc}: give the database's file (such as {where / 'cafe.db'})"
        ) from None


def _secret(path: Path) -> str:
    """The key that signs session cookies: made once, kept beside the database (0600)."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        secret = secrets.token_hex(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secret + "\n")
        return secret


def _read_hash(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip() or None
    except OSError:
        return None


def dashboard(settings: CafeSettings, server: CafeServer) -> Starlette:
    """The dashboard and the players' pages over ``server``, as ``[web]`` says: the
    staff password's hash file, the cookie's key, the cookie over HTTPS only."""
    from companion.cafe.live import CafeLive
    from companion.web.app import create_app

    password = Path(settings.web.password_file)
    return create_app(
        server,
        password_hash=lambda: _read_hash(password),
        secret=_secret(settings.secret_path()),
        https_only=settings.web.secure_cookie,
        live=CafeLive(server),
    )


def run(args: argparse.Namespace) -> int:
    from card_codes.errors import SigningError
    from card_codes.keys import load_key
    from companion.cafe.postgres import shown
    from companion.cafe.salvage import salvage_if_damaged
    from companion.cafe.server import CafeServer
    from companion.cafe.store import is_url, open_store
    from companion.cafe.watch import EXIT_DEAD
    from companion.daemon.logs import setup_logging

    settings = _settings(args)
    # each line with its local time on a terminal, its priority under journald
    setup_logging("INFO", environ=os.environ)
    log = logging.getLogger("companion.cafe")
    try:
        key: bytes | None = load_key(settings.staff.key_file)
    except SigningError as exc:
        key = None
        log.warning("%s: staff commands to tables are off", exc)
    target = settings.database_target()
    if not is_url(target):  # a damaged file is set aside and salvaged (issue 22)
        salvage_if_damaged(Path(target))
    store = open_store(target)
    server = CafeServer(settings, store, key=key)
    password = Path(settings.web.password_file)
    if _read_hash(password) is None:
        log.warning("no staff password (%s): run companion cafe set-password", password)
    log.info(
        "cafe %s: database %s, dashboard on %s",
        ", ".join(settings.cafes()),
        shown(settings.database_target()),
        dashboard_link(settings.web.host, settings.web.port),
    )
    try:
        died = _serve(settings, server)
    finally:
        store.close()
    if died is not None:
        print(f"companion cafe: {died} died: restarting", file=sys.stderr)
        return EXIT_DEAD
    return 0


def _serve(settings: CafeSettings, server: CafeServer) -> str | None:
    """The server started and its dashboard served until SIGTERM (or until one of its
    threads died: which one, then). systemd is told when the dashboard listens
    (``READY=1``) and pinged while the threads live (the unit is ``Type=notify``)."""
    import uvicorn

    from companion.cafe.watch import Watch
    from companion.daemon.notify import Notifier
    from companion.web.serving import serving_options

    web = uvicorn.Server(
        uvicorn.Config(
            dashboard(settings, server),
            host=settings.web.host,
            port=settings.web.port,
            log_level="warning",
            timeout_graceful_shutdown=2,
            **serving_options(),  # slow and greedy clients bounded (issue 22)
        )
    )
    notifier = Notifier()
    ready = threading.Event()

    def beat() -> None:
        if not ready.is_set() and web.started:
            ready.set()
            notifier.ready(f"dashboard on port {settings.web.port}")
        if ready.is_set():
            notifier.watchdog()

    server.start()
    watch = Watch(server, beat=beat)
    watch.start()
    # uvicorn stops gracefully on SIGTERM, then raises it again: with Python's default
    # handler the process died there, before the writer stored what it held and the
    # database closed. Here it ends web.run(), and the rest runs.
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _stopped) if main else None
    try:
        with suppress(SystemExit):
            web.run()
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
        notifier.stopping()
        watch.stop()
        server.stop()
    return watch.died


def _stopped(signum: int, frame: object) -> None:
    raise SystemExit(0)


def dashboard_link(host: str, port: int) -> str:
    """The dashboard's address as a person opens it: a server listening on every
    address (``0.0.0.0``, ``::``) is reached at this machine's address on its network.

    >>> dashboard_link("127.0.0.1", 8080), dashboard_link("::1", 8080)
    ('http://127.0.0.1:8080/', 'http://[::1]:8080/')
    """
    if host in ("", "0.0.0.0", "::"):
        from companion.daemon.phone import local_address

        host = local_address()
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def set_password(args: argparse.Namespace) -> int:
    from companion.web.auth import MIN_LENGTH, hash_password

    settings = _settings(args)
    if args.stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass("Staff password: ")
        if getpass.getpass("Again: ") != password:
            raise UsageError("the two passwords differ; nothing changed")
    if len(password) < MIN_LENGTH:
        raise UsageError(f"a staff password needs at least {MIN_LENGTH} characters")
    target = Path(settings.web.password_file)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            # The group of its folder (/etc/companion: root:companion), so the server's
            # user reads what root wrote; nobody else does (0640).
            os.fchown(out.fileno(), -1, target.parent.stat().st_gid)
            out.write(hash_password(password) + "\n")
    except OSError as exc:
        raise UsageError(
            f"cannot write the staff password to {target} ({exc.strerror}): run it as "
            "root (sudo), or set [web] password_file in the settings; nothing changed"
        ) from None
    print(f"staff password set ({target})")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    from companion.cafe.sqlite import SqliteStore

    settings = _settings(args)
    _writable(args.out)
    if settings.database.url:
        return _pg_backup(settings.database.url, args.out)
    source = settings.database_path()
    if not source.exists():
        raise UsageError(f"{source}: no cafe database yet")
    store = SqliteStore(source)
    try:
        store.backup(args.out)
    finally:
        store.close()
    with closing(sqlite3.connect(f"file:{args.out}?mode=ro", uri=True)) as copy:
        games = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        events = copy.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    return _backed_up(games, events, args.out)


def _forget(args: argparse.Namespace) -> int:
    from companion.cli.cafe_forget import forget

    return forget(args.table, _settings(args))


def _writable(out: Path) -> None:
    """UsageError naming the folder when ``--out`` cannot be written there (SQLite alone
    says only "unable to open database file")."""
    folder = out.parent
    if out.is_dir():
        raise UsageError(
            f"--out {out} is a folder: give a file's name in it (such as {out}/cafe.db)"
        )
    if not folder.is_dir():
        raise UsageError(
            f"--out {out}: there is no folder {folder}: make it (mkdir -p {folder}) or give "
            "a file in a folder that exists; nothing was backed up"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(
            f"--out {out}: the folder {folder} cannot be written by this user: run the backup "
            "as one who may (sudo), or give a folder of yours; nothing was backed up"
        )


def _pg_backup(url: str, out: Path) -> int:
    """PostgreSQL's copy: ``pg_dump``'s custom format of one snapshot (``pg_restore``
    reads it; docs/cafe.md)."""
    from companion.cafe.postgres import PgStore

    store = PgStore(url)
    try:
        games, events = store.backup(out)
    finally:
        store.close()
    return _backed_up(games, events, out)


def _backed_up(games: int, events: int, out: Path) -> int:
    """The backup's line: what the copy holds ("1 game and 12 events")."""
    counts = ((games, "game"), (events, "event"))
    said = [f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in counts]
    print(f"backed up {' and '.join(said)} to {out}")
    return 0
