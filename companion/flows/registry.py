"""Start the flow of a game by name: ``make_flow(game, players, variants, options=...)``.

    >>> flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={"dealer": 0})
    >>> flow.expected()
    'spicy card'
    >>> [option.name for option in FLOW_OPTIONS["fibonachos"]]
    ['dealer', 'seed']

Game names are those of :mod:`companion.games.registry`. A name, variant or option
the game does not know raises the games' own errors (:class:`UnknownGameError`,
:class:`UnknownVariantError`, :class:`OptionError`), naming the choices, before
anything starts: the session calls the factory first and journals only a game that
could start.

``FLOW_OPTIONS`` tells the UI's menus which options each game takes. Every game
takes ``seed`` (the daemon may always pass one; flows with no chance ignore it), so
that flows stay deterministic: randomness comes only from ``random.Random(seed)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.flows.base import GameFlow
from companion.flows.errors import OptionError
from companion.games.base import check_variants
from companion.games.errors import GameError
from companion.games.registry import get_game


@dataclass(frozen=True)
class FlowOption:
    """One option a game's flow takes: ``kind`` is ``seat``, ``int`` or ``choice``."""

    name: str
    title: str
    kind: str
    choices: tuple[str, ...] = ()
    default: Any = None


SEED = FlowOption("seed", "Random seed", "int", default=0)
DEALER = FlowOption("dealer", "Who deals first", "seat")
LEADER = FlowOption("leader", "Who leads round 1", "seat")
MODE = FlowOption("mode", "Referee", "choice", ("referee", "board"), "referee")
MOVE_CARDS = FlowOption("move-cards", "Move cards", "choice", ("shuffled", "camera"), "shuffled")

RUMMY_GAMES: Final = ("rummy21", "rummy13", "rummy8", "rummy89")

#: The options of each game's flow, in menu order.
FLOW_OPTIONS: Final[Mapping[str, tuple[FlowOption, ...]]] = {
    "fibonachos": (DEALER, SEED),
    "trump": (LEADER, SEED),
    **{game: (SEED,) for game in RUMMY_GAMES},
    "hex": (MODE, MOVE_CARDS, SEED),
    "hex-referee": (MOVE_CARDS, SEED),
}

Builder = Callable[[Sequence[str], Sequence[str], Mapping[str, Any]], GameFlow]


def _fibonachos(
    players: Sequence[str], variants: Sequence[str], opts: Mapping[str, Any]
) -> GameFlow:
    from companion.flows.fibonachos import FibonachosFlow

    return FibonachosFlow(players, variants, dealer=opts.get("dealer"))


def _trump(players: Sequence[str], variants: Sequence[str], opts: Mapping[str, Any]) -> GameFlow:
    from companion.flows.trump import TrumpFlow

    return TrumpFlow(players, variants, leader=opts.get("leader"))


def _hex(players: Sequence[str], variants: Sequence[str], opts: Mapping[str, Any]) -> GameFlow:
    from companion.flows.hex import HexRefereeFlow
    from companion.flows.hex_board import HexBoardFlow

    flow = HexBoardFlow if opts["mode"] == "board" else HexRefereeFlow
    return flow(players, variants, seed=opts["seed"], camera=opts["move-cards"] == "camera")


def _hex_referee(
    players: Sequence[str], variants: Sequence[str], opts: Mapping[str, Any]
) -> GameFlow:
    from companion.flows.hex import HexRefereeFlow

    camera = opts["move-cards"] == "camera"
    return HexRefereeFlow(players, variants, seed=opts["seed"], camera=camera, game="hex-referee")


def _rummy(game: str) -> Builder:
    def build(players: Sequence[str], variants: Sequence[str], opts: Mapping[str, Any]) -> GameFlow:
        from companion.flows.rummy import RummyFlow

        return RummyFlow(game, players, variants)

    return build


def _builders() -> dict[str, Builder]:
    rummy = {game: _rummy(game) for game in RUMMY_GAMES}
    hexes = {"hex": _hex, "hex-referee": _hex_referee}
    return {"fibonachos": _fibonachos, "trump": _trump, **rummy, **hexes}


def make_flow(
    game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
) -> GameFlow:
    """The flow of ``game`` for ``players``; raise the games' errors for a bad setup."""
    spec = get_game(game)
    if not spec.min_players <= len(players) <= spec.max_players:
        raise GameError(
            f"{game}: {spec.title} is for {spec.min_players}-{spec.max_players} players, "
            f"not {len(players)}"
        )
    check_variants(game, list(variants), spec.variants)
    opts = check_options(game, options, len(players))
    builder = _builders().get(game)
    if builder is None:
        raise GameError(f"{game}: no flow reads this game at the table yet")
    return builder(players, variants, opts)


def check_options(game: str, options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """``options`` with their defaults, or :class:`OptionError` naming the fault."""
    known = {option.name: option for option in FLOW_OPTIONS[game]}
    out: dict[str, Any] = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            takes = ", ".join(known) or "none"
            raise OptionError(f"{game}: unknown option {name!r} (it takes: {takes})")
        out[name] = _checked(game, option, value, players)
    for option in known.values():
        out.setdefault(option.name, option.default)
    return out


def _checked(game: str, option: FlowOption, value: Any, players: int) -> Any:
    if option.kind in ("seat", "int"):
        if value is None and option.kind == "seat":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"{game}: option {option.name} is a whole number, not {value!r}")
        if option.kind == "seat" and not 0 <= value < players:
            raise OptionError(
                f"{game}: option {option.name} {value} is not a seat (0-{players - 1})"
            )
        return value
    if value not in option.choices:
        choices = ", ".join(option.choices)
        raise OptionError(f"{game}: option {option.name} is one of {choices}, not {value!r}")
    return value
