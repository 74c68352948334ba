"""The demo's table: the cards of a script put down one key at a time (``companion ui-demo``).

A :class:`ScriptedTable` holds the script of the game started (a seeded random game
of the rules engine, or ``--script FILE``: :mod:`companion.cli.ui_demo_table`) and
hands its table events to the daemon's runner as the demo's table keys ask: the next
card, the end of the trick, of the round, of the game. It waits where the script
waits for the buttons, and puts back down what an undo took off the record.
"""

from __future__ import annotations

from pathlib import Path

from companion.cli.ui_demo_table import TableStep, answered, load_script, table_script, wild_note
from companion.daemon.runner import TableRunner
from companion.flows.status import FlowStatus, RummyStatus, TrickStatus
from companion.table.cards import TableCard
from companion.ui.commands import StartGame


class ScriptedTable:
    """The table's cards, one step per key; a new script for every game started."""

    def __init__(self, runner: TableRunner, *, script: Path | None, seed: int) -> None:
        self.runner = runner
        self.script = load_script(script) if script is not None else None
        self.seed = seed
        self.steps: list[TableStep] = []
        self.done = 0
        #: What the script waits for (printed to stderr by the demo).
        self.notes: list[str] = []
        #: The cards the script put down and has not taken away, by key.
        self.lying: dict[str, TableCard] = {}

    def started(self, command: StartGame) -> None:
        if self.script is not None:
            self.steps = list(self.script)
        else:
            players = len(command.players)
            self.steps = table_script(command.game, players, command.variants, seed=self.seed)
        self.done = 0

    def advance(self, how: str, now: float) -> int:
        """Put the next cards down (``card``, ``trick``, ``round``, ``game``); how many.

        A pause of the script (a wild card's number, count the hands, end the round)
        holds every kind of advance until the buttons did what it says
        (:func:`~companion.cli.ui_demo_table.answered`); its note (what to press) is
        said whenever the table stops before it, so a key pressed too soon says it again.
        """
        start = self.done
        while self.done < len(self.steps) and self.runner.app.game is not None:
            step = self.steps[self.done]
            if step.card is None:
                if not answered(step, self._status()):
                    break
                self.done += 1
                continue
            self.done += 1
            self.runner.table(step.table_event(now), now)
            if step.event == "placed":
                self.lying[step.card.key] = step.card
            else:
                self.lying.pop(step.card.key, None)
            if how == "card" and step.event == "placed":
                break
            if self._ends(how):
                break
        waiting = self.steps[self.done] if self.done < len(self.steps) else None
        if waiting is not None and waiting.card is None and not answered(waiting, self._status()):
            self.notes.append(self._said(waiting))
        return self.done - start

    def _status(self) -> FlowStatus | None:
        """The flow's facts now (None once the game is over)."""
        flow = self.runner.session.flow
        return flow.status() if flow is not None else None

    def _said(self, step: TableStep) -> str:
        """A pause's note, a wild card's worked out from the cards lying now."""
        return wild_note(step, self.runner.app.status, self.runner.app.game or "")

    def on_record(self) -> tuple[str, ...]:
        """The keys the flow has on record, the newest first."""
        flow = self.runner.session.flow
        status = flow.status() if flow is not None else None
        if not isinstance(status, TrickStatus | RummyStatus):
            return ()
        return tuple(r.key for r in status.recorded if not r.refused)

    def taken_back(self, before: tuple[str, ...]) -> None:
        """An undo took cards off the record (``before``: what was on it): they still lie
        on the table, so the demo's players pick them up and put them down again with
        the next card key, oldest first, as a table would (issue 10)."""
        after = set(self.on_record())
        undone = [
            self.lying[key] for key in reversed(before) if key not in after and key in self.lying
        ]
        again = [TableStep(event, card) for card in undone for event in ("removed", "placed")]
        self.steps[self.done : self.done] = again

    def _ends(self, how: str) -> bool:
        """A trick ends when its cards are all cleared; a round when its last trick is."""
        steps, at = self.steps, self.done
        following = steps[at] if at < len(steps) else None
        cleared = steps[at - 1].event == "removed" and (
            following is None or following.event != "removed"
        )
        if how == "trick":
            return cleared
        if how == "round":  # the next step is another round's (or the end)
            return cleared and (following is None or following.round != steps[at - 1].round)
        return False
