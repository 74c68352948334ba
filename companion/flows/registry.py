"""Start the flow of a game by name: ``make_flow(game, players, variants, options=...)``.

    >>> flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={"dealer": 0})
    >>> flow.status().awaiting
    <Awaiting.SPICY: 'spicy'>
    >>> sorted(kind.name for kind in takes("trump"))
    ['leader', 'missing', 'replace', 'undo']

What a game is (its players, variants and options) is the games' registry's
(:mod:`companion.games.registry`); this module only maps each game to the flow that
plays it at the table, and checks a start against the game's spec. A name,
variant or option the game does not know raises the games' own errors
(:class:`UnknownGameError`, :class:`UnknownVariantError`, :class:`OptionError`),
naming the choices, before anything starts: the session calls the factory first
and journals only a game that could start.

A game may be followed at the table in more ways than its rules know: :data:`MODES`
adds choices to a game's option ``mode``, each with the flow that plays it (the hex
board refereed by the camera, ``mode=camera``, issue 24).

    >>> type(make_flow("hex", ["Black", "White"], [], options={"mode": "camera"})).__name__
    'HexCameraFlow'

A game is a plugin declared once per layer (:mod:`companion.views.plugins` says
how): its spec in its package under :mod:`companion.games`, its flow here in
:data:`FLOWS`, its presenter and live view in :data:`companion.views.plugins.VIEWS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from companion.flows.base import GameFlow
from companion.flows.commands import FlowCommand
from companion.flows.errors import OptionError
from companion.flows.fibonachos import FibonachosFlow
from companion.flows.hex import HexRefereeFlow
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.rummy import RummyFlow
from companion.flows.trump import TrumpFlow
from companion.games.base import check_variants
from companion.games.errors import GameError
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.game_options import GameOptions
from companion.games.hex import REFEREE_SPEC as HEX_REFEREE
from companion.games.hex import SPEC as HEX
from companion.games.i18n import N_
from companion.games.json_types import JSON
from companion.games.registry import OptionSpec, OptionValue, get_game
from companion.games.rummy import SPECS as RUMMY
from companion.games.trump import SPEC as TRUMP

#: The flow of each game, as the buttons drive it with the game's default options
#: (its ``takes`` are the commands the in-game menus offer); ``start`` builds it.
FLOWS: Final[Mapping[str, type[GameFlow]]] = {
    FIBONACHOS.name: FibonachosFlow,
    TRUMP.name: TrumpFlow,
    **{spec.name: RummyFlow for spec in RUMMY},
    HEX.name: HexRefereeFlow,
    HEX_REFEREE.name: HexRefereeFlow,
}

#: The option that chooses how a game is followed.
MODE: Final = "mode"


@dataclass(frozen=True)
class TableMode:
    """A mode the table adds to ``game``'s option ``mode``, played by ``flow``; the
    start menu offers it as ``label``, right after the game ``after``."""

    game: str
    mode: str
    flow: type[GameFlow]
    label: str
    after: str

    @property
    def options(self) -> dict[str, OptionValue]:
        """The options it starts its game with (the rest keep their defaults)."""
        return {MODE: self.mode}

    @property
    def key(self) -> str:
        """Its name in the menus: ``hex:camera``."""
        return f"{self.game}:{self.mode}"


#: The hex board refereed by the camera (issue 24), beside the button referee.
TABLE_MODES: Final = (
    TableMode(HEX.name, "camera", HexCameraFlow, N_("Hex camera referee"), HEX_REFEREE.name),
)
#: The table's modes of each game, by the option's value.
MODES: Final[Mapping[str, Mapping[str, type[GameFlow]]]] = {
    mode.game: {m.mode: m.flow for m in TABLE_MODES if m.game == mode.game} for mode in TABLE_MODES
}


def takes(
    game: str, options: Mapping[str, OptionValue] | None = None
) -> frozenset[type[FlowCommand]]:
    """The commands the flow of ``game`` (started with ``options``) acts on (the
    buttons offer no other)."""
    return _flow(game, options).takes


def _flow(game: str, options: Mapping[str, OptionValue] | None = None) -> type[GameFlow]:
    moded = MODES.get(game, {}).get(str((options or {}).get(MODE)))
    if moded is not None:
        return moded
    flow = FLOWS.get(game)
    if flow is None:
        get_game(game)  # an unknown game: UnknownGameError naming the known ones
        raise GameError(f"{game}: no flow reads this game at the table yet")
    return flow


def make_flow(
    game: str,
    players: Sequence[str],
    variants: Sequence[str],
    *,
    options: GameOptions | Mapping[str, JSON],
) -> GameFlow:
    """The flow of ``game`` for ``players``; raise the games' errors for a bad setup.

    ``options`` are :class:`GameOptions` checked where they entered, or JSON read back
    (a journal's or a cafe's row, a test), checked here by :func:`check_options`.
    """
    spec = get_game(game)
    if not spec.min_players <= len(players) <= spec.max_players:
        low, high = spec.min_players, spec.max_players
        count = str(low) if low == high else f"{low}-{high}"
        raise GameError(f"{game}: {spec.title} is for {count} players, not {len(players)}")
    check_variants(game, list(variants), spec.variants)
    if isinstance(options, GameOptions):
        if options.game != game:
            raise OptionError(f"{game}: the options given are {options.game}'s")
        opts = options
    else:
        opts = check_options(game, options, len(players))
    return _flow(game, opts).start(game, players, variants, opts)


def game_options(game: str) -> tuple[OptionSpec, ...]:
    """The options of ``game`` as the table takes them: the spec's, its ``mode`` with
    the table's own modes (:data:`MODES`) among its choices."""
    extra = tuple(MODES.get(game, {}))
    return tuple(
        replace(option, choices=(*option.choices, *extra))
        if option.name == MODE and extra
        else option
        for option in get_game(game).options
    )


def check_options(game: str, options: Mapping[str, JSON], players: int) -> GameOptions:
    """``options`` of ``game`` for ``players`` checked once, where they enter, with the
    other options at their defaults; :class:`OptionError` names the option, the game
    and the values it takes.

    >>> check_options("hex", {"mode": "camera"}, 2).to_json()
    {'mode': 'camera', 'move-cards': 'shuffled', 'seed': 0}
    """
    return GameOptions.checked(game, game_options(game), options, players=players)
