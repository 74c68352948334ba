"""Issue 26 item 2: the table's layouts kept per game family, chosen by the game."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion.table.layout import default_layout, load_layout, rummy_layout
from companion.table.layouts import LayoutStore, family_of
from companion.table.markers import layout_toml


def test_the_rummy_games_share_a_family_and_the_others_are_their_own() -> None:
    """Issue 26: one set-up serves rummy 21, 13, 8 and 89; a trick game is its own."""
    assert {family_of(game) for game in ("rummy21", "rummy13", "rummy8", "rummy89")} == {"rummy"}
    assert family_of("fibonachos") == "fibonachos"
    assert family_of("trump") == "trump"


def test_without_files_trick_games_get_the_trick_zones_and_rummy_its_seats(
    tmp_path: Path,
) -> None:
    """Issue 26: no layout kept yet (the folder does not even exist): the built-in zones."""
    store = LayoutStore(tmp_path / "layouts")
    assert store.choose("fibonachos", 3).layout == default_layout()
    assert store.choose("trump", 4).source == "built-in"
    assert store.choose("rummy21", 3).layout == rummy_layout(3)


def test_a_games_own_file_wins_over_its_familys(tmp_path: Path) -> None:
    """Issue 26: rummy.toml for the rummy games, rummy89.toml for 89 alone, a trick
    game's own file for it."""
    store = LayoutStore(tmp_path)
    family = rummy_layout(["bottom", "top"], (0.05, 0.1))
    own = rummy_layout(["left", "right"], (0.05, 0.1))
    store.save("rummy", layout_toml(family))
    store.save("rummy89", layout_toml(own))
    assert store.choose("rummy13", 2).source == str(tmp_path / "rummy.toml")
    assert [z.side for z in store.choose("rummy13", 2).layout.zones] == ["bottom", "top"]
    assert [z.side for z in store.choose("rummy89", 2).layout.zones] == ["left", "right"]
    assert store.choose("fibonachos", 3).layout == default_layout()


def test_a_broken_kept_file_is_logged_and_the_game_plays_on_built_in_zones(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 26: a layout file that cannot be read never stops a game."""
    store = LayoutStore(tmp_path)
    store.path_of("rummy").write_text("seats = 9\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        chosen = store.choose("rummy21", 2)
    assert chosen.layout == rummy_layout(2) and chosen.source == "built-in"
    assert "rummy.toml not used" in caplog.text


def test_save_writes_a_file_the_game_loader_reads_and_leaves_no_temporary(
    tmp_path: Path,
) -> None:
    """Issue 26: the kept layout is the format of docs/layout.md, written whole."""
    store = LayoutStore(tmp_path / "state" / "layouts")
    path = store.save("rummy", layout_toml(rummy_layout(4, (0.05, 0.1)), "a note"))
    assert load_layout(path) == rummy_layout(4, (0.05, 0.1))
    assert [p.name for p in path.parent.iterdir()] == ["rummy.toml"]
