"""A game's chosen options: one typed value from where they enter to the journal.

Options enter as JSON-like values at the edges: the start menu, ``companion run
--option``, ``companion replay --dealer``, a journal or a cafe's row read back. There
they are checked once against the game's option specs (:meth:`GameOptions.checked`;
the flows' :func:`~companion.flows.registry.check_options` adds the table's modes)
and become a :class:`GameOptions`, which every layer after passes as it is: the
menus, the session, the journal (written by :meth:`GameOptions.to_json`, the object
of option name -> value it always was), the flows (:meth:`~GameOptions.seat`,
:meth:`~GameOptions.seed`, :meth:`~GameOptions.choice`).

    >>> from companion.games.registry import get_game
    >>> spec = get_game("fibonachos")
    >>> options = GameOptions.checked("fibonachos", spec.options, {"dealer": 2}, players=3)
    >>> options.seat("dealer"), options.seed(), options.to_json()
    (2, 0, {'dealer': 2, 'seed': 0})
    >>> GameOptions.checked("fibonachos", spec.options, {"dealer": 3}, players=3)
    Traceback (most recent call last):
    ...
    companion.games.errors.OptionError: fibonachos: option dealer 3 is not a seat (0-2) or null
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from companion.games.errors import OptionError
from companion.games.json_types import JSON, JSONObject, kind
from companion.games.registry import OptionKind, OptionSpec, OptionValue


@dataclass(frozen=True)
class GameOptions(Mapping[str, OptionValue]):
    """The options ``game`` is played with: option name -> its value, by name.

    A read-only mapping (``options["dealer"]``, ``options.get("mode")``), equal to
    another of the same game and values. Made by :meth:`checked` where options enter,
    or :meth:`of` from values already typed (a test's fake game).
    """

    game: str
    chosen: tuple[tuple[str, OptionValue], ...] = ()

    @classmethod
    def of(cls, game: str, values: Mapping[str, OptionValue] | None = None) -> GameOptions:
        """``values`` of ``game`` as they are (sorted by name; nothing checked)."""
        return cls(game, tuple(sorted((values or {}).items())))

    @classmethod
    def checked(
        cls,
        game: str,
        specs: Sequence[OptionSpec],
        raw: Mapping[str, JSON],
        *,
        players: int,
    ) -> GameOptions:
        """``raw`` checked against ``specs``, with every other option at its default;
        :class:`OptionError` names the option, the game and the values it takes."""
        known = {spec.name: spec for spec in specs}
        out: dict[str, OptionValue] = {spec.name: spec.default for spec in specs}
        for name, value in raw.items():
            spec = known.get(name)
            if spec is None:
                names = ", ".join(known) or "none"
                raise OptionError(f"{game}: unknown option {name!r} (it takes: {names})")
            out[name] = _checked(game, spec, value, players)
        return cls.of(game, out)

    @classmethod
    def from_json(cls, game: str, raw: Mapping[str, JSON]) -> GameOptions:
        """Options written by :meth:`to_json` (a journal's row), read back by their kinds
        alone: the game's flow checks them against its specs when it is made."""
        out: dict[str, OptionValue] = {}
        for name, value in raw.items():
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | str)):
                raise OptionError(
                    f"{game}: option {name} takes a seat, a whole number or a word, "
                    f"not {kind(value)} {value!r}"
                )
            out[name] = value
        return cls.of(game, out)

    def to_json(self) -> JSONObject:
        """The options as the journal and the bus write them: ``{"dealer": 2, ...}``."""
        return dict(self.chosen)

    def seat(self, name: str) -> int | None:
        """The seat (or None: the table says who) the option ``name`` holds."""
        value = self[name]
        if isinstance(value, str):
            raise OptionError(f"{self.game}: option {name} is a seat, not {value!r}")
        return value

    def seed(self, name: str = "seed") -> int:
        """The whole number the option ``name`` holds (the seed)."""
        value = self[name]
        if not isinstance(value, int):
            raise OptionError(f"{self.game}: option {name} is a whole number, not {value!r}")
        return value

    def choice(self, name: str) -> str:
        """The word the option ``name`` holds (a choice)."""
        value = self[name]
        if not isinstance(value, str):
            raise OptionError(f"{self.game}: option {name} is a word, not {value!r}")
        return value

    def __getitem__(self, name: str) -> OptionValue:
        for key, value in self.chosen:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.chosen)

    def __len__(self) -> int:
        return len(self.chosen)


def _checked(game: str, option: OptionSpec, value: JSON, players: int) -> OptionValue:
    """``value`` as ``option`` takes it; :class:`OptionError` says what it takes."""
    if option.kind is OptionKind.CHOICE:
        if not isinstance(value, str) or value not in option.choices:
            choices = ", ".join(option.choices)
            raise OptionError(f"{game}: option {option.name} is one of {choices}, not {value!r}")
        return value
    if value is None and option.kind is OptionKind.SEAT:
        return None
    seats = f"a seat (0-{players - 1}) or null"
    if isinstance(value, bool) or not isinstance(value, int):
        takes = f"a whole number, {seats}" if option.kind is OptionKind.SEAT else "a whole number"
        raise OptionError(f"{game}: option {option.name} is {takes}, not {value!r}")
    if option.kind is OptionKind.SEAT and not 0 <= value < players:
        raise OptionError(f"{game}: option {option.name} {value} is not {seats}")
    return value
