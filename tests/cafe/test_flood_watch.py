"""Which table floods (companion/cafe/flood.py) and what the server does without the
broker's admin account (companion/cafe/doorman.py): docs/security.md, issue 22's "no
message can silence the cafe". The limits must never catch a table keeping the
contract (a few messages a second; a few hundred while it catches up on its journal;
the broker's backlog after the server's restart) and must catch a flood at once."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion.bus.contract import MessageError
from companion.cafe.batch import Incoming
from companion.cafe.doorman import Doorman
from companion.cafe.errors import SettingsError
from companion.cafe.flood import MB, Flood, FloodWatch, Limits
from companion.cafe.ingest import Ingest
from companion.cafe.settings import CafeSettings, parse_settings
from companion.cafe.sqlite import SqliteStore
from companion.settings_decoder import TOMLValue


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _watch(limits: Limits | None = None) -> tuple[FloodWatch, Clock]:
    clock = Clock()
    watch = FloodWatch(limits or Limits(), clock=clock)
    watch.connected()
    clock.now += watch.limits.grace
    return watch, clock


def _send(
    watch: FloodWatch,
    clock: Clock,
    per_second: float,
    seconds: float,
    *,
    size: int = 500,
    leaf: str = "state",
    acked: bool = False,
) -> Flood | None:
    """``t1`` sends ``per_second`` messages of ``size`` bytes on ``leaf`` for
    ``seconds`` (``acked``: each after the server's ack of the one before)."""
    for _ in range(round(per_second * seconds)):
        clock.now += 1 / per_second
        if acked:
            watch.acked("t1")
        flood = watch.arrived("t1", leaf, size)
        if flood is not None:
            return flood
    return None


def test_a_table_catching_up_on_its_journal_is_never_said_to_flood() -> None:
    """Issue 22: a table sends its events stop-and-wait, the next once the server's ack
    covers the last; back from an outage, as fast as the server acks (779 a second
    measured with the real table and server, bench/cafe_flood.py): 5,000 a second here
    for a minute, then a state every second for ten minutes: never said to flood."""
    watch, clock = _watch()
    assert _send(watch, clock, 5000, 60, leaf="events", acked=True) is None
    assert _send(watch, clock, 1, 600, size=8 * 1024) is None
    assert watch.flooding() == frozenset()


def test_events_sent_without_waiting_for_acks_flood() -> None:
    """Issue 22: the same valid events message sent again and again (the server holds
    it: no new ack invites another) floods once the 2,000 allowed over the 50 a
    second are spent: at 10,000 a second, in about 0.2 s."""
    watch, clock = _watch()
    flood = _send(watch, clock, 10_000, 5, leaf="events")
    assert flood is not None and flood.table == "t1"
    assert 2000 < flood.messages < 2100
    assert flood.seconds == pytest.approx(0.2, abs=0.01)
    assert "a second" in flood.words()
    assert _send(watch, clock, 10_000, 1) is None  # said once
    assert watch.flooding() == {"t1"}


def test_an_ack_invites_one_events_message_not_more() -> None:
    """Issue 22: acks that come close together invite at most a few messages each: a
    table flooding new events gets no room from the acks of what it sent."""
    watch, clock = _watch(Limits(rate=0.0, burst=10, grace=0))
    for _ in range(100):
        watch.acked("t1")
    assert _send(watch, clock, 100, 0.14, leaf="events") is None  # 4 invited + 10
    assert _send(watch, clock, 100, 0.01, leaf="events") is not None


def test_large_messages_are_measured_by_their_bytes() -> None:
    """Issue 22: 256 KB states 20 times a second (5 MB/s) flood by their bytes within
    about 11 s (32 MB over 2 MB/s), though their count is under 50 a second; 8 a
    second (2 MB/s) never do."""
    watch, clock = _watch()
    assert _send(watch, clock, 8, 120, size=256 * 1024) is None
    flood = _send(watch, clock, 20, 30, size=256 * 1024)
    assert flood is not None and flood.size > 32 * MB
    assert 10 < flood.seconds < 12


def test_the_brokers_backlog_after_the_servers_start_is_not_measured() -> None:
    """Issue 22: right after the server connects the broker hands over what it kept
    (up to 100,000 messages, as fast as the server reads): not a flood. The same rate
    after the grace is one."""
    clock = Clock()
    watch = FloodWatch(Limits(grace=120.0), clock=clock)
    assert watch.arrived("t1", "state", 100) is None  # before any connection
    watch.connected()
    assert _send(watch, clock, 20_000, 5) is None
    clock.now += 120.0
    assert _send(watch, clock, 20_000, 5) is not None


def test_a_table_let_in_again_has_its_whole_allowance() -> None:
    """Issue 22: once the staff let a table in, it is measured afresh."""
    watch, clock = _watch(Limits(rate=10, burst=100, grace=0))
    assert _send(watch, clock, 1000, 1) is not None
    watch.cleared("t1")
    assert watch.flooding() == frozenset()
    assert _send(watch, clock, 1000, 0.1) is None  # 100 at once: its burst, not more
    assert _send(watch, clock, 1000, 0.1) is not None


def test_without_the_admin_account_a_flood_is_logged_once_and_nothing_shut(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """docs/cafe.md: without ``[broker] admin_username`` the server cannot shut a table
    out; it names the table and the setting, once; letting it in is refused."""
    changed: list[str] = []
    doorman = Doorman(CafeSettings(), changed.append, watch=FloodWatch(Limits(grace=0)))
    doorman.connected()
    with caplog.at_level(logging.WARNING, "companion.cafe"):
        for _ in range(10_000):
            doorman.arrived("t3", "events", 300)
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and said[0].startswith("cafe: t3 floods: it sent 2,")
    assert "[broker] admin_username" in said[0]
    assert doorman.shut() == {} and changed == []
    with pytest.raises(MessageError, match="t3 is not shut out"):
        doorman.let_in("t3")


@pytest.mark.parametrize(
    ("pattern", "account", "table"),
    [
        ("table-{table}", "table-t7", "t7"),
        ("table-{table}", "cafe-admin", None),
        ("table-{table}", "table-", None),
        ("{table}.pi", "corner-4.pi", "corner-4"),
    ],
)
def test_an_account_is_read_back_to_its_table(pattern: str, account: str, table: str) -> None:
    """docs/cafe.md: the accounts the broker lists as shut out are the tables' by
    ``[broker] table_username``; the admin's own and others are not tables."""
    settings = parse_settings({"broker": {"table_username": pattern}}, "cafe.toml")
    doorman = Doorman(settings, lambda table: None)
    assert doorman._table_of(account) == table
    if table is not None:
        assert settings.table_account(table) == account


def test_a_chains_other_cafes_tables_have_no_account_here() -> None:
    """docs/cafe.md "A chain of cafes": another cafe's tables come through its bridge."""
    assert CafeSettings().table_account("harbour.t1") is None


@pytest.mark.parametrize(
    ("broker", "said"),
    [
        ({"table_username": "table"}, "table_username must hold {table}"),
        ({"admin_username": "cafe-admin"}, "admin_username needs admin_password_file"),
    ],
)
def test_wrong_admin_settings_are_named(broker: dict[str, TOMLValue], said: str) -> None:
    """The settings' errors name the file and the key."""
    with pytest.raises(SettingsError, match=said):
        parse_settings({"broker": broker}, "cafe.toml")


def test_a_flood_of_malformed_messages_is_not_a_flood_of_log_lines(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: each message set aside made a warning line: a table sending 70,000
    malformed messages a second made 90,686 lines in 10 s. Now the first is said, the
    rest of the minute's burst counted; every one is still set aside for the staff."""
    ingest = Ingest(SqliteStore(str(tmp_path / "cafe.db")), "corner", clock=lambda: 5.0)
    with caplog.at_level(logging.WARNING, "companion.cafe"):
        for start in range(0, 2000, 100):
            ingest.apply([Incoming("t1", "events", b"{}") for _ in range(start, start + 100)])
    said = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("cafe: message of t1/events set aside")
    assert ingest.store.quarantined(10)[0].times == 2000
