"""Table scripts from game records: what a camera would see while a recorded game is played.

A record says which cards were played in which order; a :class:`TableScript` says
where they go down on the table and when, in the zones of the default layout
(``companion.table.layout.default_layout``) or, for rummy, of :func:`meld_layout`:

- Fibonachos: the deal is unseen; before each lead the spicy card is revealed on the
  ``spicy`` spot (F6; or, trick after trick, on each of the ``spots`` asked for), then
  each play goes down in the play area in play order, a hand reaching in from that
  play's side of the table; the trick is cleared (the plays and the spicy card taken
  together) before the next one. A trick the record stops in the middle of stays on
  the table.
- Trump: at the start of each round the two indicator cards go on the
  ``trump-indicator`` and ``symbol-indicator`` spots (T2; or the two ``spots`` asked
  for, on the deck's indicator boards with ``boards``); tricks as above; the
  indicators are taken with the last trick (T5).
- Rummy: each seat's sets are laid out in its ``meld-N`` zone, overlapping as the
  rulebook lays them (each card's lower edge over the card below).

Spots in the play area follow the play's place in the trick (the first play at the
bottom, then clockwise), which is where its player sits only for the trick's
leader; the flows read the order, never the spot. Cards with equal faces get
serials in the order they appear in a round (the first R1 is ``R1#1``, the second
``R1#2``); a round reshuffles the deck, so serials start again.

:class:`Mess` adds what makes a real table hard: hands passing over cards, a light
change, motion blur. Its draws come from its own seed.

    script = table_script(json.loads(Path("examples/fibonachos/short.json").read_text()))
    write_video(script, Path("/tmp/short"), scene=Scene((1280, 720), seed=1))
    # companion replay /tmp/short --game fibonachos --players 3 --dealer 3
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.json_types import (
    JSON,
    as_int,
    as_list,
    as_object,
    as_text,
    list_field,
    text_field,
    texts,
)
from companion.games.trump import SPEC as TRUMP
from companion.games.trump.cards import SYMBOL_INDICATOR, TRUMP_INDICATOR
from companion.synthetic.scene import Blur, Hand, Light, Place, Remove, Step, Wait, meld_steps
from companion.synthetic.sprites import CardRef

#: Where the default layout's spots are (centres, frame fractions): see layout.py.
SPOTS: Mapping[str, tuple[float, float]] = {
    "spicy": (0.12, 0.22),
    "trump-indicator": (0.12, 0.50),
    "symbol-indicator": (0.12, 0.78),
}
#: The centre of the play area and the half-axes of the ellipse plays lie on.
PLAY_CENTRE = (0.59, 0.50)
PLAY_RADII = (0.21, 0.23)
#: T2: the Trump cards dealt (50 less the two indicators).
TRUMP_DEALT = 48
#: The Trump deck's indicator boards, Trump then Symbol (docs/notation.md).
TRUMP_BOARDS = ("TRUMP-BOARD", "SYMBOL-BOARD")


@dataclass(frozen=True)
class Mess:
    """How much goes wrong while a game is played: each play is followed, with
    probability ``hands``, by a hand passing over a card on the table and, with
    ``blur``, by a blurred moment; ``light`` light changes happen at random steps;
    ``tilt`` is left to the Scene (it is the camera's). ``pause`` is how many frames
    a full trick lies still before it is cleared (players look who won; the OLED
    shows it): a card swept up the moment it lands is not a card a camera can read."""

    hands: float = 0.0
    blur: float = 0.0
    light: int = 0
    seed: int = 0
    pause: int = 6


CALM = Mess()
BUSY = Mess(hands=0.3, blur=0.15, light=2, seed=1)


@dataclass(frozen=True)
class TableScript:
    """The steps of a recorded game at a table, and how to replay it.

    ``options`` are what ``companion replay`` needs besides the video (``dealer`` for
    Fibonachos, ``leader`` for Trump); ``record`` is the record the steps play, the
    one a replay must read back.
    """

    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    steps: tuple[Step, ...]
    options: Mapping[str, int] = field(default_factory=dict)
    record: Mapping[str, JSON] = field(default_factory=dict)

    def replay_args(self) -> list[str]:
        """The ``companion replay`` arguments after SOURCE (players by name; the seat
        options, from 0 here as in the record, counted from 1 as the command line takes
        them)."""
        args = ["--game", self.game, "--players", ",".join(self.players)]
        for name, value in self.options.items():
            args += [f"--{name}", str(value + 1)]
        for variant in self.variants:
            args += ["--variant", variant]
        return args


def play_spot(index: int, count: int, seats: int) -> tuple[float, float, str]:
    """The spot of play ``index`` of a trick of ``count`` plays by ``seats`` players,
    and the frame edge its hand comes from. Plays lie on an ellipse round the play
    area's centre, the first at the bottom, then clockwise; with two players a
    trick of four puts each player's second card beside the first.
    """
    place = index % seats
    angle = math.radians(90 + place * 360 / seats)
    x = PLAY_CENTRE[0] + PLAY_RADII[0] * math.cos(angle)
    y = PLAY_CENTRE[1] + PLAY_RADII[1] * math.sin(angle)
    if index >= seats:  # a second round of plays in the same trick (two players)
        x += 0.1 * (index // seats)
    edges = ("right", "bottom", "left", "top")
    edge = edges[round((math.degrees(angle) % 360) / 90) % 4]
    return x, y, edge


class _Serials:
    """Serials for equal faces within one round: R1 then R1 again is R1#1, R1#2."""

    def __init__(self, deck: str) -> None:
        self.deck = deck
        self.seen: Counter[str] = Counter()

    def card(self, face: str) -> CardRef:
        self.seen[face] += 1
        return CardRef(self.deck, canonical(self.deck, f"{face}#{self.seen[face]}"))


def canonical(deck: str, notation: str) -> str:
    """The catalogue's spelling of a card (``R2#1`` is ``R2``: only one exists)."""
    try:
        from card_codes.catalogue import card
    except ImportError:  # pragma: no cover - card_codes is part of the product
        return notation
    return card(deck, notation).notation


class _Builder:
    """Collects steps, sprinkling the mess in with its own random draws."""

    def __init__(self, mess: Mess, budget: int) -> None:
        self.steps: list[Step] = []
        self.mess = mess
        self.rng = random.Random(mess.seed)
        self.lying: list[tuple[float, float]] = []
        self.light_at = set(self.rng.sample(range(max(1, budget)), min(mess.light, budget)))
        self.count = 0

    def place(self, card: CardRef, x: float, y: float, zone: str, edge: str = "bottom") -> None:
        angle = self.rng.uniform(-25.0, 25.0)
        jitter = (self.rng.uniform(-0.01, 0.01), self.rng.uniform(-0.01, 0.01))
        self.steps.append(Place(card, x + jitter[0], y + jitter[1], angle, zone, edge=edge))
        self.lying.append((x, y))
        self._mess()

    def remove(self, cards: Sequence[CardRef]) -> None:
        if cards:
            self.steps.append(Wait(self.mess.pause))
            self.steps.append(Remove(tuple(cards), edge="bottom"))
        self.lying = []

    def finish(self) -> list[Step]:
        """The steps, ending with the table still for a moment (a recording goes on)."""
        return [*self.steps, Wait(self.mess.pause)]

    def _mess(self) -> None:
        self.count += 1
        if self.lying and self.rng.random() < self.mess.hands:
            x, y = self.rng.choice(self.lying)
            edge = self.rng.choice(("bottom", "top", "left", "right"))
            self.steps.append(Hand(x, y, frames=self.rng.randint(2, 5), edge=edge))
        if self.rng.random() < self.mess.blur:
            self.steps.append(Blur(self.rng.randint(5, 11), self.rng.uniform(0, 180), frames=1))
        if self.count in self.light_at:
            gain = self.rng.uniform(0.6, 1.25)
            self.steps.append(Light(gain, self.rng.uniform(-0.3, 0.3), frames=4))


def _strip_serial(card: str) -> str:
    return card.split("#", 1)[0]


def fibonachos_steps(
    record: Mapping[str, JSON], mess: Mess = CALM, spicy_spots: Sequence[str] = ("spicy",)
) -> list[Step]:
    """F6, F8: per trick the spicy card on its spot, the plays in order, then cleared.

    The n-th trick of a round puts its spicy card on ``spicy_spots[n % len]`` (names of
    :data:`SPOTS`: a person may use any spot of the left column)."""
    rounds = [_tricks(rnd, _object) for rnd in _rounds(record)]
    seats = len(list_field(record, "players"))
    budget = sum(len(_texts(t.get("plays", []))) for r in rounds for t in r)
    build = _Builder(mess, budget)
    for tricks in rounds:
        serials = _Serials(FIBONACHOS.name)
        for number, trick in enumerate(tricks):
            on_table: list[CardRef] = []
            shown = trick.get("spicy")
            if shown:
                spicy = serials.card(_strip_serial(as_text(shown, '"spicy"')))
                spot = spicy_spots[number % len(spicy_spots)]
                build.place(spicy, *SPOTS[spot], zone=spot, edge="left")
                on_table.append(spicy)
            plays = _texts(trick.get("plays", []))
            for i, face in enumerate(plays):
                card = serials.card(_strip_serial(face))
                x, y, edge = play_spot(i, len(plays), seats)
                build.place(card, x, y, "play", edge)
                on_table.append(card)
            if len(plays) == (4 if seats == 2 else seats):  # F3; a record may stop mid-trick
                build.remove(on_table)
    return build.finish()


def trump_steps(
    record: Mapping[str, JSON],
    mess: Mess = CALM,
    indicator_spots: tuple[str, str] = ("trump-indicator", "symbol-indicator"),
    *,
    boards: bool = False,
) -> list[Step]:
    """T2, T5: indicators at each round's start, tricks played and cleared, indicators
    taken with the last trick.

    The Trump and Symbol indicators go on ``indicator_spots`` (names of :data:`SPOTS`);
    with ``boards`` the deck's indicator boards lie there from the start, for the whole
    game, and each indicator card is put on its board (the rulebook's way)."""
    rounds = _rounds(record)
    seats = len(list_field(record, "players"))
    budget = sum(len(t) for r in rounds for t in _tricks(r, _texts))
    build = _Builder(mess, budget)
    if boards:
        for board, spot in zip(TRUMP_BOARDS, indicator_spots, strict=True):
            build.place(CardRef(TRUMP.name, board), *SPOTS[spot], zone=spot, edge="left")
    for rnd in rounds:
        serials = _Serials(TRUMP.name)
        indicators = []
        for face, spot in zip(
            (text_field(rnd, TRUMP_INDICATOR), text_field(rnd, SYMBOL_INDICATOR)),
            indicator_spots,
            strict=True,
        ):
            indicators.append(serials.card(_strip_serial(face)))
            build.place(indicators[-1], *SPOTS[spot], zone=spot, edge="left")
        tricks = _tricks(rnd, _texts)
        for t, plays in enumerate(tricks):
            cards = [serials.card(_strip_serial(face)) for face in plays]
            for i, card in enumerate(cards):
                x, y, edge = play_spot(i, len(plays), seats)
                build.place(card, x, y, "play", edge)
            if len(plays) < seats:  # the record stops mid-trick: it stays on the table
                break
            last = len(tricks) == TRUMP_DEALT // seats and t == len(tricks) - 1
            build.remove([*cards, *indicators] if last else cards)
    return build.finish()


T = TypeVar("T")


def _rounds(record: Mapping[str, JSON]) -> list[Mapping[str, JSON]]:
    return [as_object(rnd, "a round") for rnd in as_list(record.get("rounds", []), '"rounds"')]


def _object(value: JSON) -> Mapping[str, JSON]:
    return as_object(value, "a trick")


def _texts(value: JSON) -> tuple[str, ...]:
    return texts(value, "plays")


def _tricks(rnd: Mapping[str, JSON], read: Callable[[JSON], T]) -> list[T]:
    return [read(trick) for trick in as_list(rnd.get("tricks", []), '"tricks"')]


def table_script(
    record: Mapping[str, JSON],
    mess: Mess = CALM,
    *,
    spots: Sequence[str] = (),
    boards: bool = False,
) -> TableScript:
    """The script of a Fibonachos or Trump record (rummy: :func:`rummy_steps`).

    ``spots`` (names of :data:`SPOTS`) are where Fibonachos' spicy cards go, trick
    after trick, or Trump's two indicators; ``boards`` puts Trump's indicator boards
    under its indicators. By default each card goes on its own spot.
    """
    game = record.get("game")
    players = texts(record["players"], '"players"')
    variants = texts(record.get("variants", []), '"variants"')
    rounds = _rounds(record)
    script = _TRICK_SCRIPTS.get(str(game))
    if script is None:
        raise ValueError(f"table_script: no table script for the game {game!r}")
    steps, option = script(record, mess, spots, boards)
    first = rounds[0].get(option) if rounds else None
    options = {} if first is None else {option: as_int(first, f'"{option}"')}
    return TableScript(str(game), players, variants, tuple(steps), options, record)


def _fibonachos_script(
    record: Mapping[str, JSON], mess: Mess, spots: Sequence[str], boards: bool
) -> tuple[list[Step], str]:
    """F8: the steps, and the option round 1 gives (who deals)."""
    return fibonachos_steps(record, mess, tuple(spots) or ("spicy",)), "dealer"


def _trump_script(
    record: Mapping[str, JSON], mess: Mess, spots: Sequence[str], boards: bool
) -> tuple[list[Step], str]:
    """T3: the steps, and the option round 1 gives (who leads)."""
    pair = (spots[0], spots[1]) if spots else ("trump-indicator", "symbol-indicator")
    return trump_steps(record, mess, pair, boards=boards), "leader"


#: The trick games' scripts from their records (rummy: :func:`rummy_steps`).
_TRICK_SCRIPTS = {FIBONACHOS.name: _fibonachos_script, TRUMP.name: _trump_script}


# -- rummy ------------------------------------------------------------------------------


def meld_zone(seat: int, seats: int) -> tuple[float, float, float, float]:
    """Seat ``seat``'s meld zone (x0, y0, x1, y1) in :func:`meld_layout`: the frame cut
    into ``seats`` horizontal bands, seat 0 at the bottom."""
    band = 1.0 / seats
    y1 = 1.0 - seat * band
    return (0.02, y1 - band + 0.01, 0.98, y1 - 0.01)


def meld_layout(seats: int) -> str:
    """A layout file (TOML, docs/layout.md) with one ``meld-N`` zone per seat: bands
    one above the other, each read as a bottom seat's (``side = "bottom"``: its sets
    grow down the picture, as :func:`rummy_steps` lays them), whatever edge is nearest."""
    lines = []
    for seat in range(seats):
        x0, y0, x1, y1 = meld_zone(seat, seats)
        lines += [
            "[[zone]]",
            f'name = "meld-{seat}"',
            'side = "bottom"',
            f"polygon = [[{x0:.3f}, {y0:.3f}], [{x1:.3f}, {y0:.3f}], "
            f"[{x1:.3f}, {y1:.3f}], [{x0:.3f}, {y1:.3f}]]",
            "",
        ]
    return "\n".join(lines)


def rummy_steps(
    deck: str,
    tables: Sequence[Iterable[Sequence[str]]],
    *,
    card_height: float,
    card_width: float,
    strip: float = 0.25,
    hand: bool = True,
) -> list[Step]:
    """Each seat's sets laid out in its meld zone, left to right, each set a column of
    overlapping cards from its base card down. ``tables[seat]`` lists that seat's sets
    as faces (``["B2", "3", "W=13"]``); serials are given per deck in order of
    appearance. Card sizes are frame fractions (``Scene.card_fraction()``); ``hand``
    says whether a hand reaches in to put each card down.
    """
    serials = _Serials(deck)
    steps: list[Step] = []
    seats = len(tables)
    for seat, sets in enumerate(tables):
        x0, y0, _, _ = meld_zone(seat, seats)
        for column, cards in enumerate(sets):
            refs = [serials.card(_strip_serial(face.split("=", 1)[0])) for face in cards]
            x = x0 + card_width * (0.7 + 1.3 * column)
            y = y0 + card_height * 0.55
            laid = meld_steps(refs, x, y, card_height=card_height, strip=strip, zone=f"meld-{seat}")
            steps += laid if hand else [replace(step, hand=False) for step in laid]
    return steps
