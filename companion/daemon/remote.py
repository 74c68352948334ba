"""The cafe's bus seen from the daemon's loop: the table's state out, staff commands in.

:meth:`Remote.turn` runs once per turn of the main loop and never waits: it takes
the staff commands the bus's thread accepted (``reset``, ``message``, ``names``) and
carries them out as the buttons would, tells the bus when the journal has news, and
at most once a second offers the table's state, when it changed (the time and the
idle seconds apart: the server adds the seconds since ``at`` to ``idle``), or when the
table's clock was set (NTP, after a start with the time of the last shutdown: the
server's idle time would go by the old clock).

A part of the daemon (:mod:`companion.daemon.parts`): it sees the table as the staff
work it (:class:`~companion.daemon.parts.StaffTable`: reset, message, rename, state,
and names from a phone offered), and the players' page when there is one
(:class:`PhonePage`: the names typed on a phone, the page's fields in the state).

    Remote(table, bus, phone)     # companion.daemon.build makes it
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from companion.bus.client import TableBus
from companion.bus.contract import Answer, Command, GameFacts, PageLink, TableState
from companion.bus.messages import game_state
from companion.daemon.parts import StaffTable
from companion.views.names import named_twice

log = logging.getLogger(__name__)

#: The state is offered at most this often.
STATE_SECONDS = 1.0
#: Seconds the wall clock may move against the loop's before the state is offered again.
CLOCK_SET_SECONDS = 2.0


class PhonePage(Protocol):
    """What the cafe's bus asks of the players' page (:class:`~companion.daemon.phone.Phone`)."""

    def take(self, names: Sequence[str]) -> str: ...

    def paged(self, facts: GameFacts) -> GameFacts: ...

    def setup_link(self) -> PageLink | None: ...


class Remote:
    """Joins a :class:`~companion.bus.client.TableBus` to the daemon's loop."""

    def __init__(self, table: StaffTable, bus: TableBus, phone: PhonePage | None = None) -> None:
        self.table = table
        self.bus = bus
        self.phone = phone
        self._next_state = float("-inf")
        self._offered: TableState | None = None
        self._offset = 0.0  # the offered state's wall clock less the loop's
        self._answer: Answer | None = None

    def start(self) -> None:
        """The bus's thread, and the table's log lines to it (staff see them)."""
        logging.getLogger().addHandler(self.bus.logs)
        self.bus.start()

    def close(self) -> None:
        logging.getLogger().removeHandler(self.bus.logs)
        self.bus.close()

    def turn(self, now: float, changed: bool) -> None:
        """The commands waiting, the journal's news, the state when due."""
        while True:
            try:
                command = self.bus.commands.get_nowait()
            except queue.Empty:
                break
            self.act(command, now)
            changed = True
        if changed:
            self.bus.wake()
        if now >= self._next_state:
            self._next_state = now + STATE_SECONDS
            state = self.state(now)
            same = replace(state, at=0.0, idle=0.0)
            offset = state.at - now
            if same != self._offered or abs(offset - self._offset) > CLOCK_SET_SECONDS:
                self._offered, self._offset = same, offset
                self.bus.offer_state(state)

    def act(self, command: Command, now: float) -> None:
        """A checked staff command, carried out as the table's own inputs are."""
        table = self.table
        if command.action == "reset":
            log.warning("cafe: staff reset the table")
            table.reset(now)
        elif command.action == "message":
            log.info("cafe: staff message shown: %s", command.text)
            table.message(command.text, now)
        elif command.action == "names":
            names = list(command.names)
            if command.phone:  # typed on a phone: the table confirms them
                self.answer_phone(command.nonce, names, now)
                return
            twice = named_twice(names)
            if twice is not None:  # as the OLED's wheel and the phone page refuse it
                log.warning(
                    "cafe: names %s refused: %s is named twice; give each seat its own name",
                    ", ".join(names),
                    twice,
                )
                return
            if not table.rename(names):
                log.warning(
                    "cafe: names %s refused: the game in play has %d fixed or other seats",
                    ", ".join(names),
                    len(table.state(now).players),
                )
                return
            log.info("cafe: staff named the players %s", ", ".join(names))

    def answer_phone(self, nonce: str, names: list[str], now: float) -> None:
        """Names typed on a phone, offered on the OLED (the latest waits for it: one
        offer) or refused for the game's state; the answer, naming the command's nonce,
        goes in the next state at once, and the server tells the phone (issue 22)."""
        phone = self.phone
        answer = phone.take(names) if phone is not None else self.table.offer(names, now)
        log.info("cafe: names %s from a phone: %s", ", ".join(names), answer)
        self._answer = Answer(nonce, answer)
        self._next_state = now

    def state(self, now: float) -> TableState:
        """The contract's ``state`` of the table now."""
        here = self.table.state(now)
        game, setup = None, None
        if here.flow is None and self.phone is not None:  # the page before a game (issue 15)
            setup = self.phone.setup_link()
        if here.flow is not None:
            game = game_state(here.game_id, here.flow, here.players)
            if here.journal:  # the id is this journal's (issue 26: the server renumbers)
                game = replace(game, journal=here.journal)
            if self.phone is not None:  # the players' page (issue 15): optional fields
                game = self.phone.paged(game)
        return TableState(
            self.bus.settings.topics.table,
            at=here.at,
            game=game,
            devices=here.devices,
            idle=here.idle,
            setup=setup,
            answer=self._answer,  # the last answer to a phone's names (optional)
        )
