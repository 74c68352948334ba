"""A scripted table for ``companion ui-demo``: the cards of a whole game, one per key.

The script is a seeded random game played by the rules engine itself, turned into
the table events the camera would give: in Fibonachos each trick's spicy card
then its plays, then the trick cleared; in Trump the two indicators of a round,
(in round 1 a pause: the buttons say who holds the card that leads, T3) then the
tricks; in the rummy games each seat's sets laid out in its meld zone at
the end of a round. The hex referee needs no table (its key map is the buttons).
Serials are numbered per round as a real deck's copies would be (two red 1s are
``R1#1`` and ``R1#2``); a card the deck holds once has none (``R11``), as printed.

    >>> steps = table_script("fibonachos", 3, (), seed=1)
    >>> [(s.event, s.card.notation, s.card.zone) for s in steps[:2]]
    [('placed', 'S2#1', 'spicy'), ('placed', 'R11', 'play')]

A script file (``--script``) is JSON: ``[{"event": "placed", "deck": "trump",
"notation": "R3#1", "zone": "trump-indicator"}, ...]`` (``key``, ``position`` and
``face_down`` optional).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from companion.errors import UsageError
from companion.flows.status import Awaiting, FlowStatus, RummyStatus, TrickStatus
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.json_types import (
    JSON,
    JSONObject,
    as_int,
    as_list,
    as_object,
    as_text,
    int_field,
    kind,
    list_field,
    text_field,
    texts,
)
from companion.games.random_play import random_record as play_at_random
from companion.games.rummy import SPECS as RUMMY_GAMES
from companion.games.trump import SPEC as TRUMP
from companion.games.trump.cards import SYMBOL_INDICATOR, TRUMP_INDICATOR, lowest_trump, parse_card
from companion.inputs import MAX_RECORD_BYTES, load_json
from companion.synthetic.scripts import canonical
from companion.table.cards import TableCard
from companion.table.errors import EventError
from companion.table.events import CardPlaced, CardRemoved, card_input
from companion.ui.menus import numbered
from companion.views.rummy_questions import set_label


@dataclass(frozen=True)
class TableStep:
    """A card ``placed`` or ``removed``; or a ``pause`` for the buttons (``note`` says what,
    ``wait`` what it waits for: :data:`WAITS`). ``round`` counts the game's rounds from 1."""

    event: str
    card: TableCard | None = None
    note: str = ""
    #: A pause for a wild card's number (R5): its card's key and the number to give;
    #: the note's menu path is worked out when the table stops (:func:`wild_note`).
    wild: tuple[str, int] | None = None
    round: int = 0
    wait: str = ""

    def table_event(self, at: float = 0.0) -> CardPlaced | CardRemoved:
        """The table event a card step gives the table (a pause gives none)."""
        if self.card is None:
            raise ValueError(f"a {self.event} step puts no card on the table")
        made = CardPlaced if self.event == CardPlaced.event else CardRemoved
        return made(self.card, at)


def answered(step: TableStep, status: FlowStatus | None) -> bool:
    """Whether the buttons did what the pause ``step`` waits for, by the flow's status:
    Trump's leader given (T3), a wild card's number (R5), the hands counted (R6), the
    round ended (R7); the end of a match (``game``) holds while the game is in play."""
    if step.wait == "game":
        return status is None
    if step.wait == "leader":
        return not (isinstance(status, TrickStatus) and status.awaiting in _LEADER)
    if not isinstance(status, RummyStatus):
        return True
    if step.wait == "wild" and step.wild is not None:
        key, number = step.wild
        return all(w.number == number for w in status.wilds if w.key == key)
    if step.wait == "count":
        return status.counting
    if step.wait == "end":
        return not status.counting
    return True


_LEADER = (Awaiting.LEADER, Awaiting.LEADER_SHOWN)


def random_record(game: str, players: int, variants: Sequence[str], seed: int) -> JSONObject:
    """The record of a whole game of ``game`` played at random by the engine (seeded)."""
    seats = [f"Seat {i + 1}" for i in range(players)]
    return play_at_random(game, seats, variants, random.Random(seed))


class _Deck:
    """Gives each face its next serial within a round (the physical copies), named as
    the printed card is (docs/notation.md): no serial on a face the deck holds once
    (``R13``, Trump's ``B7``)."""

    def __init__(self, deck: str) -> None:
        self.deck = deck
        self.seen: Counter[str] = Counter()

    def card(self, face: str, zone: str, position: tuple[float, float] | None = None) -> TableCard:
        self.seen[face] += 1
        notation = canonical(self.deck, f"{face}#{self.seen[face]}")
        return TableCard(f"{self.deck}/{notation}", self.deck, notation, zone, position)


def _placed_then_cleared(cards: Sequence[TableCard], number: int) -> list[TableStep]:
    events = [("placed", c) for c in cards] + [("removed", c) for c in cards]
    return [TableStep(event, card, round=number) for event, card in events]


def _objects(value: JSON, what: str) -> list[Mapping[str, JSON]]:
    return [as_object(item, what) for item in as_list(value, what)]


def _fibonachos(record: Mapping[str, JSON]) -> list[TableStep]:
    steps: list[TableStep] = []
    for number, rnd in enumerate(_objects(record["rounds"], "a round"), start=1):
        deck = _Deck(FIBONACHOS.name)
        for trick in _objects(rnd["tricks"], "a trick"):
            spicy = trick.get("spicy")
            cards = [deck.card(as_text(spicy), "spicy")] if spicy else []
            cards += [deck.card(face, "play") for face in texts(trick["plays"], "plays")]
            steps += _placed_then_cleared(cards, number)
    return steps


def _trump(record: Mapping[str, JSON]) -> list[TableStep]:
    steps: list[TableStep] = []
    for number, rnd in enumerate(_objects(record["rounds"], "a round"), start=1):
        deck = _Deck(TRUMP.name)
        trump, symbol = text_field(rnd, TRUMP_INDICATOR), text_field(rnd, SYMBOL_INDICATOR)
        indicators = [deck.card(trump, "trump-indicator"), deck.card(symbol, "symbol-indicator")]
        steps += [TableStep("placed", c, round=number) for c in indicators]
        if number == 1:  # T3: only the table knows who holds the named card
            named = lowest_trump(parse_card(trump), parse_card(symbol))
            who = f"Seat {int_field(rnd, 'leader') + 1}"
            note = f"{who} has {named}: SELECT, {who}, then n"
            steps.append(TableStep("pause", note=note, round=number, wait="leader"))
        for trick in list_field(rnd, "tricks"):
            faces = texts(trick, "a trick")
            steps += _placed_then_cleared([deck.card(face, "play") for face in faces], number)
        steps += [TableStep("removed", c, round=number) for c in indicators]
    return steps


#: Rummy sets in a meld zone: sets side by side, each card a little below the last;
#: the hand laid out in rows below the sets at the end of a round.
SET_X, SET_DX, CARD_Y, CARD_DY, HAND_Y = 0.12, 0.16, 0.3, 0.05, 0.8
#: The cards of a hand the demo lays out, in rows of HAND_ROW: a game played at random
#: draws far more than it melds (hands of 40 cards), which no table holds.
HAND_CARDS, HAND_ROW, HAND_DX, HAND_DY = 10, 8, 0.1, 0.08


def _physical(face: str) -> str:
    """A wild card is printed "W" whatever it stands for ("W=13" is its declaration)."""
    return face.split("=", 1)[0]


def wild_note(step: TableStep, status: FlowStatus | None, game: str) -> str:
    """What a wild card's pause says, from the wild cards lying now (R5): the menu path
    as :func:`companion.ui.menus.wild_menu` gives it (the players who have one when more
    than one does, the newest wild card's first; then that player's by set, "base 5",
    numbered when two share a label; then "W = 3"), or that nothing is asked when the
    flow already gives the card that number (one number only completes its set)."""
    if step.wild is None:
        return step.note
    key, number = step.wild
    wilds = status.wilds if isinstance(status, RummyStatus) else ()
    mine = next((w for w in wilds if w.key == key), None)
    if mine is None or mine.number == number:
        return f"the wild card is W = {number} already: n"
    seats = list(dict.fromkeys(w.seat for w in wilds))
    theirs = [w for w in wilds if w.seat == mine.seat]
    label = numbered([set_label(w.base, game) for w in theirs])[theirs.index(mine)]
    steps = ["Menu", "Wild card", *([f"Seat {mine.seat + 1}"] if len(seats) > 1 else [])]
    path = " > ".join([*steps, label, f"W = {number}"])
    return f"declare the wild card: {path}, then n"


def _rummy(game: str, record: Mapping[str, JSON]) -> list[TableStep]:
    """Each round: each set laid out card by card as players lay them, base first, a
    wild card in its place (R2, R5); after a set, a pause for each of its wild cards
    whose number the flow cannot tell (the table declares it by the menu); the
    complete sets turned face down (R4), then the hands (Count hands, at most
    :data:`HAND_CARDS` each) and the end of the round (End round, R6/R7); after the last
    round, End game (R9 sets no end: the table ends the match). A pause holds the table
    until the buttons did what it says (:func:`answered`)."""
    steps: list[TableStep] = []
    for number, rnd in enumerate(_objects(record["rounds"], "a round"), start=1):
        deck = _Deck(game)
        laid: list[TableCard] = []
        closing: list[TableCard] = []
        hands: list[TableCard] = []
        for seat, table in enumerate(_objects(rnd["tables"], "a table")):
            zone = f"meld-{seat}"
            sets = [(texts(s, "a set"), True) for s in as_list(table.get("closed", []))]
            sets += [(texts(s, "a set"), False) for s in as_list(table.get("open", []))]
            for column, (cards, closed) in enumerate(sets):
                wilds: list[tuple[str, int]] = []
                for row, face in enumerate(cards):
                    at = (SET_X + column * SET_DX, CARD_Y + row * CARD_DY)
                    card = deck.card(_physical(face), zone, position=at)
                    laid.append(card)
                    steps.append(TableStep("placed", card, round=number))
                    if "=" in face:
                        wilds.append((card.key, int(face.split("=", 1)[1])))
                    if closed:  # turned face down once complete (R4)
                        closing.append(replace(card, face_down=True))
                steps += [TableStep("pause", wild=w, round=number, wait="wild") for w in wilds]
            for index, face in enumerate(texts(table.get("hand", []), "a hand")[:HAND_CARDS]):
                row, column = divmod(index, HAND_ROW)
                at = (SET_X + column * HAND_DX, HAND_Y + row * HAND_DY)
                hands.append(deck.card(_physical(face), zone, position=at))
        out = rnd.get("out")
        who = "Nobody went out" if out is None else f"Seat {as_int(out) + 1} went out"
        steps += [TableStep("placed", c, round=number) for c in closing]
        count = "the round is over: Menu > Count hands, then n lays out the hands"
        steps.append(TableStep("pause", note=count, round=number, wait="count"))
        steps += [TableStep("placed", c, round=number) for c in hands]
        end = f"the hands are down: Menu > End round > {who}, then a key, n: the next round"
        steps.append(TableStep("pause", note=end, round=number, wait="end"))
        steps += [TableStep("removed", c, round=number) for c in [*laid, *hands]]
    last = "the rounds are played (R9): Menu > End game > SELECT, then the final scores"
    steps.append(TableStep("pause", note=last, wait="game"))
    return steps


#: Each card game's table events from its record (the hex games have none to show).
_RECORD_STEPS: dict[str, Callable[[Mapping[str, JSON]], list[TableStep]]] = {
    FIBONACHOS.name: _fibonachos,
    TRUMP.name: _trump,
    **{spec.name: partial(_rummy, spec.name) for spec in RUMMY_GAMES},
}


def record_steps(record: Mapping[str, JSON]) -> list[TableStep]:
    """The table events of a game record (an empty list for the hex game)."""
    steps = _RECORD_STEPS.get(str(record["game"]))
    return [] if steps is None else steps(record)


def table_script(game: str, players: int, variants: Sequence[str], *, seed: int) -> list[TableStep]:
    """A whole game's table events for ``players`` players (built-in script)."""
    return record_steps(random_record(game, players, variants, seed))


def load_script(path: Path) -> list[TableStep]:
    """A script file: a JSON list of table events (see the module docstring), each read
    as the journal reads a table row back (:func:`~companion.table.events.card_input`),
    so a field of the wrong kind is refused here, naming the event, not made text."""
    data = load_json(path, MAX_RECORD_BYTES)
    if not isinstance(data, list):
        raise UsageError(f"{path}: a table script is a JSON list of events")
    return [_step(path, index, item) for index, item in enumerate(data, start=1)]


def _step(path: Path, index: int, item: JSON) -> TableStep:
    """Event ``index`` of a script: a table row whose ``key`` may be left out (the
    deck and the notation: ``fibonachos/R13#1``)."""
    where = f"{path}: event {index}"
    if not isinstance(item, dict):
        raise UsageError(f"{where}: an event is a JSON object, not {kind(item)}")
    row = {"key": f"{item.get('deck')}/{item.get('notation')}", **item}
    try:
        event = card_input("table", row)
    except EventError as exc:
        raise UsageError(f"{where}: needs event, deck, notation, zone ({exc})") from None
    return TableStep(event.event, event.card)
