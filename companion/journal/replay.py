"""Journaled inputs read back: the card rows' codec, a flow fed, and a game rebuilt.

A game's state is the replay of its journal: :func:`replay` makes the game's flow and
feeds it every input journaled (cards placed and removed, sightings, commands) with
:func:`feed`, noting in :class:`Lying` what lies on the table by then and what was
sighted in the last moments and never placed (issue 22 item 6). A row the game
cannot take ends the replay there (:class:`~companion.session.Session` sets the rest
aside). Cards are journaled as :func:`card_payload` writes them.

    done = replay(journal, journal.unfinished())
    done.flow, done.lying.cards, done.lying.pending()
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from companion.flows.base import GameFlow, Notice
from companion.flows.commands import Undo, from_json
from companion.journal.errors import EventError
from companion.journal.rows import GameEntry
from companion.journal.store import Journal
from companion.table.cards import TableCard

log = logging.getLogger(__name__)

#: Sightings at most this long (seconds of table time) before the journal's last input
#: are still the tracker's candidates when the power fails: a card not confirmed so
#: long after it was first seen was a card in a hand, or is gone.
PENDING_SECONDS = 3.0


class FlowFactory(Protocol):
    def __call__(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        options: Mapping[str, Any],
    ) -> GameFlow: ...


def default_factory(
    game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
) -> GameFlow:
    from companion.flows.registry import make_flow

    return make_flow(game, players, variants, options=options)


def card_payload(event: str, card: TableCard) -> dict[str, Any]:
    payload = asdict(card)
    payload["event"] = event
    if card.position is not None:
        payload["position"] = list(card.position)
    if card.extent is None:
        del payload["extent"]  # a layout with no card size: rows as they always were
    else:
        payload["extent"] = list(card.extent)
    return payload


def _text(payload: Mapping[str, Any], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise EventError(f"table event: {key!r} is {value!r}, not a text")
    return value


def _pair(payload: Mapping[str, Any], key: str) -> tuple[float, float] | None:
    """``payload[key]`` as two numbers; None when absent (rows written before the key)."""
    value = payload.get(key)
    if value is None:
        return None
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise EventError(f"table event: {key} {value!r} is not two numbers")
    return (float(value[0]), float(value[1]))


def card_from_payload(
    payload: Mapping[str, Any], events: tuple[str, ...] = ("placed", "removed")
) -> tuple[str, TableCard]:
    """The inverse of :func:`card_payload`; raises :class:`EventError` for a payload
    it did not write (``events``: the events the row's kind may hold)."""
    event = _text(payload, "event")
    if event not in events:
        raise EventError(f"table event: {event!r} is not {' or '.join(events)}")
    position = _pair(payload, "position")
    extent = _pair(payload, "extent")
    if extent is not None and min(extent) <= 0:
        raise EventError(f"table event: extent {list(extent)!r} is not a size (both above 0)")
    card = TableCard(
        key=_text(payload, "key"),
        deck=_text(payload, "deck"),
        notation=_text(payload, "notation"),
        zone=_text(payload, "zone"),
        position=position,
        face_down=payload.get("face_down", False) is True,
        facing=facing if isinstance(facing := payload.get("facing"), str) else None,
        extent=extent,
    )
    return event, card


def feed(flow: GameFlow, kind: str, payload: Mapping[str, Any]) -> list[Notice]:
    """One journaled input handed to ``flow`` (an unknown kind is skipped)."""
    if kind == "table":
        event, card = card_from_payload(payload)
        return flow.placed(card) if event == "placed" else flow.removed(card)
    if kind == "sighting":
        return flow.sighted(card_from_payload(payload, ("sighted",))[1])
    if kind == "command":
        match from_json(payload):  # a row no command answers to: CommandError
            case Undo():
                return flow.undo()
            case command:
                return flow.command(command)
    log.warning("journal: unknown event kind %r skipped", kind)
    return []


class Lying:
    """The cards on the table by the journal's table events: placed and not removed;
    and the cards sighted and not placed since, with when (table time)."""

    def __init__(self) -> None:
        self.cards: dict[str, TableCard] = {}
        self.sighted: dict[str, tuple[float, TableCard]] = {}
        self.last = 0.0  # the latest input's time

    def see(self, kind: str, payload: Mapping[str, Any], at: float) -> None:
        """One journaled input at ``at`` (read after the flow took it: the payload is good)."""
        self.last = at
        if kind == "sighting":
            card = card_from_payload(payload, ("sighted",))[1]
            self.sighted[card.key] = (at, card)
            return
        if kind != "table":
            return
        event, card = card_from_payload(payload)
        self.sighted.pop(card.key, None)
        if event == "placed":
            self.cards[card.key] = card
        else:
            self.cards.pop(card.key, None)

    def pending(self) -> list[TableCard]:
        """Cards sighted within :data:`PENDING_SECONDS` of the latest input, not placed."""
        since = self.last - PENDING_SECONDS
        return [
            card for at, card in self.sighted.values() if at >= since and card.key not in self.cards
        ]


@dataclass
class Replay:
    """A game rebuilt from its journal: its flow (None when it cannot be made), how many
    events it took, the first one it could not take with why, and what lies on the
    table by the events taken."""

    flow: GameFlow | None
    used: int
    bad_seq: int | None = None
    problem: str | None = None
    lying: Lying = field(default_factory=Lying)


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
        flow = fresh()
    except Exception as exc:
        return Replay(None, 0, problem=f"{type(exc).__name__}: {exc}")
    events = journal.events(entry.id)
    lying = Lying()
    for used, event in enumerate(events):
        try:
            feed(flow, event.kind, event.payload)
        except Exception as exc:
            flow = fresh()  # the event may have half-changed it: again, up to the one before
            for earlier in events[:used]:
                feed(flow, earlier.kind, earlier.payload)
            return Replay(flow, used, event.seq, f"{type(exc).__name__}: {exc}", lying)
        lying.see(event.kind, event.payload, event.at)
    return Replay(flow, len(events), lying=lying)
