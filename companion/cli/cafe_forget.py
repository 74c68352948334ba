"""``companion cafe forget TABLE``: a table taken off the dashboard (a phantom one, a
retired one, a name changed): its card and its share of storage out of the database;
its games stay in the history (docs/cafe.md "Taking a table off the dashboard").

The broker keeps the table's last ``status`` and ``state`` (retained), and hands them
to the server at its next connection, which would make the card again: only the
table's own account may publish there (the ACL), so this says how to clear them, with
``mosquitto_pub -r -n``, and the server's retained ``ack`` with the server's account.
Connecting as the server's account from here would take the running server's place
at the broker (its client id is its user name), so this never does. The server must be
stopped: it keeps its tables in memory and would write the card back (its dashboard's
port answering says it runs).
"""

from __future__ import annotations

import shlex
import socket

from companion.bus.contract import split_key, topic
from companion.cafe.postgres import shown
from companion.cafe.settings import CafeSettings
from companion.cafe.store import open_store
from companion.errors import UsageError

#: The rows that make a table's card and its share (its games, events, links and
#: journals stay: the history and the leaderboard keep them).
FORGOTTEN = ("DELETE FROM tables WHERE name = ?", "DELETE FROM shares WHERE table_name = ?")


def forget(table: str, settings: CafeSettings) -> int:
    running = _dashboard(settings)
    if running is not None:  # its tables live in its memory: it would write the card back
        raise UsageError(
            f"the cafe server answers on {running} (its dashboard): stop it first "
            "(sudo systemctl stop companion-cafe), then forget, then start it again"
        )
    target = settings.database_target()
    store = open_store(target)
    try:
        known = sorted(row.name for row in store.tables())
        if table not in known:
            listed = ", ".join(known) if known else "none"
            raise UsageError(
                f"no table {table!r} in the cafe's database {shown(target)}: its tables are "
                f"{listed}"
            )
        store.begin()
        for sql in FORGOTTEN:
            store.execute(sql, (table,))
        store.commit()
    finally:
        store.close()
    print(f"table {table} forgotten: its card and its share (its games stay in the history)")
    print(clearing(table, settings))
    return 0


def _dashboard(settings: CafeSettings) -> str | None:
    """Where the cafe server's dashboard answers (its port, from these settings), or
    None: nothing listens there. Whatever holds that port, the server cannot run
    beside it, so an answer there is the server."""
    host, port = settings.web.host, settings.web.port
    near = "127.0.0.1" if host in ("", "0.0.0.0") else "::1" if host == "::" else host
    try:
        with socket.create_connection((near, port), timeout=1.0):
            return f"{near}:{port}"
    except OSError:
        return None


def clearing(table: str, settings: CafeSettings) -> str:
    """How to clear what the broker keeps of ``table``, then restart the server."""
    broker = settings.broker
    base = ["mosquitto_pub", "-h", broker.host, "-p", str(broker.port)]
    if broker.cafile:
        base += ["--cafile", broker.cafile]
    where = split_key(settings.cafe.name, table)
    account = settings.table_account(table)
    lines = [
        "The broker still keeps its last status and state, which would bring its card back "
        "at the server's next connection: clear them and the server's ack, then restart "
        "the server (sudo systemctl restart companion-cafe):"
    ]
    if account is None:  # a chain's central server: the table's own cafe's broker keeps them
        lines.append(f"  on the broker of cafe {where[0]}, as its table's account:")
        account = f"table-{where[1]}"
    for leaf in ("status", "state"):
        login = ["-u", account, "-P", "<its password>"]
        lines.append("  " + shlex.join([*base, *login, "-r", "-n", "-t", topic(*where, leaf)]))
    login = ["-u", broker.username or "cafe-server", "-P", "<the server's password>"]
    lines.append("  " + shlex.join([*base, *login, "-r", "-n", "-t", topic(*where, "ack")]))
    return "\n".join(lines)
