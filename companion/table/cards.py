"""The table's output: a physical card as the tracker reports it to the game flows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.json_types import JSON, JSONObject
from companion.table.errors import EventError


@dataclass(frozen=True)
class TableCard:
    """A physical card as the table shows it: the flow's view of a tracker event.

    ``key`` is unique per physical card (deck, copy and serial); ``notation`` is the
    face with its serial (``R1#2``, docs/notation.md); ``zone`` is the layout zone
    it lies in (``play``, ``spicy``, ``trump-indicator``, ``symbol-indicator``,
    ``meld-0`` ... ``meld-4``); ``position`` its centre in frame coordinates 0-1.
    ``facing`` is, for a card in a seat's meld zone, the side of the picture that seat
    sits on (``bottom``, ``top``, ``left``, ``right``): the way its sets grow
    (:func:`companion.table.seats.group_sets`); None elsewhere. ``extent`` is how far
    the card spans the picture as it lies, (along x, along y) in frame fractions, from
    the layout's card size and the frame's shape: what a set's overlaps and an
    indicator's board are measured in, journaled with the card so a game rebuilt from
    the journal groups its sets as the table did; None when the layout gives no size.
    """

    key: str
    deck: str
    notation: str
    zone: str
    position: tuple[float, float] | None = None
    face_down: bool = False
    facing: str | None = None
    extent: tuple[float, float] | None = None

    def to_json(self) -> JSONObject:
        """The card's fields as the journal has always kept them (``extent`` left out
        when the layout gives no card size: rows as they were before it).

        >>> TableCard("t/1/R1", "trump", "R1", "play", (0.5, 0.25)).to_json()["position"]
        [0.5, 0.25]
        """
        payload: JSONObject = {
            "key": self.key,
            "deck": self.deck,
            "notation": self.notation,
            "zone": self.zone,
            "position": None if self.position is None else list(self.position),
            "face_down": self.face_down,
            "facing": self.facing,
        }
        if self.extent is not None:
            payload["extent"] = list(self.extent)
        return payload

    @classmethod
    def from_json(cls, payload: Mapping[str, JSON]) -> TableCard:
        """The inverse of :meth:`to_json`; :class:`EventError` names what is wrong (a
        field of another kind than :meth:`to_json` writes; keys it does not know are left
        alone: a row may carry its event's name)."""
        extent = _pair(payload, "extent")
        if extent is not None and min(extent) <= 0:
            raise EventError(f"table event: extent {list(extent)!r} is not a size (both above 0)")
        face_down, facing = payload.get("face_down", False), payload.get("facing")
        if not isinstance(face_down, bool):
            raise EventError(f"table event: 'face_down' is {face_down!r}, not true or false")
        if facing is not None and not isinstance(facing, str):
            raise EventError(f"table event: 'facing' is {facing!r}, not a text")
        return cls(
            key=_text(payload, "key"),
            deck=_text(payload, "deck"),
            notation=_text(payload, "notation"),
            zone=_text(payload, "zone"),
            position=_pair(payload, "position"),
            face_down=face_down,
            facing=facing,
            extent=extent,
        )


def _text(payload: Mapping[str, JSON], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise EventError(f"table event: {key!r} is {value!r}, not a text")
    return value


def _pair(payload: Mapping[str, JSON], key: str) -> tuple[float, float] | None:
    """``payload[key]`` as two numbers; None when absent (rows written before the key)."""
    value = payload.get(key)
    if value is None:
        return None
    numbers = (
        [v for v in value if isinstance(v, int | float) and not isinstance(v, bool)]
        if isinstance(value, list) and len(value) == 2
        else []
    )
    if len(numbers) != 2:
        raise EventError(f"table event: {key} {value!r} is not two numbers")
    return (float(numbers[0]), float(numbers[1]))


@dataclass(frozen=True)
class StrayCard:
    """A card of another copy of the deck (another table's) put down here: refused at
    once, never played (issue 14). ``copy`` is the deck copy printed on it."""

    card: TableCard
    copy: int
    at: float = 0.0
