"""The start of a game, by buttons: game, players, names, who deals, variants, confirm.

Each step is a menu; BACK always returns to the step before, so a wrong choice costs
one press. Steps that do not apply are skipped (a game with fixed sides, as hex,
has no names to pick; a game with no variant has no variants step). Names are
optional: the names step opens on "Done", so the default "Seat 1", "Seat 2"...
costs a single press.

Every fact about a game comes from the games' registry (:mod:`companion.games.registry`):
its label, its player range, its variants, its fixed sides and its options. Of
the options, the menus ask each seat option (who deals, who leads: its question is
the step's title); the seed comes from ``seed()``; a choice keeps its default (the
hex referee's ``mode``: the buttons run the referee, and ``board`` needs every move
entered).

    >>> wizard = SetupWizard(start=lambda c: Go(commands=[c]), cancel=Go, seed=lambda: 7)
    >>> page = wizard.games_page()
    >>> page.view().items[:3]
    ('Fibonachos', 'Fibonacci Trump', 'Rummy 21')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.registry import GameSpec, OptionKind, OptionSpec, get_game, menu_games
from companion.ui.commands import StartGame
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage
from companion.views.i18n import _, ngettext
from companion.views.names import seat_name, seat_names
from companion.views.present import variant_name

#: The short list of names a table picks from (a name per seat, or "Seat n").
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


@dataclass
class Setup:
    """The choices so far."""

    spec: GameSpec
    players: int
    names: list[str]
    #: The seat chosen for each seat option (by the option's name).
    seats: dict[str, int] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def label(self) -> str:
        return self.spec.label

    def seat_options(self) -> list[OptionSpec]:
        """The options the menus ask: who deals, who leads."""
        return [option for option in self.spec.options if option.kind is OptionKind.SEAT]

    def steps(self) -> list[str]:
        spec = self.spec
        steps = []
        if spec.min_players != spec.max_players:
            steps.append("players")
        if not spec.seats:
            steps.append("names")
        steps += [f"seat:{option.name}" for option in self.seat_options()]
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
        specs = menu_games()
        choices = [*top]
        choices += [Choice(_(spec.label), self._chooser(spec.name)) for spec in specs]
        choices += bottom
        names = [s.name for s in specs]
        selected = len(top) + names.index(game) if game in names else 0
        return ListPage(_("Start"), choices, back=self.cancel, selected=selected)

    def _chooser(self, game: str) -> Callable[[], Go]:
        def choose() -> Go:
            spec = get_game(game)
            players = len(spec.seats) or max(spec.min_players, 2)
            names = list(spec.seats) or [""] * players
            setup = Setup(spec, players, names)
            setup.seats = {option.name: 0 for option in setup.seat_options()}
            return Go(self._step(setup, setup.steps()[0]))

        return choose

    # -- moving between steps ------------------------------------------------------------

    def _step(self, setup: Setup, step: str) -> ListPage | ConfirmPage:
        kind, _sep, option = step.partition(":")
        if kind == "seat":
            return self.seat_page(setup, option)
        pages: dict[str, Callable[[Setup], ListPage | ConfirmPage]] = {
            "players": self.players_page,
            "names": self.names_page,
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
        spec = setup.spec
        counts = range(spec.min_players, spec.max_players + 1)

        def pick(count: int) -> Callable[[], Go]:
            def act() -> Go:
                setup.players = count
                setup.names = (setup.names + [""] * count)[:count]
                setup.seats = {name: min(seat, count - 1) for name, seat in setup.seats.items()}
                return self._next(setup, "players")

            return act

        choices = [Choice(players_label(n), pick(n)) for n in counts]
        return ListPage(
            _(setup.label),
            choices,
            back=self._back(setup, "players"),
            selected=list(counts).index(setup.players),
        )

    def display_names(self, setup: Setup) -> list[str]:
        """The names the game starts with: "Seat 2" for an unnamed seat (the screens
        say it in the table's language, :func:`companion.views.names.seat_name`)."""
        return [name or f"Seat {i + 1}" for i, name in enumerate(setup.names)]

    def shown_names(self, setup: Setup) -> list[str]:
        """The names as the screens show them, in the table's language."""
        return list(seat_names(self.display_names(setup)))

    def names_page(self, setup: Setup, selected: int = 0) -> ListPage:
        shown = self.shown_names(setup)
        choices = [Choice(_("Done"), lambda: self._next(setup, "names"))]
        choices += [
            Choice(f"{seat + 1}: {shown[seat]}", self._name_menu(setup, seat))
            for seat in range(setup.players)
        ]
        return ListPage(
            _("Names"),
            choices,
            back=self._back(setup, "names"),
            selected=selected,
            hint=_("optional"),
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

            choices = [Choice(seat_name(n, seat), pick(n)) for n in options]
            current = options.index(setup.names[seat]) if setup.names[seat] in options else 0
            return Go(
                ListPage(
                    _("Seat {number}: name").format(number=seat + 1),
                    choices,
                    back=lambda: Go(self.names_page(setup, seat + 1)),
                    selected=current,
                )
            )

        return open_menu

    def seat_page(self, setup: Setup, name: str) -> ListPage:
        """A seat option: its question, then the seats by name."""
        option = next(option for option in setup.seat_options() if option.name == name)
        step = f"seat:{name}"

        def pick(seat: int) -> Callable[[], Go]:
            def act() -> Go:
                setup.seats[name] = seat
                return self._next(setup, step)

            return act

        choices = [Choice(shown, pick(i)) for i, shown in enumerate(self.shown_names(setup))]
        return ListPage(
            _(option.question), choices, back=self._back(setup, step), selected=setup.seats[name]
        )

    def variants_page(self, setup: Setup, selected: int = 0) -> ListPage:
        known = sorted(setup.spec.variants)

        def toggle(name: str, index: int) -> Callable[[], Go]:
            def act() -> Go:
                if name in setup.variants:
                    setup.variants.remove(name)
                else:
                    setup.variants.append(name)
                return Go(self.variants_page(setup, index))

            return act

        choices = [Choice(_("Done"), lambda: self._next(setup, "variants"))]
        choices += [
            Choice(variant_name(name), toggle(name, i + 1), name in setup.variants)
            for i, name in enumerate(known)
        ]
        title = _("Variants")
        return ListPage(title, choices, back=self._back(setup, "variants"), selected=selected)

    def confirm_page(self, setup: Setup) -> ConfirmPage:
        names = self.shown_names(setup)
        lines = [_(setup.label)]
        if setup.spec.seats:
            lines.append(_("{name} moves first").format(name=names[0]))
        elif not any(setup.names):
            lines.append(players_label(setup.players))
        else:
            lines.append(_(", ").join(names))
        details = [
            _(option.summary).format(names[setup.seats[option.name]])
            for option in setup.seat_options()
        ]
        if setup.spec.variants:
            chosen = [variant_name(name) for name in sorted(setup.variants)]
            details.append(_(", ").join(chosen) or _("no variant"))
        lines.append(_("; ").join(details))
        return ConfirmPage(
            _("Start?"),
            [line for line in lines if line],
            yes=lambda: self.start(self.command(setup)),
            no=self._back(setup, "confirm"),
            hint=_("SELECT start  BACK change"),
        )

    def command(self, setup: Setup) -> StartGame:
        """The start asked for: every option of the game, in the registry's order."""
        options: dict[str, Any] = {}
        for option in setup.spec.options:
            if option.kind is OptionKind.SEAT:
                options[option.name] = setup.seats[option.name]
            elif option.kind is OptionKind.SEED:
                options[option.name] = self.seed()
            else:
                options[option.name] = option.default
        return StartGame(
            setup.game,
            tuple(self.display_names(setup)),
            tuple(sorted(setup.variants)),
            options,
        )


def players_label(count: int) -> str:
    """ "3 players", "1 player" in the table's language."""
    return ngettext("{count} player", "{count} players", count).format(count=count)
