"""``companion cafe backup`` while the server writes, and the restore docs/cafe.md
gives (issue 14: backups with SQLite's online backup API, a documented restore)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from broker_harness import Broker, free_port
from cafe_fixtures import Servers
from cafe_sim import SimTable

from companion.cafe.postgres import pg_program
from companion.cafe.store import open_store
from companion.cli import main
from companion.journal import Journal


def test_backup_while_serving_then_restore_and_tables_send_the_rest(
    servers: Servers, journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = servers.settings.database_path()
    server = servers.start()
    table = SimTable("t1", servers.settings.broker.port, journal)
    table.connect()
    half = len(table.events) // 2
    table.play(0, half)
    table.wait_ack(table.events[half - 1][1].seq, 1)
    copy = tmp_path / "backup" / "cafe-Mon.db"
    copy.parent.mkdir()
    assert main(["cafe", "backup", "--db", str(database), "--out", str(copy)]) == 0
    assert f"backed up 1 game and {half} events" in capsys.readouterr().out  # one: singular
    table.play(half)
    table.wait_ack(table.events[-1][1].seq, 2)
    servers.stop(server)

    # The restore: the server stopped, the copy put in place of the database.
    for extra in ("-wal", "-shm"):
        Path(f"{database}{extra}").unlink(missing_ok=True)
    shutil.copyfile(copy, database)
    before = len(table.acks)
    restored = servers.start()
    # The server says what it holds: the backup's ack (and what the broker had not
    # yet heard it acknowledge may come again on top), short of the last event.
    last = table.events[-1][1].seq
    table.wait_for(lambda acks: any(a.seq < last for a in acks[before:]))
    table.disconnect()
    table.connect()  # the table's next connection sends the rest again
    table.resend()
    table.wait_ack(table.events[-1][1].seq, 2)
    with Journal.read(journal) as read:
        events = sum(len(read.events(g.id)) for g in read.games())
    assert restored.store.counts() == (2, events)
    table.disconnect()


def test_backup_of_a_missing_database_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "copy.db"
    assert main(["cafe", "backup", "--db", str(tmp_path / "none.db"), "--out", str(out)]) == 2
    assert "no cafe database yet" in capsys.readouterr().err


@pytest.mark.parametrize("chore", [[], ["backup", "--out", "copy.db"], ["forget", "t1"]])
def test_a_folder_given_as_the_database_is_refused_not_set_aside(
    chore: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cafe.md's --db is a file: ``companion cafe --db photos`` with a folder renamed
    the folder to photos.damaged-<time> as a damaged database and served a new one in
    its place. One line, exit 2, the folder left as it was, before the server starts."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "a.jpg").write_bytes(b"mine")
    assert main(["cafe", "--db", str(folder), *chore]) == 2
    said = capsys.readouterr().err
    assert f"--db {folder}: a folder, not a regular file" in said and "cafe.db" in said
    assert len(said.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos"]
    assert (folder / "a.jpg").read_bytes() == b"mine"


def test_backup_to_a_missing_folder_names_it_and_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A message names the thing and what to do (house rule): ``--out /missing/dir/x.db``
    said only SQLite's "unable to open database file"."""
    database = tmp_path / "cafe.db"
    open_store(str(database)).close()
    out = tmp_path / "missing" / "dir" / "x.db"
    assert main(["cafe", "backup", "--db", str(database), "--out", str(out)]) == 2
    said = capsys.readouterr().err
    assert f"there is no folder {out.parent}" in said and "mkdir -p" in said, said
    assert "unable to open" not in said and len(said.strip().splitlines()) == 1
    assert main(["cafe", "backup", "--db", str(database), "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert not out.parent.exists()


def test_set_password_stores_a_hash_never_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.web.auth import check_password

    config = tmp_path / "cafe.toml"
    target = tmp_path / "pw"
    config.write_text(f'[web]\npassword_file = "{target}"\n', encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("correct horse\n"))
    assert main(["cafe", "set-password", "--config", str(config), "--stdin"]) == 0
    stored = target.read_text(encoding="ascii")
    assert "correct horse" not in stored and check_password("correct horse", stored.strip())
    assert target.stat().st_mode & 0o077 == 0o040
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("short\n"))
    assert main(["cafe", "set-password", "--config", str(config), "--stdin"]) == 2
    assert "at least 8 characters" in capsys.readouterr().err


@pytest.mark.parametrize("before", [True, False], ids=["config-first", "chore-first"])
def test_set_password_writes_the_password_file_of_the_config_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: bool
) -> None:
    """Issue 26: ``companion cafe --config X set-password`` wrote the default settings'
    password file, not X's. Either order writes X's; the default's is left alone."""
    default = tmp_path / "default.toml"
    decoy = tmp_path / "default-pw"
    default.write_text(f'[web]\npassword_file = "{decoy}"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CAFE_CONFIG", str(default))
    config = tmp_path / "x.toml"
    target = tmp_path / "x-pw"
    config.write_text(f'[web]\npassword_file = "{target}"\n', encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("correct horse\n"))
    chore = ["set-password", "--stdin"]
    given = ["--config", str(config)]
    argv = ["cafe", *given, *chore] if before else ["cafe", chore[0], *given, chore[1]]
    assert main(argv) == 0
    assert target.exists() and not decoy.exists()


def test_postgresql_backup_with_pg_dump_while_serving_then_pg_restore(
    broker: Broker, pg_url: str, journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 14: ``companion cafe backup`` on PostgreSQL is pg_dump of one snapshot (the
    counts it prints are the copy's); the restore docs/cafe.md gives is pg_restore, and
    the tables then send again what the copy is missing."""
    servers = Servers(broker.port, pg_url)
    server = servers.start()
    table = SimTable("t1", broker.port, journal)
    table.connect()
    half = len(table.events) // 2
    table.play(0, half)
    table.wait_ack(table.events[half - 1][1].seq, 1)
    copy = tmp_path / "cafe-Mon.dump"
    assert main(["cafe", "backup", "--db", pg_url, "--out", str(copy)]) == 0
    assert f"backed up 1 game and {half} events" in capsys.readouterr().out  # one: singular
    table.play(half)
    last = table.events[-1][1].seq
    table.wait_ack(last, 2)
    servers.stop(server)

    # docs/cafe.md: pg_restore --clean --if-exists --no-owner --dbname=URL FILE
    restore = [pg_program("pg_restore"), "--clean", "--if-exists", "--no-owner"]
    done = subprocess.run(
        [*restore, f"--dbname={pg_url}", str(copy)], capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    copied = open_store(pg_url)  # what the restore holds, before a table sends again
    assert copied.counts() == (1, half)
    copied.close()
    before = len(table.acks)
    restored = servers.start()
    table.wait_for(lambda acks: any(a.seq < last for a in acks[before:]))
    table.disconnect()
    table.connect()
    table.resend()
    table.wait_ack(last, 2)
    assert restored.store.counts() == (2, len(table.events))
    table.disconnect()
    servers.stop(restored)


def test_an_unreachable_or_bad_database_url_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PostgreSQL that does not answer, or a URL libpq cannot read: one line naming
    the database (never its password), exit 2, for the server and for the backup."""
    nobody = f"postgresql://cafe:s3cret@127.0.0.1:{free_port()}/cafe"
    out = str(tmp_path / "x.dump")
    assert main(["cafe", "backup", "--db", nobody, "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot connect" in err and "s3cret" not in err
    assert f"postgresql://cafe@127.0.0.1:{nobody.rsplit(':', 1)[1]}" in err
    config = tmp_path / "cafe.toml"
    config.write_text(f'[database]\nurl = "{nobody}"\n[web]\nport = {free_port()}\n')
    assert main(["cafe", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "cannot connect" in err.splitlines()[-1] and "Traceback" not in err
    assert main(["cafe", "backup", "--db", "postgresql://127.0.0.1:notaport/x", "--out", out]) == 2
    assert "invalid integer value" in capsys.readouterr().err
    config.write_text('[database]\nurl = "mysql://x/y"\n')
    assert main(["cafe", "backup", "--config", str(config), "--out", out]) == 2
    assert "database.url must start with postgresql://" in capsys.readouterr().err


def test_set_password_says_in_one_line_when_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cafe.md step 4: as the docs had it (``sudo -u companion``), the command met a
    folder it could not write (/etc/companion, root:companion 0750) and showed a
    traceback. Now one line naming the file, the reason and the way, exit 2."""
    blocker = tmp_path / "etc"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    config = tmp_path / "cafe.toml"
    config.write_text(f'[web]\npassword_file = "{blocker / "pw"}"\n', encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("correct horse\n"))
    assert main(["cafe", "set-password", "--config", str(config), "--stdin"]) == 2
    said = capsys.readouterr().err
    assert "Traceback" not in said and len(said.strip().splitlines()) == 1
    assert f"cannot write the staff password to {blocker / 'pw'}" in said and "sudo" in said


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file another group needs root")
def test_the_staff_password_file_takes_its_folders_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/cafe.md step 4: root sets the password in /etc/companion (root:companion);
    the server runs as companion and must read the file: it takes its folder's group."""
    folder = tmp_path / "etc-companion"
    folder.mkdir()
    os.chown(folder, 0, 4321)
    config = tmp_path / "cafe.toml"
    config.write_text(f'[web]\npassword_file = "{folder / "pw"}"\n', encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("correct horse\n"))
    assert main(["cafe", "set-password", "--config", str(config), "--stdin"]) == 0
    written = (folder / "pw").stat()
    assert written.st_gid == 4321 and written.st_mode & 0o777 == 0o640
