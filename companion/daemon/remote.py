"""The cafe's bus seen from the daemon's loop: the table's state out, staff commands in.

:meth:`Remote.turn` runs once per turn of the main loop and never waits: it takes
the staff commands the bus's thread accepted (``reset``, ``message``, ``names``) and
carries them out as the buttons would, tells the bus when the journal has news, and
at most once a second offers the table's state, when it changed (the time and the
idle seconds apart: the server adds the seconds since ``at`` to ``idle``).

    daemon.remote = Remote(daemon, bus)     # companion.daemon.build does it
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.bus.client import TableBus
from companion.bus.contract import Command, TableState
from companion.bus.messages import game_state
from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say

if TYPE_CHECKING:
    from companion.daemon.runtime import Daemon

log = logging.getLogger(__name__)

#: The state is offered at most this often.
STATE_SECONDS = 1.0


def apply_names(daemon: Daemon, names: Sequence[str]) -> bool:
    """New player names for the game in play (or the one being set up), from the cafe's
    staff or a phone: the OLED's, the journal's, the flow's. False if the game cannot
    take them (fixed sides, another number of seats)."""
    app, session = daemon.app, daemon.session
    if not app.set_names(names):
        return False
    session.rename(names)
    if session.flow is not None:
        app.flow_status(session.flow.status())
    return True


class Remote:
    """Joins a :class:`~companion.bus.client.TableBus` to the daemon's loop."""

    def __init__(self, daemon: Daemon, bus: TableBus) -> None:
        self.daemon = daemon
        self.bus = bus
        self._next_state = float("-inf")
        self._offered: TableState | None = None

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
            if same != self._offered:
                self._offered = same
                self.bus.offer_state(state)

    def act(self, command: Command, now: float) -> None:
        """A checked staff command, carried out as the table's own inputs are."""
        daemon = self.daemon
        app = daemon.app
        if command.action == "reset":
            log.warning("cafe: staff reset the table")
            daemon.controls.reset(now)
        elif command.action == "message":
            text = command.text
            log.info("cafe: staff message shown: %s", text)
            said = Said(Say.STAFF_MESSAGE, text=text)
            app.notices([Notice(NoticeKind.INFO, text, said=said)], now)
        elif command.action == "names":
            names = list(command.names)
            if command.phone and daemon.phone is not None:
                daemon.phone.offer(names)  # the latest waits for the OLED: one offer
                log.debug("cafe: names %s from a phone, for the table to confirm", ", ".join(names))
                return
            if command.phone:  # typed on a phone: the table confirms them
                if app.propose_names(names, now):
                    log.info("cafe: names %s from a phone offered to the table", ", ".join(names))
                else:
                    log.warning("cafe: names %s from a phone refused", ", ".join(names))
                return
            if not apply_names(daemon, names):
                log.warning(
                    "cafe: names %s refused: the game in play has %d fixed or other seats",
                    ", ".join(names),
                    len(app.players),
                )
                return
            log.info("cafe: staff named the players %s", ", ".join(names))

    def state(self, now: float) -> TableState:
        """The contract's ``state`` of the table now."""
        daemon = self.daemon
        session, links = daemon.session, daemon.links
        flow = session.flow
        game, setup = None, None
        if flow is None and daemon.phone is not None:  # the page before a game (issue 15)
            setup = daemon.phone.setup_fields()
        if flow is not None:
            game = game_state(session.game_id, flow, list(daemon.app.players))
            if daemon.phone is not None:  # the players' page (issue 15): optional fields
                game.update(daemon.phone.bus_fields())
        devices = {
            name: "ok" if link.status.ok else "lost"
            for name, link in (
                ("camera", links.camera),
                ("display", links.display),
                ("buttons", links.buttons),
            )
        }
        devices["journal"] = "not saved" if session.memory_only else "ok"
        return TableState(
            self.bus.settings.topics.table,
            at=session.clock(),
            game=game,
            devices=devices,
            idle=max(0.0, now - daemon.app.last_input),
            setup=setup,
        )
