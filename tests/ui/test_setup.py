"""The start menus read the one registry of games (issue 9): labels, options, no own table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from ui_keys import Finger

from companion.flows.registry import TABLE_MODES, make_flow
from companion.games.registry import GameSpec, OptionKind, all_games, get_game, menu_games
from companion.ui.app import UiApp
from companion.ui.commands import StartGame
from companion.ui.draw import TEXT, fit
from companion.ui.pages import ConfirmPage
from companion.views import MessageView

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"

#: The width a menu row gives its text (companion.ui.screens.menu_screen).
MENU_ROW = 128 - 6


def _start(spec: GameSpec, players: str = "") -> tuple[list[str], StartGame]:
    """Start ``spec``'s game taking every step's first offer (``players`` chosen, if
    given); the steps' titles and the start."""
    finger = Finger(UiApp())
    finger.choose(spec.label)
    if players:
        finger.choose(players)
    titles = []
    while not isinstance(finger.app.page, ConfirmPage):
        titles.append(finger.screen().title)
        finger.press("SELECT")
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame)
    return titles, command


@pytest.mark.parametrize("spec", menu_games(), ids=lambda spec: spec.name)
def test_the_wizard_offers_exactly_the_registrys_options(spec: GameSpec) -> None:
    """Issue 9: each seat option is asked (its question is the step) but one the table
    tells in the game (Trump's leader, issue 10), every option is passed, and the flow
    takes the start as it is."""
    questions = {o.question for s in all_games() for o in s.options if o.kind is OptionKind.SEAT}
    titles, command = _start(spec)
    asked = [title for title in titles if title in questions]
    seats = [o for o in spec.options if o.kind is OptionKind.SEAT and o.asked]
    assert asked == [option.question for option in seats]
    assert command.options is not None
    assert list(command.options) == sorted(option.name for option in spec.options)
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    assert flow.game == spec.name


@pytest.mark.parametrize("game", ["rummy21", "rummy13", "rummy8", "rummy89"])
def test_rummy_asks_who_deals_and_the_next_seat_starts(game: str) -> None:
    """R4 (turns go clockwise; the rulebook: the players draw for the deal and "the
    player clockwise to the dealer starts"): the start menus ask who deals round 1,
    as Fibonachos' do; the seat chosen goes with the options, and the game's first
    screen names the player after the dealer before any card lies."""
    spec = get_game(game)
    finger = Finger(UiApp())
    finger.choose(spec.label)
    finger.choose("3 players")
    finger.choose("Done")
    dealer = finger.screen()
    assert (dealer.title, dealer.items) == ("Who deals?", ("Seat 1", "Seat 2", "Seat 3"))
    finger.choose("Seat 2")
    finger.choose("Done")  # variants, if the game has any
    confirm = finger.screen()
    assert isinstance(confirm, MessageView) and "Seat 2 deals" in confirm.lines[-1]
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame) and command.options is not None
    assert command.options["dealer"] == 1
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    finger.app.game_started(command.game, command.players)
    finger.app.flow_status(flow.status())
    assert finger.screen().turn == "Seat 3"


def test_the_rummy_dealer_can_be_changed_before_the_start() -> None:
    """R4: BACK from the last step reaches "Who deals?" again, on the seat chosen, and
    fewer players afterwards keep the dealer a seat of the game."""
    finger = Finger(UiApp())
    finger.choose("Rummy 21")
    finger.choose("4 players")
    finger.choose("Done")
    finger.choose("Seat 4")
    finger.choose("Done")
    finger.press("BACK", "BACK")
    dealer = finger.screen()
    assert dealer.title == "Who deals?" and dealer.selected == 3
    finger.press("BACK", "BACK")
    finger.choose("2 players")
    finger.choose("Done")
    assert finger.screen().items[finger.screen().selected] == "Seat 2"
    finger.choose("Seat 1")
    finger.choose("Done")
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame) and command.options is not None
    assert command.options["dealer"] == 0


def test_a_rummy_game_of_one_asks_no_dealer() -> None:
    """R4: one player alone deals every round; no question is asked about it."""
    titles, command = _start(get_game("rummy8"), players="1 player")
    assert "Who deals?" not in titles
    assert command.options is not None
    assert command.players == ("Seat 1",) and command.options["dealer"] == 0


def test_labels_fit_a_menu_row_and_name_each_game_once() -> None:
    """The label is the OLED's name of a game: one 128-pixel menu row, never cut."""
    labels = [spec.label for spec in all_games()]
    assert len(set(labels)) == len(labels)
    for label in labels:
        assert fit(label, TEXT, MENU_ROW) == label


def test_the_oled_names_the_game_in_play_by_its_label() -> None:
    """Menus and headers say the label; the title is the rulebook's, for the command line."""
    for spec in all_games():
        app = UiApp()
        app.game_started(spec.name, ["Ana", "Ben"][: spec.max_players])
        assert app.label == spec.label
    labels = []
    for spec in menu_games():  # each game, then the table's modes offered after it
        labels += [spec.label, *(m.label for m in TABLE_MODES if m.after == spec.name)]
    assert labels == list(UiApp().screen(0.0).items)[:-2]
    assert {spec.name for spec in all_games()} - {spec.name for spec in menu_games()} == {"hex"}


def _literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


@pytest.mark.parametrize("module", ["setup.py", "menus.py", "app.py"])
def test_the_menus_hold_no_game_data(module: str) -> None:
    """Issue 9: no game name, label, title or option of the registry is written in the
    menus' code; they read the registry."""
    facts = set()
    for spec in all_games():
        facts |= {spec.name, spec.label, spec.title, *spec.seats}
        facts |= {option.name for option in spec.options if option.kind is not OptionKind.SEED}
        facts |= {option.question for option in spec.options}
    assert _literals(UI / module) & facts == set()
