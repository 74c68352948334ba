"""A rummy match at a synthetic table, gesture by gesture, with the buttons pressed.

Issue 11: a whole rummy match read from a table into its record. A rummy record
holds only the end of each round (what every seat closed, left open and held), so
:func:`rummy_table` plays each round towards that end as docs/rummy.md tells a table
to, and says when each OLED button is pressed:

- each seat, in its first turn, opens (R3): the first card of every set it will
  have (the top card and the base cards) at the far side of its zone, sets side by
  side from the player's left (:mod:`companion.synthetic.rummy_seats`);
- then turn by turn, clockwise, a seat adds the rest of one set, card by card, each
  a strip nearer the player over the card before; a wild card's number is declared
  on the buttons as soon as it lies (R5: "assign a number when it is placed");
- a set the record has closed is closed in its owner's turn (R4) by the closing
  gesture: the whole set picked up at once and taken out of the zone; the OLED's
  question ("Close Ana's set on base 5?") is confirmed with one press;
- a wild card whose set does not tell its number (one number alone completing it)
  is asked on the OLED as it lies ("Ana's set on base 5: W = 3 or 8?"): SELECT, the
  number among those that fit (DOWN), SELECT (R5: "assign a number when placed");
- the player who goes out closes their last set last (R6); then "Count hands" on
  the menu, every player lays their hand out in a row in their own zone, apart from
  the sets, "End round" and who went out (the player who played the last card is
  offered first); a press puts the scores away, and the table is cleared for the
  next round;
- after the last round the table ends the match (R9): the menu's "End game", SELECT
  on "End game?", and the final scores show.

The button script is :mod:`hardware.buttons_replay`'s (``t button``, table time), so
``companion replay --buttons`` reads the video into :attr:`RummyTable.record`, the
engine's record of the game (refereed: a record the engine refuses is refused here).

    table = rummy_table(record, Scene((1920, 1080), card_width=150))
    write_video(table.script, Path("/tmp/r21"), scene=scene)
    Path("/tmp/r21.toml").write_text(table.layout); Path("/tmp/r21.txt").write_text(table.buttons)
    # companion replay /tmp/r21 --game rummy21 --players Ana,Ben --layout /tmp/r21.toml \
    #     --buttons /tmp/r21.txt
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from companion.games.json_types import JSON, as_int, as_object, list_field, text_field, texts
from companion.games.registry import get_game
from companion.games.rummy import parse_card, wild_numbers
from companion.games.rummy.deck import DECKS
from companion.games.rummy.printed import SHARED_DECK, printed_as
from companion.synthetic.rummy_seats import SeatGeometry, layout_toml, seat_geometry, sides_for
from companion.synthetic.scene import Place, Remove, Scene, Step, Wait
from companion.synthetic.scripts import TableScript, _Serials
from companion.synthetic.sprites import CardRef

#: Seconds after a gesture before the first press (a removal is seen after a second).
SETTLE: Final = 1.6
#: Seconds between two presses, and after the last one before the table goes on.
PRESS: Final = 0.25
#: Frames a card lies still after it is put down, and a complete set before it is closed.
STILL: Final = 6
SHOWN: Final = 10
#: The end of the rummy in-game menu (companion.ui.menus.game_menu, at a table with no
#: phone link and no staff card shown), counted from the end because its head grows
#: ("Scores" once a round is scored); UP from the first entry wraps. A fast test builds
#: the real menu and checks it (tests/synthetic/test_rummy_menu.py).
MENU_TAIL: Final = ("Wild card", "Count hands", "End round", "End game", "Back to start")
MENU_FROM_END: Final = {entry: len(MENU_TAIL) - at for at, entry in enumerate(MENU_TAIL)}


@dataclass(frozen=True)
class RummyTable:
    """A recorded rummy game at a table: what the camera sees, what the buttons say."""

    script: TableScript
    presses: tuple[tuple[float, str], ...]
    layout: str
    seats: tuple[SeatGeometry, ...]
    #: Where each round's steps begin in ``script.steps`` (the match's end follows the last).
    round_starts: tuple[int, ...]

    @property
    def buttons(self) -> str:
        """The button script (``companion replay --buttons``)."""
        return "".join(f"{t:.2f} {button}\n" for t, button in self.presses)

    @property
    def record(self) -> Mapping[str, JSON]:
        return self.script.record


@dataclass
class _Set:
    column: int
    faces: tuple[str, ...]
    closed: bool
    laid: list[CardRef] = field(default_factory=list)
    done: bool = False  # all laid (and, if closed, gone)


class _Play:
    """Steps and presses, with the table time kept as steps are added."""

    def __init__(self, scene: Scene, fps: float, game: str, players: int) -> None:
        self.scene, self.fps, self.game, self.players = scene, fps, game, players
        self.steps: list[Step] = []
        self.presses: list[tuple[float, str]] = []
        self.frames = 0
        #: The seat that laid the last card or took the last set off (the OLED offers it
        #: first as the one who went out).
        self.last: int | None = None
        #: Each seat's sets of the round under way.
        self.sets: list[list[_Set]] = []
        #: The printed deck the cards come from, when not the game's own (R1).
        self.printed: str | None = None

    def serials(self) -> _Serials:
        """A round's cards, from the game's printed deck or Deck 21's."""
        return _Serials(self.game) if self.printed is None else _Deck21(self.game)

    def add(self, step: Step) -> None:
        self.steps.append(step)
        self.frames += self.scene.count_frames([step])

    def press(self, *buttons: str, settle: float = SETTLE) -> None:
        """``buttons`` pressed one after the other once the table is still."""
        start = self.frames / self.fps + settle
        times = [start + i * PRESS for i in range(len(buttons))]
        self.presses += [(round(t, 2), b) for t, b in zip(times, buttons, strict=True)]
        end = times[-1] + 2 * PRESS if times else start
        self.add(Wait(max(1, round(end * self.fps) - self.frames)))

    def menu(self, entry: str, *then: str) -> None:
        """The in-game menu (BACK), ``entry`` (UP from the top wraps to the end)."""
        self.press("back", *["up"] * MENU_FROM_END[entry], "select", *then)


class _Deck21(_Serials):
    """A Fibonacci 13 or 8 round's cards drawn from Deck 21's printed codes: the Deck 21
    card that is the game's card (``13#2`` of Fibonacci 13 is Deck 21's ``B13#2``)."""

    def __init__(self, game: str) -> None:
        super().__init__(SHARED_DECK)
        self.game = game

    def card(self, face: str) -> CardRef:
        self.seen[face] += 1
        return CardRef(self.deck, printed_as(f"{face}#{self.seen[face]}", self.game))


def _declare(play: _Play, faces: Sequence[str], number: int, *, others: bool) -> None:
    """R5: the wild card ending ``faces`` (its set so far, earlier wild cards declared)
    stands for ``number``. The OLED asks it with the numbers that fit the set (SELECT,
    DOWN to the number, SELECT) unless one number alone completes the set; then the
    flow knows it, and another number is given from the menu's "Wild card" (the newest
    wild card first, under its player's name when ``others`` seats have wild cards too).
    """
    deck = DECKS[play.game]
    cards = [parse_card(face, deck) for face in (*faces[:-1], "W")]
    numbers = wild_numbers(cards, deck)
    fits = numbers.fits or deck.numbers
    if len(numbers.completes) != 1:
        play.press("select", *["down"] * fits.index(number), "select")
    elif numbers.completes[0] != number:
        moves = (fits.index(number) - fits.index(numbers.completes[0])) % len(fits)
        seat = ["select"] if others else []
        play.menu("Wild card", *seat, "select", *["down"] * moves, "select")


def _wilds_elsewhere(play: _Play, seat: int) -> bool:
    """Whether another seat has a wild card lying in one of its sets (an open set lies
    on when it is done; a closed one has gone)."""
    return any(
        face.startswith("W")
        for other, sets in enumerate(play.sets)
        if other != seat
        for one in sets
        if not (one.done and one.closed)
        for face in one.faces[: len(one.laid)]
    )


def _face(face: str) -> str:
    return face.split("=", 1)[0].split("#", 1)[0]


def _wild_number(face: str) -> int | None:
    return int(face.split("=", 1)[1]) if "=" in face else None


def rummy_table(
    record: Mapping[str, JSON],
    scene: Scene,
    *,
    fps: float = 10.0,
    sides: Sequence[str] | None = None,
    printed: str | None = None,
) -> RummyTable:
    """The table script, button script and layout of a rummy ``record`` (module docstring).

    ``sides`` are where the seats sit (default :func:`sides_for`); the record is
    refereed by the engine first and the engine's own record is the one returned.
    ``printed`` is the printed deck the cards are drawn from (default: the game's own):
    ``"rummy21"`` lays a Fibonacci 13 or 8 match with Deck 21's cards, as the rulebook
    plays them (R1, :mod:`companion.games.rummy.printed`).
    """
    game = text_field(record, "game")
    spec = get_game(game)
    engine_record = spec.from_record(record).to_record()
    players = texts(record["players"], '"players"')
    seats = tuple(seat_geometry(sides or sides_for(len(players)), scene.size, scene.card_width))
    play = _Play(scene, fps, game, len(players))
    if printed not in (None, game):
        play.printed = printed
    starts = []
    for rnd in list_field(engine_record, "rounds"):
        starts.append(len(play.steps))
        _play_round(play, as_object(rnd, "a round"), seats)
    play.menu("End game", "select")  # "End game?" - yes: the final scores
    play.add(Wait(10))
    width, height = scene.card_fraction()
    script = TableScript(
        game,
        players,
        texts(record.get("variants", []), '"variants"'),
        tuple(play.steps),
        {},
        engine_record,
    )
    layout = layout_toml(seats, (width, height))
    return RummyTable(script, tuple(play.presses), layout, seats, tuple(starts))


def _play_round(play: _Play, rnd: Mapping[str, JSON], seats: Sequence[SeatGeometry]) -> None:
    serials = play.serials()
    out = None if rnd["out"] is None else as_int(rnd["out"], '"out"')
    tables = [as_object(table, "a table") for table in list_field(rnd, "tables")]
    sets = [_sets(t, seats[seat]) for seat, t in enumerate(tables)]
    play.sets = sets
    # R3: each seat opens with the first card of every set it will have.
    for seat, seat_sets in enumerate(sets):
        for one in seat_sets:
            _lay(play, seats[seat], one, 1, number=seat, serials=serials)
    # Then a set per turn, clockwise; the player going out finishes last (R6).
    while any(not s.done for seat_sets in sets for s in seat_sets):
        for seat, seat_sets in enumerate(sets):
            left = [s for s in seat_sets if not s.done]
            others = any(not s.done for i, ss in enumerate(sets) if i != seat for s in ss)
            if not left or (seat == out and len(left) == 1 and others):
                continue
            _turn(play, seats[seat], seat, seat_sets, serials)
    play.menu("Count hands")
    for seat, table in enumerate(tables):
        columns = max(
            (s.column + seats[seat].columns(len(s.faces)) for s in sets[seat] if not s.closed),
            default=0,
        )
        for slot, face in enumerate(texts(table["hand"], '"hand"')):
            x, y = seats[seat].hand(slot, columns)
            card = serials.card(_face(face))
            play.add(
                Place(
                    card,
                    x,
                    y,
                    seats[seat].angle,
                    f"meld-{seat}",
                    frames=STILL,
                    edge=seats[seat].edge,
                )
            )
            sets[seat].append(_Set(-1, (), False, [card], True))
    offered = sorted(range(play.players), key=lambda seat: seat != play.last)
    who = offered.index(out) if out is not None else play.players
    play.menu("End round", *["down"] * who, "select")
    play.last = None
    play.press("select", settle=1.0)  # the round's scores, put away
    for seat, seat_sets in enumerate(sets):
        lying = tuple(c for s in seat_sets if not s.closed for c in s.laid)
        if lying:
            play.add(Remove(lying, edge=seats[seat].edge))
    play.add(Wait(5))


def _sets(table: Mapping[str, JSON], seat: SeatGeometry) -> list[_Set]:
    """A seat's sets side by side, closed ones first; a set longer than a column holds
    takes the next columns too (folded: docs/rummy.md "A set longer than your zone")."""
    out, column = [], 0
    closed = list_field(table, "closed")
    for i, listed in enumerate(closed + list_field(table, "open")):
        cards = texts(listed, "a set")
        out.append(_Set(column, cards, i < len(closed)))
        column += seat.columns(len(cards))
    return out


def _turn(
    play: _Play, seat: SeatGeometry, number: int, seat_sets: list[_Set], serials: _Serials
) -> None:
    """One seat's turn: the rest of its next set laid, closed if the record closed it,
    with any one-card set it closes (the top card) closed in the same turn."""
    growing = next((s for s in seat_sets if len(s.laid) < len(s.faces)), None)
    if growing is not None:
        _lay(play, seat, growing, len(growing.faces), number=number, serials=serials)
    for one in seat_sets:
        if not one.done and len(one.laid) == len(one.faces):
            if one.closed:
                play.add(Wait(SHOWN))
                play.add(Remove(tuple(one.laid), edge=seat.edge))
                play.press("select")  # "Close Ana's set on base 5?" - yes
                play.last = number
            one.done = True


def _lay(
    play: _Play, seat: SeatGeometry, one: _Set, upto: int, *, number: int, serials: _Serials
) -> None:
    while len(one.laid) < upto:
        depth = len(one.laid)
        face = one.faces[depth]
        card = serials.card(_face(face))
        x, y = seat.place(one.column, depth)
        play.add(Place(card, x, y, seat.angle, f"meld-{number}", frames=STILL, edge=seat.edge))
        one.laid.append(card)
        play.last = number
        wild = _wild_number(face)
        if wild is not None:
            _declare(play, one.faces[: depth + 1], wild, others=_wilds_elsewhere(play, number))
