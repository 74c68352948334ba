"""The start menus read the one registry of games (issue 9): labels, options, no own table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from ui_keys import Finger

from companion.flows.registry import TABLE_MODES, make_flow
from companion.games.registry import GameSpec, OptionKind, all_games, menu_games
from companion.ui.app import UiApp
from companion.ui.commands import StartGame
from companion.ui.draw import TEXT, fit
from companion.ui.pages import ConfirmPage

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"

#: The width a menu row gives its text (companion.ui.screens.menu_screen).
MENU_ROW = 128 - 6


def _start(spec: GameSpec) -> tuple[list[str], StartGame]:
    """Start ``spec``'s game taking every step's first offer; the steps' titles and the start."""
    finger = Finger(UiApp())
    finger.choose(spec.label)
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
    takes the start as it is (rummy: no dealer)."""
    questions = {o.question for s in all_games() for o in s.options if o.kind is OptionKind.SEAT}
    titles, command = _start(spec)
    asked = [title for title in titles if title in questions]
    seats = [o for o in spec.options if o.kind is OptionKind.SEAT and o.asked]
    assert asked == [option.question for option in seats]
    assert command.options is not None
    assert list(command.options) == sorted(option.name for option in spec.options)
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    assert flow.game == spec.name


def test_rummy_asks_no_dealer() -> None:
    """Issue 9, R4: the start menus do not ask the rummy games' first dealer; it is
    left at its default (the last seat deals, the first seat starts)."""
    titles, command = _start(next(s for s in all_games() if s.name == "rummy21"))
    assert "Who deals?" not in titles
    assert command.options is not None
    assert set(command.options) == {"seed", "dealer"} and command.options["dealer"] is None


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
