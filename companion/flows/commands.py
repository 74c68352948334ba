"""The commands a flow takes from the buttons: one frozen dataclass each, and their JSON.

A command is a value: the UI builds one, the session journals it (:meth:`Command.to_json`)
and hands it to the flow, whose ``command()`` matches on its type. The journal's
form is ``{"name": ..., "args": {...}}``, the form journals have always had, so a
journal written before the commands were typed replays unchanged; :func:`from_json`
reads it back and raises :class:`CommandError`, naming the command, for a name no
flow knows or an argument of the wrong type.

    >>> Strikes(2).to_json()
    {'name': 'strikes', 'args': {'n': 2}}
    >>> from_json({"name": "replace", "args": {"key": "k1", "card": "R12"}})
    Replace(key='k1', card='R12', zone=None)
    >>> from_json({"name": "undo", "args": {}})
    Undo()
    >>> from_json({"name": "missing", "args": {"seat": 3, "card": "R7"}})
    Missing(seat=3, card='R7')

Which flow takes which command: ``takes`` of each flow class; a flow refuses any
other with a REFUSED notice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from types import NoneType, UnionType
from typing import ClassVar, get_args, get_type_hints

import msgspec

from companion.flows.errors import CommandError
from companion.games.json_types import JSON, JSONObject


@dataclass(frozen=True)
class Command:
    """What every command is: a value with a journal name, journaled by :meth:`to_json`
    in rows of the kind ``kind``."""

    name: ClassVar[str]
    kind: ClassVar[str] = "command"

    def to_json(self) -> JSONObject:
        """``{"name", "args"}``: the journal's form; arguments at their default are left out."""
        args: JSONObject = {
            field.name: getattr(self, field.name)
            for field in fields(self)
            if field.default is MISSING or getattr(self, field.name) != field.default
        }
        return {"name": self.name, "args": args}


@dataclass(frozen=True)
class Undo(Command):
    """Take back the last step a person would call one (a play, a reveal, a move)."""

    name: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Replace(Command):
    """A misread card: the card with ``key`` is really ``card`` (a notation).

    ``zone`` moves it too, when the tracker put it in the wrong zone.
    """

    name: ClassVar[str] = "replace"
    key: str
    card: str
    zone: str | None = None


@dataclass(frozen=True)
class Missing(Command):
    """A trick was cleared with ``seat``'s card unread: it was ``card`` (a notation).

    The card is played as if it had been read, and the cards put down while it was
    awaited are played after it (issue 10 item 4).
    """

    name: ClassVar[str] = "missing"
    seat: int
    card: str


@dataclass(frozen=True)
class Leader(Command):
    """Trump T3: ``seat`` leads round 1 (the holder of the lowest trump)."""

    name: ClassVar[str] = "leader"
    seat: int


@dataclass(frozen=True)
class Page(Command):
    """Rummy: show the sets of the seat ``step`` seats on (UP -1, DOWN +1)."""

    name: ClassVar[str] = "page"
    step: int = 1


@dataclass(frozen=True)
class Wild(Command):
    """Rummy R5: the wild card ``key`` stands for ``number``."""

    name: ClassVar[str] = "wild"
    key: str
    number: int


@dataclass(frozen=True)
class CloseSet(Command):
    """Rummy R4: ``seat`` closes its set on ``base`` (a number or the base card)."""

    name: ClassVar[str] = "close-set"
    seat: int
    base: str


@dataclass(frozen=True)
class TakeBack(Command):
    """Rummy R4: the set on ``base`` that left ``seat``'s zone in one gesture went back
    into the hand, not closed (the answer BACK to "Close Ana's set on base 5?")."""

    name: ClassVar[str] = "take-back"
    seat: int
    base: str


@dataclass(frozen=True)
class CountHands(Command):
    """Rummy R6: the round is over; the cards put in a meld zone now are hands."""

    name: ClassVar[str] = "count-hands"


@dataclass(frozen=True)
class EndRound(Command):
    """Rummy R6/R7: score the round; ``out`` is the seat that went out, or None."""

    name: ClassVar[str] = "end-round"
    out: int | None


@dataclass(frozen=True)
class Move(Command):
    """Hex: one move made (the referee counts it) or, with ``move``, the move (board)."""

    name: ClassVar[str] = "move"
    move: str = ""


@dataclass(frozen=True)
class EndTurn(Command):
    """Hex H2: the turn ends with moves left."""

    name: ClassVar[str] = "end-turn"


@dataclass(frozen=True)
class Strikes(Command):
    """Hex H2: ``n`` enemy strike pieces touch the mover's centre as the turn starts."""

    name: ClassVar[str] = "strikes"
    n: int


@dataclass(frozen=True)
class Winner(Command):
    """Hex H4: the table says ``side`` (``black`` or ``white``) won."""

    name: ClassVar[str] = "winner"
    side: str


FlowCommand = (
    Undo
    | Replace
    | Missing
    | Leader
    | Page
    | Wild
    | CloseSet
    | TakeBack
    | CountHands
    | EndRound
    | Move
    | EndTurn
    | Strikes
    | Winner
)

#: Every command by its journal name.
COMMANDS: dict[str, type[FlowCommand]] = {kind.name: kind for kind in get_args(FlowCommand)}


def from_json(payload: Mapping[str, JSON]) -> FlowCommand:
    """The command of a journal payload; :class:`CommandError` names what is wrong."""
    name = payload.get("name")
    kind = COMMANDS.get(name) if isinstance(name, str) else None
    if kind is None:
        known = ", ".join(COMMANDS)
        raise CommandError(f"unknown command {name!r} (the commands are: {known})")
    args = payload.get("args", {})
    if not isinstance(args, Mapping):
        raise CommandError(f"{name}: the arguments are not an object: {args!r}")
    if kind is Replace:
        args = _replace_args(args)
    known_fields = _FIELDS[kind.name]
    unknown = sorted(set(args) - set(known_fields))
    if unknown:
        raise CommandError(f"{name}: unknown arguments {unknown} (it takes: {list(known_fields)})")
    values: dict[str, JSON] = {}
    for field, (hint, required) in known_fields.items():
        if field not in args:
            if required:
                raise CommandError(f"{name}: the argument {field!r} is missing")
            continue
        value = args[field]
        if not _fits(value, hint):
            raise CommandError(f"{name}: {field} {value!r} is not {_words(hint)}")
        values[field] = value
    # checked above field by field (for messages that name the argument); msgspec
    # builds the dataclass from the checked values, typed, with no ** of Any
    return msgspec.convert(values, kind, strict=True)


def _fields(kind: type[FlowCommand]) -> dict[str, tuple[object, bool]]:
    """Each field of ``kind`` in order: its type, and whether a payload must give it."""
    hints = get_type_hints(kind)
    return {field.name: (hints[field.name], field.default is MISSING) for field in fields(kind)}


#: Each command's fields, worked out once (a journal replays thousands of commands).
_FIELDS = {name: _fields(kind) for name, kind in COMMANDS.items()}


def _replace_args(args: Mapping[str, JSON]) -> JSONObject:
    """The other forms ``replace`` had: ``notation`` for ``card``, or ``card`` an object
    of the card's fields, of which a correction changes ``notation`` and ``zone``."""
    out = dict(args)
    if "notation" in out and "card" not in out:
        out["card"] = out.pop("notation")
    card = out.get("card")
    if isinstance(card, Mapping):
        other = sorted(set(card) - {"notation", "zone"})
        if other:
            raise CommandError(f"replace: a correction changes notation and zone, not {other}")
        out["card"] = card.get("notation")
        if "zone" in card:
            out["zone"] = card["zone"]
    return out


_WORDS: dict[object, str] = {int: "a whole number", str: "a text", NoneType: "null"}


def _fits(value: object, hint: object) -> bool:
    if isinstance(hint, UnionType):
        return any(_fits(value, part) for part in get_args(hint))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


def _words(hint: object) -> str:
    if isinstance(hint, UnionType):
        return " or ".join(_words(part) for part in get_args(hint))
    return _WORDS.get(hint, str(hint))
