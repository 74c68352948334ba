"""The server's doorman: every table's messages measured (:mod:`companion.cafe.flood`),
and a table that floods shut out at the broker (:mod:`companion.cafe.broker_admin`)
until the staff let it in again; without the broker's admin account, said in the log.

What a shut-out table's players see: their table is "offline" on the dashboard and
its screen says it cannot reach the cafe; its games stay in its journal and are sent
once it is let in. The staff see why on the table's card and page.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping

from companion.bus.contract import MessageError
from companion.cafe.broker_admin import BrokerAdmin
from companion.cafe.flood import Flood, FloodWatch
from companion.cafe.settings import CafeSettings

log = logging.getLogger("companion.cafe")


class Doorman:
    """``arrived`` from the MQTT thread; ``let_in`` and ``shut`` from the dashboard's."""

    def __init__(
        self,
        settings: CafeSettings,
        changed: Callable[[str], None],
        *,
        watch: FloodWatch | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.changed = changed
        self.watch = watch or FloodWatch()
        self.clock = clock
        self.admin = (
            BrokerAdmin(settings, self._listed, self._answered)
            if settings.broker.admin_username
            else None
        )
        #: The tables shut out at the broker (as it answered), and why.
        self._shut: dict[str, str] = {}
        #: The tables the broker was asked to shut out, not answered yet, and why.
        self._asked: dict[str, str] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        if self.admin is not None:
            self.admin.start()

    def stop(self) -> None:
        if self.admin is not None:
            self.admin.stop()

    def alive(self) -> bool:
        return self.admin is None or self.admin.alive()

    def connected(self) -> None:
        """The server's link (re)connected: the broker's backlog comes, unmeasured."""
        self.watch.connected()

    def acked(self, table: str) -> None:
        """The server published a new ack to ``table`` (the writer's thread)."""
        self.watch.acked(table)

    def arrived(self, table: str, leaf: str, size: int) -> None:
        """A message of ``size`` bytes from ``table`` on ``leaf`` (the MQTT thread)."""
        flood = self.watch.arrived(table, leaf, size)
        if flood is not None:
            self._flooding(flood)

    def shut(self) -> Mapping[str, str]:
        """The tables shut out at the broker, and why: only once the broker said so (a
        dashboard saying "shut out" of a table the broker never blocked would be lying)."""
        with self._lock:
            return dict(self._shut)

    def let_in(self, table: str) -> None:
        """The staff let ``table`` in again; MessageError if it is not shut out."""
        account = self.settings.table_account(table)
        with self._lock:
            if self.admin is None or account is None or table not in self._shut:
                raise MessageError(f"table {table} is not shut out at the broker")
            del self._shut[table]
        self.admin.let_in(account)
        self.watch.cleared(table)
        log.warning("cafe: staff let %s in again at the broker (account %s)", table, account)
        self.changed(table)

    def _flooding(self, flood: Flood) -> None:
        limits = self.watch.limits
        account = self.settings.table_account(flood.table)
        what = f"sent {flood.words()} unasked for, more than {limits.rate:,.0f} a second"
        if self.admin is None or account is None:
            log.warning(
                "cafe: %s floods: it %s; the other tables wait behind it at the broker. "
                "Shut its account out: [broker] admin_username in %s (docs/cafe.md)",
                flood.table,
                what,
                self.settings.source,
            )
            return
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.clock()))
        why = f"{stamp}: {what}"
        with self._lock:
            self._asked[flood.table] = why
        log.warning("cafe: %s floods: it %s; shutting it out at the broker", flood.table, what)
        self.admin.shut_out(account, why)

    def _answered(self, account: str, error: str | None) -> None:
        """The broker's answer to shutting ``account`` out (the admin's thread)."""
        table = self._table_of(account)
        with self._lock:
            why = self._asked.pop(table, None) if table is not None else None
            if why is not None and error is None:
                self._shut[str(table)] = why
        if table is None or why is None:
            return
        if error is not None:
            log.error(
                "cafe: the broker refused to shut %s out (account %s): %s. It is measured "
                "again; check the admin account's role in the dynamic security plugin "
                "(docs/cafe.md)",
                table,
                account,
                error,
            )
            self.watch.cleared(table)
            return
        log.warning(
            "cafe: %s shut out at the broker (account %s); the staff let it in again on its page",
            table,
            account,
        )
        self.changed(table)

    def _listed(self, accounts: Mapping[str, str]) -> None:
        """The accounts the broker holds shut out (at each connection of the admin)."""
        shut = {}
        for account, why in accounts.items():
            table = self._table_of(account)
            if table is not None:
                shut[table] = why
        with self._lock:
            before, self._shut = self._shut, shut
        for table in sorted(set(before) ^ set(shut)):
            self.changed(table)
        if shut:
            log.warning("cafe: shut out at the broker: %s", ", ".join(sorted(shut)))

    def _table_of(self, account: str) -> str | None:
        head, _, tail = self.settings.broker.table_username.partition("{table}")
        if len(account) <= len(head) + len(tail):
            return None
        if not (account.startswith(head) and account.endswith(tail)):
            return None
        return account[len(head) : len(account) - len(tail)]
