"""``companion cafe forget TABLE`` (docs/cafe.md "Taking a table off the dashboard"):
before, nothing took a phantom or retired table's card off the dashboard: the database
kept its row, and the broker its retained ``state``, which made it again at each of
the server's connections."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from cafe_fixtures import STATE, Servers
from cafe_sim import CAFE, SimTable, play_journal, wait_until
from paho.mqtt.enums import CallbackAPIVersion

from companion.bus.contract import TableState
from companion.cli import main


def _cleared(port: int, topics: list[str]) -> None:
    """What the printed ``mosquitto_pub -r -n`` lines do: an empty retained message."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="staff-clearing")
    client.connect("127.0.0.1", port, 10)
    client.loop_start()
    for name in topics:
        client.publish(name, b"", qos=1, retain=True).wait_for_publish(10)
    client.disconnect()
    client.loop_stop()


def test_a_forgotten_table_stays_off_the_dashboard_once_the_broker_forgets_it(
    servers: Servers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real broker keeps t1's and t2's retained status and state; t1 is forgotten
    (the server stopped), the broker's retained messages cleared as the command says:
    the restarted server shows t2 alone, and t1's games stay in the history."""
    server = servers.start()
    port = servers.settings.broker.port
    journal = play_journal(tmp_path / "journal.db", games=1)
    tables = [SimTable(name, port, journal) for name in ("t1", "t2")]
    for table in tables:
        table.connect()
        table.play()
        state = TableState.of(table.name, STATE, table.name).payload(table.topics)
        table.publish("state", state, retain=True)
    wait_until(lambda: {c.name for c in server.tables()} == {"t1", "t2"}, what="both cards")
    wait_until(lambda: server.ingest.ack_of("t1").games == 1, what="t1's game")
    for table in tables:
        table.drop()  # gone without a word: the broker publishes its will, "offline"
    # Long gone, as a table forgotten is: its will published (retained) before the
    # clearing, or, on a loaded machine, it would come after it and make the card again.
    wait_until(
        lambda: all(server.ingest.tables[t.name].status == "offline" for t in tables),
        what="both tables' wills",
    )
    servers.stop(server)

    db = str(servers.settings.database_path())
    where = ["cafe", "--name", CAFE, "--broker", f"127.0.0.1:{port}"]
    with socket.create_server(("127.0.0.1", 0)) as dashboard:  # a server still running
        listen = f"127.0.0.1:{dashboard.getsockname()[1]}"
        assert main([*where, "--listen", listen, "forget", "t1", "--db", db]) == 2
    err = capsys.readouterr().err
    assert f"the cafe server answers on {listen} (its dashboard): stop it first" in err
    where += ["--listen", listen]  # closed now: the server stopped
    assert main([*where, "forget", "t9", "--db", db]) == 2
    assert "no table 't9' in the cafe's database" in capsys.readouterr().err
    assert main([*where, "forget", "t1", "--db", db]) == 0
    said = capsys.readouterr().out
    assert "t1 forgotten" in said and "restart the server" in said
    topics = re.findall(r"mosquitto_pub .* -r -n -t (\S+)", said)
    assert topics == [f"companion/{CAFE}/t1/{leaf}" for leaf in ("status", "state", "ack")]
    assert "-u table-t1 -P '<its password>'" in said
    _cleared(port, topics)

    again = servers.start()
    wait_until(lambda: "t2" in {c.name for c in again.tables()}, what="t2's card again")
    again.writer.flush()  # every retained message handed over is taken
    assert [c.name for c in again.tables()] == ["t2"]
    assert again.store.game("t1", 1) is not None  # the history keeps its games


def _messages(table: SimTable, games: int) -> list[bytes]:
    """``table``'s rows and events of its first ``games`` games, one message each."""
    rows = [table.game_message(game) for game in table.games[:games]]
    events = [table.event_message(i) for i, (game, _) in enumerate(table.events)]
    return rows + [m for m, (game, _) in zip(events, table.events, strict=True) if game.id <= games]


def test_a_forgotten_table_with_a_second_card_is_stored_again_when_it_comes_back(
    tmp_path: Path,
) -> None:
    """docs/cafe.md: a table forgotten and back (a name re-used) sends its journal again
    and is stored. Its journals stay in the database; one of a second SD card is
    numbered after the first's games, so its new row acks from that journal's bases,
    not from 0 (which no message of that journal could ever move: it waited for ever)."""
    from companion.cafe.ingest import Incoming, Ingest
    from companion.cafe.sqlite import SqliteStore
    from companion.cli.cafe_forget import FORGOTTEN

    old = SimTable("t1", 1, play_journal(tmp_path / "old.db", games=1))
    new = SimTable("t1", 1, play_journal(tmp_path / "new.db", games=2))
    path = str(tmp_path / "cafe.db")
    ingest = Ingest(SqliteStore(path), CAFE, clock=lambda: 2_000_000_000.0)
    for message in [*_messages(old, 1), *_messages(new, 1)]:
        ingest.apply([Incoming("t1", "events", message)])
    ingest.store.close()
    store = SqliteStore(path)
    store.begin()
    for sql in FORGOTTEN:
        store.execute(sql, ("t1",))
    store.commit()
    store.close()

    again = Ingest(SqliteStore(path), CAFE, clock=lambda: 2_000_000_100.0)
    assert "t1" not in again.tables
    for message in _messages(new, 2):  # its whole journal again, as from an ack of 0
        again.apply([Incoming("t1", "events", message)])
    ack = again.ack_of("t1")
    assert (ack.journal, ack.seq, ack.games) == (new.identity, len(new.events), 2)
    again.store.close()
