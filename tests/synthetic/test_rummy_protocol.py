"""Issue 11 items 1 and 5: the rummy table protocol played through the flow and the OLED.

Each synthetic rummy table (:func:`companion.synthetic.rummy.rummy_table`) is fed, with
no video, to what the daemon runs: every card put down or taken off as a table event
of the rummy flow, every button of its script to the interface (:class:`UiApp`), whose
commands go to the flow. The game is started as a cafe table starts one: the staff's
names, then the start menu's buttons (the game, its players, the names, who deals, the
variants, Start?), and the flow is made from the start the menu gives. The OLED's
questions must be the ones the script answers (a closing confirmed with one press, R4;
a wild card's number among those that fit its set, R5; the player who went out,
offered first, R6), and the record must be the one played. Each card carries its
seat's side (``facing``), as the layout gives it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from layout_scenes import layout_scene
from loose import loose

from companion.flows.base import GameFlow, NoticeKind
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus
from companion.games.json_types import list_field, texts
from companion.games.registry import get_game
from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_PICTURES
from companion.synthetic.scene import Place, Remove
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.ui.commands import EndGame, Flow, StartGame, Undo
from companion.ui.setup import players_label
from companion.views import MenuView, RummyView
from companion.views.present import variant_name
from hardware.buttons import Button, ButtonEvent, PressKind
from hardware.buttons_replay import parse_script

FPS = 10.0


#: The matches and their pictures (docs/rummy.md "The camera").
TABLES = TABLE_PICTURES


#: Who deals round 1 at every table: the first seat, so the second starts (R4).
DEALER = 0
#: The table time of the start menu's first press: the set-up is done before the
#: table's time 0, when its script begins.
START = -60.0


@dataclass
class Played:
    """What a table played: its flow, the refusals, the rounds scored each time the
    interface ended the game (End game), and who the screen said starts each round
    before its first card (R4)."""

    flow: GameFlow
    refused: list[str] = field(default_factory=list)
    ended: list[int] = field(default_factory=list)
    starts: list[str | None] = field(default_factory=list)


def _choose(app: UiApp, label: str, at: float) -> float:
    """Move the highlight of the menu on screen to ``label`` and SELECT it; the time."""
    view = app.screen(at)
    assert isinstance(view, MenuView), view
    downs = (view.items.index(label) - view.selected) % len(view.items)
    for button in [*[Button.DOWN] * downs, Button.SELECT]:
        at += 0.25
        app.button(ButtonEvent(button, PressKind.PRESS, at))
    return at


def start_by_menu(app: UiApp, game: str, players: list[str], variants: list[str]) -> StartGame:
    """The game started as a cafe table starts it: the staff's names, then the start
    menu: the game, its players, the names (Done), who deals (:data:`DEALER`), the
    variants ticked, Start? (SELECT)."""
    app.set_names(players)
    at = _choose(app, get_game(game).label, START)
    at = _choose(app, players_label(len(players)), at)
    at = _choose(app, "Done", at)
    dealer = app.screen(at)
    assert isinstance(dealer, MenuView) and dealer.title == "Who deals?", dealer
    at = _choose(app, players[DEALER], at)
    for variant in variants:
        at = _choose(app, variant_name(variant), at)
    at = _choose(app, "Done", at)
    (command,) = app.button(ButtonEvent(Button.SELECT, PressKind.PRESS, at + 0.25))
    assert isinstance(command, StartGame)
    return command


def play(record: Mapping[str, Any], size: tuple[int, int]) -> Played:
    """The table of ``record`` through the flow and the interface, started by the menu."""
    scene = layout_scene(size)
    table = rummy_table(record, scene, fps=FPS)
    game, players = table.script.game, list(table.script.players)
    app = UiApp()
    command = start_by_menu(app, game, players, list(table.script.variants))
    assert command.options is not None
    flow = make_flow(game, command.players, command.variants, options=command.options)
    app.flow_status(flow.status())
    played = Played(flow)
    refused, ended = played.refused, played.ended
    presses = parse_script(table.buttons, "buttons")
    lying: dict[object, TableCard] = {}
    sides = {f"meld-{i}": seat.side for i, seat in enumerate(table.seats)}

    def after(notices: list[Any], now: float) -> None:
        refused.extend(n.message for n in notices if n.kind is NoticeKind.REFUSED)
        app.notices(notices, now)
        app.flow_status(flow.status())

    def press_until(now: float) -> None:
        while presses and presses[0].time <= now:
            event = presses.pop(0)
            for command in app.button(event):
                if isinstance(command, Flow):
                    after(flow.command(command.command), event.time)
                elif isinstance(command, Undo):
                    after(flow.undo(), event.time)
                elif isinstance(command, EndGame):
                    ended.append(len(loose(flow.record())["rounds"]))
            app.tick(event.time)

    frames = 0
    for index, step in enumerate(table.script.steps):
        now = frames / FPS
        press_until(now)
        if index in table.round_starts:
            screen = app.screen(now)
            played.starts.append(screen.turn if isinstance(screen, RummyView) else None)
        if isinstance(step, Place):
            key, where, facing = str(id(step.card)), (step.x, step.y), sides[step.zone]
            card = TableCard(key, game, step.card.notation, step.zone, where, facing=facing)
            lying[step.card] = card
            after(flow.placed(card), now)
        elif isinstance(step, Remove):
            for ref in step.cards:
                after(flow.removed(lying.pop(ref)), now)
        frames += scene.count_frames([step])
    press_until(float("inf"))
    return played


def normalised(record: Mapping[str, Any]) -> Any:
    """The record without serials (``#n``), each seat's open sets in one order."""
    plain = json.loads(re.sub(r"#[0-9]+", "", json.dumps(record)))
    for rnd in plain["rounds"]:
        for seat in rnd["tables"]:
            seat["open"] = sorted(seat["open"])
    return plain


#: The full-size table (four players, sets of eight, a match of rounds) in the slow
#: set; the smaller tables in the fast set too (issue 20).
TABLE_NAMES = [
    pytest.param(name, marks=pytest.mark.slow) if name == "full-table" else name
    for name in sorted(TABLES)
]


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_the_button_script_answers_the_flows_questions_into_the_record(name: str) -> None:
    """R1-R9, issue 11: in every round every closing is asked and confirmed, every wild
    card with more than one number is asked and answered, the player who went out is
    offered first; after the last round the table ends the match (End game, once): the
    flow's record is the match played, with nothing refused."""
    record, size = TABLES[name]
    played = play(record, size)
    flow = played.flow
    assert played.refused == []
    assert played.ended == [len(list_field(record, "rounds"))]
    expected = get_game(str(record["game"])).from_record(record).to_record()
    assert normalised(flow.record()) == normalised(expected)
    status = flow.status()
    assert isinstance(status, RummyStatus)
    assert status.closing is None and status.asking is None


@pytest.mark.parametrize("name", ["rummy21-2p", "rummy13-4p"])
def test_the_player_after_the_dealer_chosen_starts_and_the_deal_passes(name: str) -> None:
    """R4 (the rulebook: "the player clockwise to the dealer starts"; the deal passes
    clockwise): the start menu's dealer is the flow's, so before each round's first card
    the screen names the player after that round's dealer, from the first round on."""
    record, size = TABLES[name]
    players = texts(record["players"], "players")
    rounds = len(list_field(record, "rounds"))
    played = play(record, size)
    expected = [players[(DEALER + number) % len(players)] for number in range(1, rounds + 1)]
    assert played.starts == expected
