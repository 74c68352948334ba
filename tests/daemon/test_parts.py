"""The parts see the table through small protocols, not the daemon (issue 23 item 4).

Each part is made here with a fake table that has only what its protocol says
(:mod:`companion.daemon.parts`): the control cards (``ControlTable``) and the cafe's
bus (``StaffTable``) work with nothing more (mypy checks the fakes against the
protocols), so no part reaches for the daemon, the runner or the session behind the
facade.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from companion.bus.client import TableBus
from companion.bus.contract import Command
from companion.daemon.controls import Controls
from companion.daemon.parts import TableNow
from companion.daemon.remote import Remote
from companion.table.cards import TableCard


class FakeControls:
    """A :class:`ControlTable` and nothing else: it notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def undo(self, now: float) -> None:
        self.asked.append("undo")

    def select(self, now: float) -> None:
        self.asked.append("select")

    def open_start(self, now: float) -> None:
        self.asked.append("start")

    def unlock_staff(self, now: float) -> None:
        self.asked.append("unlock")

    def reset(self, now: float) -> None:
        self.asked.append("reset")


def control(name: str) -> TableCard:
    return TableCard(f"control/1/{name}", "control", name, "play")


def test_control_cards_do_what_their_buttons_would_through_the_facade() -> None:
    """Issue 23 item 4 (control and staff cards, issue 10): each card asks the table's
    facade for its button's action; a staff card unlocks the staff actions first."""
    cards = ["UNDO", "CONFIRM", "NEXT-ROUND", "NEW-GAME", "STAFF-SETTINGS", "STAFF-RESET"]
    table = FakeControls()
    controls = Controls(table)
    for name in [*cards, "SEAT2", "NOTHING"]:
        controls.placed(control(name), 1.0)
    assert table.asked == [
        "undo",
        "select",
        "select",
        "start",
        "unlock",
        "start",
        "unlock",
        "reset",
    ]


class FakeStaffTable:
    """A :class:`StaffTable` and nothing else."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.asked: list[tuple[str, object]] = []

    @property
    def now(self) -> float:
        return 5.0

    def state(self, now: float) -> TableNow:
        players = tuple(f"P{i}" for i in range(self.seats))
        return TableNow(now, None, None, players, None, None, {}, 0.0)

    def reset(self, now: float) -> None:
        self.asked.append(("reset", now))

    def message(self, text: str, now: float) -> None:
        self.asked.append(("message", text))

    def rename(self, names: Sequence[str]) -> bool:
        self.asked.append(("rename", tuple(names)))
        return len(names) == self.seats

    def offer(self, names: Sequence[str], now: float) -> str:
        self.asked.append(("offer", tuple(names)))
        return "offered"


def test_the_cafe_bus_works_the_table_through_the_staff_facade() -> None:
    """Issue 14 (the staff's reset, message and names), issue 22 (names from a phone
    offered on the OLED): the bus asks the staff facade, and nothing else."""
    table = FakeStaffTable(seats=2)
    remote = Remote(table, cast(TableBus, None))
    remote.act(Command("reset"), 1.0)
    remote.act(Command("message", text="Closing soon"), 2.0)
    remote.act(Command("names", names=("Zoe", "Yan")), 3.0)
    remote.act(Command("names", names=("Zoe", "Yan"), phone=True, nonce="n1"), 4.0)
    assert table.asked == [
        ("reset", 1.0),
        ("message", "Closing soon"),
        ("rename", ("Zoe", "Yan")),
        ("offer", ("Zoe", "Yan")),
    ]
