"""A game rebuilt from its journal: its flow made, and every input read back handed to it.

A game's state is the replay of its journal: :func:`replay` makes the game's flow and
hands it every input journaled, read back by :func:`~companion.session.codec.decode`
(cards placed and removed, sightings, commands), noting in
:class:`~companion.session.lying.Lying` what lies on the table by then. A row the game
cannot take ends the replay there (:class:`~companion.session.game.Session` sets the
rest aside).

    done = replay(journal, journal.unfinished())
    done.flow, done.lying.cards, done.lying.pending()
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from companion.flows.base import FlowInput, GameFlow, Notice
from companion.games.game_options import GameOptions
from companion.games.json_types import JSON
from companion.journal.rows import GameEntry
from companion.journal.store import Journal
from companion.session.codec import KINDS, decode
from companion.session.lying import Lying

log = logging.getLogger(__name__)


class FlowFactory(Protocol):
    """Makes a game's flow: :func:`~companion.flows.registry.make_flow` (the default),
    or a test's. ``options`` are checked :class:`GameOptions` for a game started now,
    and the journal's JSON for a game read back, which the factory checks."""

    def __call__(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        options: GameOptions | Mapping[str, JSON],
    ) -> GameFlow: ...


def default_factory(
    game: str,
    players: Sequence[str],
    variants: Sequence[str],
    *,
    options: GameOptions | Mapping[str, JSON],
) -> GameFlow:
    from companion.flows.registry import make_flow

    return make_flow(game, players, variants, options=options)


def feed(flow: GameFlow, kind: str, payload: Mapping[str, JSON]) -> list[Notice]:
    """One journal row handed to ``flow`` (a row of an unknown kind is skipped): what
    the cafe server replays a table's events with."""
    if kind not in KINDS:
        log.warning("journal: unknown event kind %r skipped", kind)
        return []
    return flow.take(decode(kind, payload))


@dataclass
class Replay:
    """A game rebuilt from its journal: its flow (None when it cannot be made) and the
    options it was made with, how many events it took, the first one it could not take
    with why, and what lies on the table by the events taken."""

    flow: GameFlow | None
    used: int
    bad_seq: int | None = None
    problem: str | None = None
    lying: Lying = field(default_factory=Lying)
    options: GameOptions | None = None


def replay(journal: Journal, entry: GameEntry, factory: FlowFactory | None = None) -> Replay:
    """The flow of ``entry`` rebuilt from its events, writing nothing (``companion
    export`` replays a game in play with it; :meth:`Session.resume` sets aside what
    it could not take)."""
    make = factory or default_factory

    def fresh() -> GameFlow:
        return make(entry.game, entry.players, entry.variants, options=entry.options)

    # Whatever a damaged row makes the game raise, it must not stop the table: the
    # row is where the replay ends (the journal only ever held inputs the same code took).
    try:
        flow = fresh()  # the factory checks the options read back: the journal is an edge
        options = GameOptions.from_json(entry.game, entry.options)
    except Exception as exc:
        return Replay(None, 0, problem=f"{type(exc).__name__}: {exc}")
    lying = Lying()
    taken: list[FlowInput] = []
    events = journal.events(entry.id)
    for used, row in enumerate(events):
        if row.kind not in KINDS:
            log.warning("journal: unknown event kind %r skipped", row.kind)
            lying.last = row.at
            continue
        try:
            event = decode(row.kind, row.payload, at=row.at)
            flow.take(event)
        except Exception as exc:
            flow = fresh()  # the event may have half-changed it: again, up to the one before
            for earlier in taken:
                flow.take(earlier)
            return Replay(flow, used, row.seq, f"{type(exc).__name__}: {exc}", lying, options)
        taken.append(event)
        lying.see(event, row.at)
    return Replay(flow, len(events), lying=lying, options=options)
