"""The server's half of the contract on messages that break it (CAFE_CONTRACT.md): each
is refused with one log line naming why, and the messages beside it are stored."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from cafe_fixtures import incoming
from cafe_sim import CAFE, SimTable, dumps

from companion.bus.contract import Update, check_name, parse_topic
from companion.bus.errors import MessageError
from companion.cafe.ingest import Incoming, Ingest
from companion.cafe.sqlite import SqliteStore


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"not json", "not UTF-8 JSON"),
        (b"[1]", "not a JSON object"),
        (dumps({"v": 2, "cafe": CAFE, "table": "t1"}), "version 2"),
        (dumps({"v": 1, "cafe": CAFE, "table": "t9", "game": {}}), "published under corner/t1"),
        (
            dumps(
                {
                    "v": 1,
                    "cafe": CAFE,
                    "table": "t1",
                    "game": {"id": -1, "game": "x", "started": 1.0},
                }
            ),
            "game id",
        ),
    ],
)
def test_a_message_that_breaks_the_contract_is_refused_by_name(payload: bytes, why: str) -> None:
    with pytest.raises(MessageError, match=why):
        Update.parse(CAFE, "t1", payload)


def test_names_and_topics() -> None:
    assert parse_topic(CAFE, "companion/corner/t-2/state") == ("t-2", "state")
    assert parse_topic(CAFE, "companion/other/t2/state") is None
    assert parse_topic(CAFE, "companion/corner/T2/state") is None
    with pytest.raises(MessageError, match="a-z"):
        check_name("table", "Table 2")


def test_a_bad_message_in_a_batch_is_logged_and_the_rest_stored(
    journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqliteStore(":memory:")
    ingest = Ingest(store, CAFE, clock=lambda: 0.0)
    good = incoming(SimTable("t1", 1, journal))
    bad = [Incoming("t1", "events", b"{"), Incoming("t1", "status", b"sleeping")]
    with caplog.at_level(logging.WARNING, logger="companion.cafe"):
        done = ingest.apply([*bad, *good])
    assert [r.getMessage() for r in caplog.records] == [
        "cafe: message of t1/events set aside: "
        "MessageError: companion/corner/t1/events: not UTF-8 JSON",
        "cafe: message of t1/status set aside: "
        "MessageError: status 'sleeping': neither online nor offline",
    ]
    assert store.counts() == (2, len(SimTable("t1", 1, journal).events))
    assert done.acks["t1"].games == 2
