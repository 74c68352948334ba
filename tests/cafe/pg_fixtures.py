"""Debian's real PostgreSQL for the cafe's tests (issue 14: a chain of cafes keeps its
games in PostgreSQL).

One cluster per test process (``initdb`` in a temporary folder, started on a free
loopback port with its unix socket in that folder, stopped and removed at the end),
and a fresh database for each test that asks for one. PostgreSQL refuses to run as
root: when the tests run as root (a CI container), the cluster's folder belongs to,
and ``initdb``/``pg_ctl`` run as, the unprivileged ``postgres`` user Debian's package
creates (``nobody`` without it). Tests are skipped, saying why, only where the server
programs are not installed (``bash scripts/bootstrap.sh test`` installs them).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from broker_harness import free_port

#: The server programs of the newest PostgreSQL installed (Debian keeps them off PATH).
PG_BIN: Path | None = next(
    (
        folder
        for folder in sorted(
            Path("/usr/lib/postgresql").glob("*/bin"),
            key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
            reverse=True,
        )
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists()
    ),
    None,
)
MISSING = "PostgreSQL is not installed (apt install postgresql; bootstrap.sh test installs it)"
NUMBERS = itertools.count(1)


def _runner() -> dict[str, Any]:
    """How to run the server programs: as ourselves, or (as root) as an unprivileged user."""
    if os.geteuid() != 0:
        return {}
    for name in ("postgres", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
    pytest.skip("running as root, and no unprivileged user (postgres, nobody) to run PostgreSQL")


class Postgres:
    """One PostgreSQL cluster in ``folder`` (superuser ``postgres``, trust on loopback)."""

    def __init__(self, folder: Path) -> None:
        assert PG_BIN is not None
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.runner = _runner()
        if self.runner:
            os.chown(folder, self.runner["user"], self.runner["group"])

    def _run(self, program: str, *args: str) -> None:
        assert PG_BIN is not None
        done = subprocess.run(
            [str(PG_BIN / program), *args],
            cwd=self.folder,
            capture_output=True,
            text=True,
            check=False,
            **self.runner,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr.strip()} {self.log()}")

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
            "--no-sync",
        )  # fmt: skip
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "start", "-w", "-D", str(self.data), "-l", "pg.log", "-o", options)

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.data))

    def restart(self) -> None:
        """A restart of the server: every connection to it is dropped."""
        self._run("pg_ctl", "restart", "-w", "-m", "fast", "-D", str(self.data), "-l", "pg.log")

    def log(self) -> str:
        path = self.folder / "pg.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"cafe_{os.getpid()}_{next(NUMBERS)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop(self, url: str) -> None:
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Postgres]:
    """A PostgreSQL server for this test process."""
    if PG_BIN is None:
        pytest.skip(MISSING)
    pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")
    if os.geteuid() == 0:
        # pytest's folders are root's alone (0700): the cluster gets one in /tmp instead.
        folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    else:
        folder = tmp_path_factory.mktemp("pg")
    cluster = Postgres(folder)
    cluster.start()
    yield cluster
    cluster.stop()
    if os.geteuid() == 0:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(postgres: Postgres) -> Iterator[str]:
    """The URL of a fresh database on the test PostgreSQL, dropped afterwards."""
    url = postgres.create()
    yield url
    postgres.drop(url)


BACKENDS = ("sqlite", "postgres")


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a cafe keeps its games, on each backend: an SQLite file, a PostgreSQL URL."""
    if request.param == "postgres":
        url: str = request.getfixturevalue("pg_url")
        return url
    return str(tmp_path / "cafe.db")
