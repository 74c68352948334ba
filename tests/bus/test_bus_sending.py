"""The outbox and the sender without a broker (issue 14, docs/cafe.md "events" and
"ack"): what is sent, in which order, what an ack covers, when a message goes again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.bus.contract import Ack, Topics
from companion.bus.outbox import Outbox, Outgoing
from companion.bus.sender import RESEND_MAX, Sender
from companion.journal import GameResult, Journal

PLAYERS = ["Ana", "Ben", "Cy"]


def sent(outbox: Outbox) -> list[tuple[str, int | None]]:
    """Every message the outbox has now, as ("row", ended) or ("event", seq)."""
    out: list[tuple[str, int | None]] = []
    more = True
    while more:
        batch, more = outbox.next_batch()
        for message in batch:
            body = json.loads(message.payload)
            if body["event"] is None:
                out.append(("row", body["game"]["id"]))
            else:
                out.append(("event", body["event"]["seq"]))
    return out


def test_rows_go_before_their_events_and_again_when_they_change(tmp_path: Path) -> None:
    """Contract "events": a game row when a game starts, and again when it ends (or
    its players are renamed); its events after its row, by seq."""
    journal = Journal.open(tmp_path / "j.db")
    outbox = Outbox(tmp_path / "j.db", Topics("rosie", "t1"), batch=3)
    outbox.restart(Ack())
    one = journal.start_game("fibonachos", PLAYERS, [], started=1.0)
    seqs = [journal.append(one, "table", {"n": i}, at=2.0) for i in range(4)]
    assert sent(outbox) == [("row", one)] + [("event", s) for s in seqs]
    assert sent(outbox) == []
    journal.set_players(one, ["Zoe", "Yan", "Xi"])
    journal.end_game(one, GameResult("over"), ended=3.0)
    two = journal.start_game("fibonachos", PLAYERS, [], started=4.0)
    later = journal.append(two, "table", {"n": 9}, at=5.0)
    assert sent(outbox) == [("row", one), ("row", two), ("event", later)]
    assert sent(outbox) == []  # an ended game is not looked at again
    outbox.close()
    journal.close()


def test_a_restart_sends_from_the_ack(tmp_path: Path) -> None:
    """Contract "ack": events after N, game rows from M on, and the rows of the games
    of those events."""
    journal = Journal.open(tmp_path / "j.db")
    games, seqs = [], []
    for g in range(3):
        games.append(journal.start_game("fibonachos", PLAYERS, [], started=float(g)))
        seqs += [journal.append(games[-1], "table", {"n": i}, at=1.0) for i in range(3)]
        journal.end_game(games[-1], GameResult("over"), ended=2.0)
    outbox = Outbox(tmp_path / "j.db", Topics("rosie", "t1"))
    outbox.restart(Ack(seq=seqs[4], games=games[2]))
    expected = [("row", games[1]), ("row", games[2])] + [("event", s) for s in seqs[5:]]
    assert sent(outbox) == expected
    outbox.restart(Ack(seq=seqs[-1], games=games[2]))
    assert sent(outbox) == [("row", games[2])]
    outbox.close()
    journal.close()


def test_an_unreadable_event_is_left_out_not_a_wall(tmp_path: Path) -> None:
    """A damaged row (its checksum fails) is not sent; the events after it are."""
    journal = Journal.open(tmp_path / "j.db")
    game = journal.start_game("fibonachos", PLAYERS, [], started=1.0)
    seqs = [journal.append(game, "table", {"n": i}, at=2.0) for i in range(3)]
    journal.end_game(game, GameResult("over"), ended=3.0)
    with sqlite3.connect(tmp_path / "j.db") as db:
        db.execute("UPDATE events SET payload = '{\"n\":7}' WHERE seq = ?", (seqs[1],))
    outbox = Outbox(tmp_path / "j.db", Topics("rosie", "t1"))
    outbox.restart(Ack())
    assert sent(outbox) == [("row", game), ("event", seqs[0]), ("event", seqs[2])]
    outbox.close()
    journal.close()


def test_what_an_ack_covers() -> None:
    event = Outgoing(b"", game=2, seq=7)
    assert not event.covered(Ack(6, 9), Ack(6, 9)) and event.covered(Ack(7, 0), Ack())
    row = Outgoing(b"", game=2)
    assert not row.covered(Ack(9, 1), Ack(9, 1)) and row.covered(Ack(0, 2), Ack())
    assert row.covered(Ack(9, 2), Ack(9, 2))  # a row of a game held: never waited for


class Box:
    """An outbox of three events that records its restarts."""

    def __init__(self) -> None:
        self.cursor = 0
        self.restarts: list[Ack] = []
        self._left = [Outgoing(f"e{s}".encode(), 1, s) for s in (1, 2, 3)]

    def next_batch(self) -> tuple[list[Outgoing], bool]:
        batch, self._left = self._left, []
        return batch, False

    def restart(self, ack: Ack) -> None:
        self.restarts.append(ack)
        self._left = [Outgoing(f"e{s}".encode(), 1, s) for s in (1, 2, 3) if s > ack.seq]

    def ended_row(self, game_id: int) -> Outgoing | None:
        """Game 1 is ended in this journal; game 2 is in play."""
        return Outgoing(b"end1", 1) if game_id == 1 else None


def test_a_game_the_ack_holds_open_but_the_journal_ended_has_its_end_sent_again() -> None:
    """Contract "ack" ``open``: the ack covers game 1 (games: 2) but holds it open: its
    end row was lost. Sent again at once after a (re)start, then every resend_after
    seconds while the ack lists it; never the game still in play; no more once held."""
    now = [0.0]
    published: list[bytes] = []
    sender = Sender(Box(), published.append, resend_after=5.0, clock=lambda: now[0])
    held = Ack(3, 2, open=(1, 2))
    sender.restart(held)
    sender.step(held)
    assert published == [b"end1"]  # the events up to 3 are held: only the lost end
    now[0] = 4.0
    sender.step(held)
    assert published.count(b"end1") == 1  # on its way: given time to be acknowledged
    now[0] = 10.5
    sender.step(held)
    assert published.count(b"end1") == 2
    now[0] = 100.0
    sender.step(Ack(3, 2, open=(2,)))
    assert published.count(b"end1") == 2


def test_one_message_out_at_a_time_and_again_after_a_growing_delay() -> None:
    """Issue 14: the next message goes only once the ack covers the last, so the
    server's ack never jumps one it missed; one not acknowledged goes again from the
    ack after resend_after seconds, then twice as long each time (up to a minute)."""
    now = [0.0]
    published: list[bytes] = []
    box = Box()
    sender = Sender(box, published.append, resend_after=5.0, clock=lambda: now[0])
    assert sender.step(Ack()) == 5.0 and published == [b"e1"]
    now[0] = 4.9
    assert sender.step(Ack()) < 0.2 and published == [b"e1"]
    now[0] = 5.0
    assert sender.step(Ack()) == 10.0 and published == [b"e1", b"e1"]
    assert box.restarts == [Ack()]
    now[0] = 6.0
    sender.step(Ack(1, 1))
    assert published[-1] == b"e2" and sender.delay == 5.0  # acked: the delay is back
    for _ in range(10):
        now[0] += 1000.0
        sender.step(Ack(1, 1))
    assert sender.delay == RESEND_MAX and published.count(b"e2") == 11
