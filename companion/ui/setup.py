"""The start of a game, by buttons: game, players, names, who deals, variants, confirm.

Each step is a menu; BACK always returns to the step before, so a wrong choice costs
one press. Steps that do not apply are skipped (the hex game has two fixed sides,
Fibonacci's Trump has no variant). Names are optional: the names step opens on
"Done", so the default "Seat 1", "Seat 2"... costs a single press.

    >>> wizard = SetupWizard(start=lambda c: Go(commands=[c]), cancel=Go, seed=lambda: 7)
    >>> page = wizard.games_page()
    >>> page.view().items[:3]
    ('Fibonachos', 'Fibonacci Trump', 'Rummy 21')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.registry import all_games, get_game
from companion.ui.commands import StartGame
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage

#: The short list of names a table picks from (a name per seat, or "Seat n").
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")

#: Menu labels that fit a 128-pixel line.
GAME_LABELS = {
    "fibonachos": "Fibonachos",
    "trump": "Fibonacci Trump",
    "rummy21": "Rummy 21",
    "rummy13": "Rummy 13",
    "rummy8": "Rummy 8",
    "rummy89": "Rummy 89",
    "hex": "Hex referee",
}

#: Who starts, per game, when the flows do not say (companion.flows.registry.FLOW_OPTIONS).
SEAT_OPTIONS: Mapping[str, str | None] = {
    "fibonachos": "dealer",
    "trump": "leader",
    "rummy21": "dealer",
    "rummy13": "dealer",
    "rummy8": "dealer",
    "rummy89": "dealer",
    "hex": None,
}

HEX_SIDES = ("Black", "White")


def seat_option(game: str) -> str | None:
    """ "dealer", "leader" or None: the seat option the flow of ``game`` takes."""
    try:
        registry = importlib.import_module("companion.flows.registry")
    except ImportError:
        return SEAT_OPTIONS.get(game)
    known: Any = getattr(registry, "FLOW_OPTIONS", {}).get(game, ())
    names = {getattr(option, "name", option) for option in known}
    for name in ("dealer", "leader"):
        if name in names:
            return name
    return None


@dataclass
class Setup:
    """The choices so far."""

    game: str
    players: int
    names: list[str]
    seat_option: str | None
    seat: int = 0
    variants: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return GAME_LABELS.get(self.game, self.game)

    def steps(self) -> list[str]:
        spec = get_game(self.game)
        steps = []
        if spec.min_players != spec.max_players:
            steps.append("players")
        if self.game != "hex":
            steps.append("names")
        if self.seat_option:
            steps.append("seat")
        if spec.variants:
            steps.append("variants")
        return [*steps, "confirm"]


class SetupWizard:
    """Builds the start menus; ``start`` is called with the finished StartGame."""

    def __init__(
        self,
        *,
        start: Callable[[StartGame], Go],
        cancel: Callable[[], Go],
        seed: Callable[[], int],
    ) -> None:
        self.start = start
        self.cancel = cancel
        self.seed = seed

    # -- the game ------------------------------------------------------------------------

    def games_page(
        self, *, top: Sequence[Choice] = (), bottom: Sequence[Choice] = (), game: str = ""
    ) -> ListPage:
        """The start menu: ``top`` (resume) and ``bottom`` (staff) around the games."""
        specs = all_games()
        choices = [*top]
        choices += [Choice(GAME_LABELS.get(s.name, s.title), self._chooser(s.name)) for s in specs]
        choices += bottom
        names = [s.name for s in specs]
        selected = len(top) + names.index(game) if game in names else 0
        return ListPage("Start", choices, back=self.cancel, selected=selected)

    def _chooser(self, game: str) -> Callable[[], Go]:
        def choose() -> Go:
            spec = get_game(game)
            players = spec.min_players if game == "hex" else max(spec.min_players, 2)
            names = list(HEX_SIDES) if game == "hex" else [""] * players
            setup = Setup(game, players, names, seat_option(game))
            return Go(self._step(setup, setup.steps()[0]))

        return choose

    # -- moving between steps ------------------------------------------------------------

    def _step(self, setup: Setup, step: str) -> ListPage | ConfirmPage:
        pages: dict[str, Callable[[Setup], ListPage | ConfirmPage]] = {
            "players": self.players_page,
            "names": self.names_page,
            "seat": self.seat_page,
            "variants": self.variants_page,
            "confirm": self.confirm_page,
        }
        return pages[step](setup)

    def _next(self, setup: Setup, step: str) -> Go:
        steps = setup.steps()
        return Go(self._step(setup, steps[steps.index(step) + 1]))

    def _back(self, setup: Setup, step: str) -> Callable[[], Go]:
        def back() -> Go:
            steps = setup.steps()
            at = steps.index(step)
            if at == 0:
                return Go(self.games_page(game=setup.game))
            return Go(self._step(setup, steps[at - 1]))

        return back

    # -- the steps -----------------------------------------------------------------------

    def players_page(self, setup: Setup) -> ListPage:
        spec = get_game(setup.game)
        counts = range(spec.min_players, spec.max_players + 1)

        def pick(count: int) -> Callable[[], Go]:
            def act() -> Go:
                setup.players = count
                setup.names = (setup.names + [""] * count)[:count]
                setup.seat = min(setup.seat, count - 1)
                return self._next(setup, "players")

            return act

        choices = [Choice(f"{n} players" if n > 1 else "1 player", pick(n)) for n in counts]
        return ListPage(
            setup.label,
            choices,
            back=self._back(setup, "players"),
            selected=list(counts).index(setup.players),
        )

    def display_names(self, setup: Setup) -> list[str]:
        return [name or f"Seat {i + 1}" for i, name in enumerate(setup.names)]

    def names_page(self, setup: Setup, selected: int = 0) -> ListPage:
        shown = self.display_names(setup)
        choices = [Choice("Done", lambda: self._next(setup, "names"))]
        choices += [
            Choice(f"{seat + 1}: {shown[seat]}", self._name_menu(setup, seat))
            for seat in range(setup.players)
        ]
        return ListPage(
            "Names", choices, back=self._back(setup, "names"), selected=selected, hint="optional"
        )

    def _name_menu(self, setup: Setup, seat: int) -> Callable[[], Go]:
        def open_menu() -> Go:
            taken = {n for i, n in enumerate(setup.names) if i != seat and n}
            options = ["", *(n for n in NAMES if n not in taken)]

            def pick(name: str) -> Callable[[], Go]:
                def act() -> Go:
                    setup.names[seat] = name
                    # On to the next seat's row (row 0 is "Done"), or "Done" after the last.
                    after = seat + 2 if seat + 1 < setup.players else 0
                    return Go(self.names_page(setup, after))

                return act

            choices = [Choice(n or f"Seat {seat + 1}", pick(n)) for n in options]
            current = options.index(setup.names[seat]) if setup.names[seat] in options else 0
            return Go(
                ListPage(
                    f"Seat {seat + 1} name",
                    choices,
                    back=lambda: Go(self.names_page(setup, seat + 1)),
                    selected=current,
                )
            )

        return open_menu

    def seat_page(self, setup: Setup) -> ListPage:
        title = "Who deals?" if setup.seat_option == "dealer" else "Who leads?"

        def pick(seat: int) -> Callable[[], Go]:
            def act() -> Go:
                setup.seat = seat
                return self._next(setup, "seat")

            return act

        choices = [Choice(name, pick(i)) for i, name in enumerate(self.display_names(setup))]
        return ListPage(title, choices, back=self._back(setup, "seat"), selected=setup.seat)

    def variants_page(self, setup: Setup, selected: int = 0) -> ListPage:
        known = sorted(get_game(setup.game).variants)

        def toggle(name: str, index: int) -> Callable[[], Go]:
            def act() -> Go:
                if name in setup.variants:
                    setup.variants.remove(name)
                else:
                    setup.variants.append(name)
                return Go(self.variants_page(setup, index))

            return act

        choices = [Choice("Done", lambda: self._next(setup, "variants"))]
        choices += [
            Choice(name, toggle(name, i + 1), name in setup.variants)
            for i, name in enumerate(known)
        ]
        return ListPage("Variants", choices, back=self._back(setup, "variants"), selected=selected)

    def confirm_page(self, setup: Setup) -> ConfirmPage:
        names = self.display_names(setup)
        lines = [setup.label]
        if setup.game == "hex":
            lines.append("Black moves first")
        elif not any(setup.names):
            lines.append(f"{setup.players} players" if setup.players > 1 else "1 player")
        else:
            joined = ", ".join(names)
            lines.append(joined if len(joined) <= 21 else " ".join(names))
        details = []
        if setup.seat_option:
            verb = "deals" if setup.seat_option == "dealer" else "leads"
            details.append(f"{names[setup.seat]} {verb}")
        if get_game(setup.game).variants:
            details.append(", ".join(sorted(setup.variants)) or "no variant")
        lines.append("; ".join(details))
        return ConfirmPage(
            "Start?",
            lines,
            yes=lambda: self.start(self.command(setup)),
            no=self._back(setup, "confirm"),
            hint="SELECT start  BACK change",
        )

    def command(self, setup: Setup) -> StartGame:
        options: dict[str, Any] = {"seed": self.seed()}
        if setup.seat_option:
            options[setup.seat_option] = setup.seat
        if setup.game == "hex":
            options["mode"] = "referee"
        return StartGame(
            setup.game,
            tuple(self.display_names(setup)),
            tuple(sorted(setup.variants)),
            options,
        )
