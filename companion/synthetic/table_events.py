"""A synthetic game as the table's reader reports it, with no frame drawn: the demo's tables.

:func:`scripted_game` plays a seeded game of any card game at a synthetic table: a
Fibonachos or Trump game played at random by the rules engine
(:func:`companion.games.random_play.random_record`) laid out by
:func:`companion.synthetic.scripts.table_script`, or one of the rummy matches of
:data:`companion.synthetic.rummy_games.TABLE_GAMES` (chosen by the seed) played with
its button presses by :func:`companion.synthetic.rummy.rummy_table`; or a hex game
(:func:`companion.synthetic.hex_play.scripted_hex`), the positions the camera would
take of the board each in its frame, with no card at all. Its steps become
the table events the reader would report, each in the frame the scene would show it
(:meth:`~companion.synthetic.scene.Scene.count_frames`): a card put down is placed once
the hand that laid it goes, where it lies (zone, centre, face down or up, and, as the
tracker gives them from the layout, its seat's side and its size in the picture);
cards taken away are removed as the hand takes them. The presses are in frames too,
on the same clock (``fps``).

    >>> game = scripted_game("fibonachos", ("Ana", "Ben", "Cy"), seed=1)
    >>> game.options, type(game.events[0][1]).__name__, game.events[0][1].card.zone
    ({'dealer': 2}, 'CardPlaced', 'spicy')
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.hex import SPEC as HEX
from companion.games.hex import Position
from companion.games.json_types import JSON, JSONObject, list_field
from companion.games.random_play import random_record
from companion.games.rummy import SPECS as RUMMY_SPECS
from companion.synthetic.hex_play import scripted_hex
from companion.synthetic.rummy import MENU_FROM_END, rummy_table
from companion.synthetic.rummy_games import TABLE_GAMES
from companion.synthetic.rummy_seats import picture_for
from companion.synthetic.scene import Place, Remove, Scene, Step
from companion.synthetic.scripts import table_script
from companion.synthetic.sprites import CardRef
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved
from companion.table.layout import Layout, default_layout, parse_layout
from companion.table.seats import card_extent

#: The scene's frame for the trick games (16:9, as the default layout's); the rummy
#: tables' are the pictures docs/rummy.md recommends, scaled down by RUMMY_SCALE (no
#: frame is drawn: only where the cards lie counts, in fractions of the frame).
TRICK_FRAME = (320, 180)
RUMMY_SCALE = 8
#: A card's width in the recommended rummy pictures (px, docs/rummy.md "The camera").
RUMMY_CARD = 190

Event = CardPlaced | CardRemoved


@dataclass(frozen=True)
class ScriptedGame:
    """A whole game at a synthetic table: its table events and button presses by frame.

    ``options`` start the game as the table played it (who dealt or led round 1, a
    seat from 0); ``record`` is the game record the events and presses make; ``board``
    the hex board's positions the camera takes, each with its frame (a card game: none).
    """

    game: str
    players: tuple[str, ...]
    options: Mapping[str, int]
    events: tuple[tuple[int, Event], ...]
    presses: tuple[tuple[int, str], ...]
    record: Mapping[str, JSON]
    board: tuple[tuple[int, Position], ...] = ()


def scripted_game(
    game: str, players: Sequence[str], *, seed: int, fps: float = 10.0, phone: bool = False
) -> ScriptedGame:
    """A seeded game of ``game`` by ``players`` (a rummy match needs 2 or 4 of them, a
    hex game 2: Black, then White); ``phone``: the table shows its phone page's link, so
    its menu has that entry too."""
    names = tuple(players)
    if game in {spec.name for spec in RUMMY_SPECS}:
        return _rummy(game, names, seed, fps, phone)
    if game == HEX.name:
        hexes = scripted_hex(names, seed=seed)
        return ScriptedGame(
            game, names, {}, (), hexes.presses, hexes.state.to_record(), hexes.board
        )
    record = random_record(game, list(names), [], random.Random(seed))
    script = table_script(record)
    scene = Scene(TRICK_FRAME, noise=0.0)
    events = reader_events(script.steps, scene, default_layout())
    return ScriptedGame(game, names, dict(script.options), events, (), script.record)


def _rummy(game: str, players: tuple[str, ...], seed: int, fps: float, phone: bool) -> ScriptedGame:
    """One of the game's matches for this many players, its names the table's."""
    matches = [
        record
        for name, record in sorted(TABLE_GAMES.items())
        if record["game"] == game and len(list_field(record, "players")) == len(players)
    ]
    if not matches:
        raise ValueError(f"no synthetic {game} match for {len(players)} players")
    record: JSONObject = {**matches[seed % len(matches)], "players": list(players)}
    width, height = picture_for(len(players))
    scene = Scene(
        (width // RUMMY_SCALE, height // RUMMY_SCALE),
        card_width=round(RUMMY_CARD / RUMMY_SCALE),
        noise=0.0,
    )
    table = rummy_table(record, scene, fps=fps)
    layout = parse_layout(tomllib.loads(table.layout))
    events = reader_events(table.script.steps, scene, layout)
    presses = with_phone_entry(table.presses) if phone else table.presses
    frames = tuple((round(t * fps), button) for t, button in presses)
    return ScriptedGame(game, players, {}, events, frames, table.record)


def with_phone_entry(presses: Sequence[tuple[float, str]]) -> tuple[tuple[float, str], ...]:
    """The presses of :func:`~companion.synthetic.rummy.rummy_table` at a table whose
    menu also has "Phone page", just above "End game" (``companion.ui.menus.game_menu``):
    BACK then UP to an entry above it takes one UP more (given with the last)."""
    out: list[tuple[float, str]] = []
    ups = 0
    for at, button in presses:
        if button == "up":
            ups += 1
        elif ups > MENU_FROM_END["End game"]:
            out.append((out[-1][0], "up"))
        if button != "up":
            ups = 0
        out.append((at, button))
    return tuple(out)


def reader_events(
    steps: Sequence[Step], scene: Scene, layout: Layout
) -> tuple[tuple[int, Event], ...]:
    """The table events of ``steps``, each with the frame the reader would report it in."""
    aspect = scene.size[0] / scene.size[1]
    out: list[tuple[int, Event]] = []
    lying: dict[str, TableCard] = {}
    frame = 0
    for step in steps:
        hands = scene.hand_frames if isinstance(step, Place | Remove) and step.hand else 0
        if isinstance(step, Place):
            card = _card(step, layout, aspect)
            lying[card.key] = card
            out.append((frame + 2 * hands, CardPlaced(card)))
        elif isinstance(step, Remove):
            out += [(frame + hands, CardRemoved(lying.pop(_key(ref)))) for ref in step.cards]
        frame += scene.count_frames([step])
    return tuple(out)


def _key(ref: CardRef) -> str:
    return f"{ref.deck}/{ref.notation}"


def _card(step: Place, layout: Layout, aspect: float) -> TableCard:
    """The card ``step`` lays as the tracker reports it (``TableTracker._sighting``)."""
    facing = layout.facing(step.zone)
    size = layout.card_size
    extent = None if size is None else card_extent(size, facing, aspect)
    rounded = None if extent is None else (round(extent[0], 5), round(extent[1], 5))
    ref = step.card
    where = (step.x, step.y)
    return TableCard(
        _key(ref), ref.deck, ref.notation, step.zone, where, step.face_down, facing, rounded
    )
