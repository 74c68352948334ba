"""The table's layouts kept per game family, chosen by the game being started (issue 26).

A home table plays rummy one evening and Fibonachos the next: each needs its own zones
(rummy a meld zone per seat, the trick games the play area and the spots). The layouts
live in the table's state folder, beside the journal (``layouts/<name>.toml``, the
format of docs/layout.md): ``rummy.toml`` for every rummy game (21, 13, 8, 89), which
the OLED's "Set up the table" writes from the SEAT cards; a game may have its own file
(``fibonachos.toml``, ``rummy89.toml``), which wins over its family's.

What a game gets, first found:

1. its own file, ``<game>.toml``;
2. its family's file (``rummy.toml`` for the rummy games);
3. the built-in zones: the trick zones of :func:`~companion.table.layout.default_layout`,
   or for rummy a meld zone per seat sat as :data:`~companion.table.layout.SEATING` says.

The configuration's ``[table] layout`` line, when set, wins over all of these (a fixed
table: one layout for every game).

    store = LayoutStore(Path("/var/lib/companion/layouts"))
    chosen = store.choose("rummy21", players=2)
    chosen.layout, chosen.source          # Layout(...), "/var/lib/.../rummy.toml"
"""

from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.errors import ConfigError
from companion.games.rummy import FAMILY as RUMMY
from companion.table.layout import Layout, default_layout, load_layout, rummy_layout

log = logging.getLogger(__name__)

#: The file a game family's layout is kept in, under the layouts folder.
SUFFIX = ".toml"


def family_of(game: str) -> str:
    """The family whose layout ``game`` shares: ``rummy`` for the rummy games, else
    the game itself.

    >>> family_of("rummy13"), family_of("fibonachos")
    ('rummy', 'fibonachos')
    """
    from companion.games.registry import all_games

    family = next((spec.family for spec in all_games() if spec.name == game), "")
    return family or game


@dataclass(frozen=True)
class Chosen:
    """The layout a game plays on, and where it came from (a file, or ``built-in``)."""

    layout: Layout
    source: str


class LayoutStore:
    """The layouts folder of one table (it need not exist until a layout is saved)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_of(self, name: str) -> Path:
        """The file of a game's or a family's layout."""
        return self.folder / f"{name}{SUFFIX}"

    def choose(self, game: str, players: int) -> Chosen:
        """The layout for a game of ``game`` with ``players`` seats (see the module).

        A kept file that cannot be read is logged and passed over: a broken file never
        stops a game, it plays on the built-in zones."""
        family = family_of(game)
        for name in dict.fromkeys((game, family)):
            path = self.path_of(name)
            if not path.is_file():
                continue
            try:
                return Chosen(load_layout(path), str(path))
            except ConfigError as exc:
                log.warning("layout %s not used: %s", path, exc)
        return Chosen(builtin_layout(game, players), "built-in")

    def save(self, name: str, text: str) -> Path:
        """Write a layout file (docs/layout.md) as ``name``, whole or not at all.

        Raises OSError when the folder cannot be written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path_of(name)
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=SUFFIX, dir=self.folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return path


def builtin_layout(game: str, players: int) -> Layout:
    """The zones a game plays on without a file: rummy's default seating, else the
    trick zones."""
    if family_of(game) == RUMMY:
        return rummy_layout(min(max(players, 1), 4))
    return default_layout()
