"""Issue 11: the synthetic rummy table's button script finds its menu entries.

:mod:`companion.synthetic.rummy` (layer 3) cannot import the interface (layer 6), so it
counts the in-game menu's entries from the end (:data:`MENU_FROM_END`, from its
:data:`MENU_TAIL`). Here the real interface builds the rummy menu of a real flow, and
the very presses the script would make (BACK, then UP as many times) must land on each
entry: a change to the menu fails in a second here, not in a ten-minute replay.
"""

from __future__ import annotations

import pytest

from companion.flows.commands import CountHands, EndRound
from companion.flows.registry import make_flow
from companion.synthetic.rummy import MENU_FROM_END, MENU_TAIL
from companion.ui.app import UiApp
from companion.views import MenuView
from hardware.buttons_replay import parse_script

PLAYERS = ["Ana", "Ben", "Cy"]


def _table(game: str, *, scored: bool) -> UiApp:
    """The interface of a ``game`` in play, after a round was scored if ``scored`` (the
    menu then has "Scores": its head grows, its tail must not move)."""
    flow = make_flow(game, PLAYERS, [], options={})
    app = UiApp()
    app.game_started(game, PLAYERS)
    if scored:
        app.notices(flow.command(CountHands()), 0.0)
        app.notices(flow.command(EndRound(None)), 0.0)
    app.flow_status(flow.status())
    app.tick(30.0)  # any round's scores shown are put away by a press, as the script does
    return app


def _press(app: UiApp, buttons: list[str], at: float) -> object:
    """``buttons`` through the interface as the script's lines; the screen after."""
    text = "".join(f"{at + i * 0.25:.2f} {button}\n" for i, button in enumerate(buttons))
    for event in parse_script(text, "menu"):
        app.button(event)
    return app.screen(at + len(buttons))


@pytest.mark.parametrize("scored", [False, True], ids=["first-round", "after-a-round"])
@pytest.mark.parametrize("game", ["rummy21", "rummy13", "rummy8", "rummy89"])
@pytest.mark.parametrize("entry", sorted(MENU_FROM_END))
def test_each_entry_the_script_uses_is_where_it_counts_it(
    entry: str, game: str, scored: bool
) -> None:
    """Issue 11, R5-R9: BACK and UP as many times as MENU_FROM_END says highlight the
    entry (Wild card, Count hands, End round, End game) in the real rummy menu, before
    any round is scored and after (when "Scores" joins the menu's head)."""
    app = _table(game, scored=scored)
    if scored:
        app.button(parse_script("31 select", "put the scores away")[0])
    screen = _press(app, ["back", *["up"] * MENU_FROM_END[entry]], 40.0)
    assert isinstance(screen, MenuView), screen
    assert ("Scores" in screen.items) is scored
    assert screen.items[screen.selected] == entry
    assert screen.items[-len(MENU_TAIL) :] == MENU_TAIL
