"""The start of a game, by buttons: game, players, names, who deals, variants, confirm.

Each step is a menu; BACK always returns to the step before, so a wrong choice costs
one press. Steps that do not apply are skipped (a game with fixed sides, as hex,
has no names to pick; a game with no variant has no variants step). Names are
optional: the names step opens on "Done", so the default "Seat 1", "Seat 2"...
costs a single press. A seat's name is one of the names played here lately (the
newest first, from ``names()``: the journal's history, handed in by the daemon), or
a new one typed on the letter wheel (:mod:`companion.ui.names`); a table with no
history is offered a few :data:`DEFAULT_NAMES`.

Every fact about a game comes from the games' registry (:mod:`companion.games.registry`):
its label, its player range, its variants, its fixed sides and its options. Of
the options, the menus ask each seat option (who deals, who leads: its question is
the step's title; a game of one player has no one else to name); the seed comes from
``seed()``; a choice keeps its default (the hex referee's ``mode``: the buttons run
the referee, and ``board`` needs every move entered). A game followed in a mode of
its own is offered as a game beside the one it goes with
(:data:`companion.flows.registry.TABLE_MODES`): the camera referee of the hex board
next to the button referee.

    >>> wizard = SetupWizard(start=lambda c: Go(commands=[c]), cancel=Go, seed=lambda: 7)
    >>> page = wizard.games_page()
    >>> page.view().items[:3]
    ('Fibonachos', 'Fibonacci Trump', 'Rummy 21')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.flows.registry import TABLE_MODES, TableMode, check_options
from companion.games.registry import (
    GameSpec,
    OptionKind,
    OptionSpec,
    OptionValue,
    get_game,
    menu_games,
)
from companion.ui.commands import StartGame
from companion.ui.names import NamePicker
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage
from companion.views.i18n import _, ngettext
from companion.views.names import seat_name, seat_names
from companion.views.present import variant_name

#: The names a table with no history is offered (typing one's own is always there).
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee")
#: How many recent names a seat's list offers before "New name".
OFFERED_NAMES = 8


@dataclass
class Setup:
    """The choices so far."""

    spec: GameSpec
    players: int
    names: list[str]
    #: The seat chosen for each seat option (by the option's name).
    seats: dict[str, int] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    #: The table's mode it is offered in, if any.
    moded: TableMode | None = None

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def key(self) -> str:
        """The start menu's row of this game: its name, or its mode's key."""
        return self.moded.key if self.moded is not None else self.spec.name

    @property
    def label(self) -> str:
        return self.moded.label if self.moded is not None else self.spec.label

    def seat_options(self) -> list[OptionSpec]:
        """The options the menus ask: who deals (who leads Trump is asked in the game);
        none of one player (a rummy game alone: the only seat deals)."""
        return asked_seats(self.spec) if self.players > 1 else []

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
        names: Callable[[], Sequence[str]] = lambda: (),
    ) -> None:
        self.start = start
        self.cancel = cancel
        self.seed = seed
        self.names = names
        #: Names the cafe's staff gave: the setup in progress and the next take them.
        self.preset_names: tuple[str, ...] = ()
        self.current: Setup | None = None

    def preset(self, names: Sequence[str]) -> None:
        """Names for the game being set up (its first seats) and the next one chosen;
        none: forget them (the game they were for has started)."""
        self.preset_names = tuple(names)
        setup = self.current
        if not names:
            self.current = None
        elif setup is not None and not setup.spec.seats:
            setup.names = [*names, *setup.names[len(names) :]][: setup.players]

    # -- the game ------------------------------------------------------------------------

    def games_page(
        self, *, top: Sequence[Choice] = (), bottom: Sequence[Choice] = (), game: str = ""
    ) -> ListPage:
        """The start menu: ``top`` (resume) and ``bottom`` (staff) around the games."""
        choices = [*top]
        names: list[str] = []
        for spec in menu_games():
            choices.append(Choice(_(spec.label), self._chooser(spec.name)))
            names.append(spec.name)
            for moded in (m for m in TABLE_MODES if m.after == spec.name):
                choices.append(Choice(_(moded.label), self._chooser(moded.game, moded)))
                names.append(moded.key)
        choices += bottom
        selected = len(top) + names.index(game) if game in names else 0
        return ListPage(_("Start"), choices, back=self.cancel, selected=selected)

    def _chooser(self, game: str, moded: TableMode | None = None) -> Callable[[], Go]:
        def choose() -> Go:
            spec = get_game(game)
            players = len(spec.seats) or max(spec.min_players, 2)
            names = list(spec.seats) or [""] * players
            if self.preset_names and not spec.seats:
                preset = self.preset_names
                players = min(max(len(preset), spec.min_players), spec.max_players)
                names = [*preset, *[""] * players][:players]
            setup = Setup(spec, players, names, moded=moded)
            self.current = setup
            setup.seats = {option.name: 0 for option in asked_seats(spec)}
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
                return Go(self.games_page(game=setup.key))
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
            return Go(self.name_page(setup, seat))

        return open_menu

    def name_page(self, setup: Setup, seat: int) -> ListPage:
        """A seat's name: the recent names no other seat has, a new one, or none."""
        taken = {n.casefold() for i, n in enumerate(setup.names) if i != seat and n}
        recent = list(self.names()) or list(DEFAULT_NAMES)
        offered = [n for n in dict.fromkeys(recent) if n.casefold() not in taken]
        offered = offered[:OFFERED_NAMES]
        current = setup.names[seat]
        if current and current not in offered:
            offered.insert(0, current)

        def pick(name: str) -> Callable[[], Go]:
            def act() -> Go:
                setup.names[seat] = name
                # On to the next seat's row (row 0 is "Done"), or "Done" after the last.
                after = seat + 2 if seat + 1 < setup.players else 0
                return Go(self.names_page(setup, after))

            return act

        def typed(name: str) -> Go:
            return pick(name)()

        def new_name() -> Go:
            others = [n for i, n in enumerate(setup.names) if i != seat and n]
            picker = NamePicker(
                title,
                done=typed,
                cancel=lambda: Go(self.name_page(setup, seat)),
                name=current,
                taken=others,
            )
            return Go(picker)

        title = _("Seat {n} name").format(n=seat + 1)
        choices = [Choice(name, pick(name)) for name in offered]
        choices.append(Choice(_("New name"), new_name))
        choices.append(Choice(seat_name("", seat), pick("")))
        selected = offered.index(current) if current in offered else 0
        return ListPage(
            title,
            choices,
            back=lambda: Go(self.names_page(setup, seat + 1)),
            selected=selected,
        )

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
        options: dict[str, OptionValue] = {}
        chosen = setup.moded.options if setup.moded is not None else {}
        for option in setup.spec.options:
            if option.kind is OptionKind.SEAT and option.asked:
                options[option.name] = setup.seats[option.name]
            elif option.kind is OptionKind.SEED:
                options[option.name] = self.seed()
            else:
                options[option.name] = chosen.get(option.name, option.default)
        names = tuple(self.display_names(setup))
        checked = check_options(setup.game, options, len(names))  # the menus' options enter here
        return StartGame(setup.game, names, tuple(sorted(setup.variants)), checked)


def asked_seats(spec: GameSpec) -> list[OptionSpec]:
    """The seat options of ``spec`` the start menus ask (its question is a step)."""
    return [o for o in spec.options if o.kind is OptionKind.SEAT and o.asked]


def players_label(count: int) -> str:
    """ "3 players", "1 player" in the table's language."""
    return ngettext("{count} player", "{count} players", count).format(count=count)
