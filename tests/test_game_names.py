"""Nothing outside the games branches on a game's name (issue 23, item 3; DESIGN.md).

Each game declares its parts in one place per layer (its spec in
``companion.games``, its flow in ``companion.flows.registry``, its views in
``companion.views.plugins``); code elsewhere asks them, by the names the specs
declare. This reads the code (docstrings and their examples aside) for a game's
name written as a string.
"""

from __future__ import annotations

import ast
from pathlib import Path

from companion.games.registry import all_games

ROOT = Path(__file__).resolve().parents[1]
#: The names of the phone page's JSON sections (``"hex"``, ``"rummy"``, the typed
#: sections' keys, companion/views/section_types.py), a trick's ``"trump"`` colour:
#: words of the contract that happen to spell a game.
CONTRACT = {
    ("companion/views/plugins.py", "rummy"),
    ("companion/views/plugins.py", "hex"),
    ("companion/views/section_types.py", "hex"),
    ("companion/views/section_types.py", "rummy"),
    ("companion/views/section_types.py", "trump"),
    ("companion/ui/gallery_game.py", "rummy"),  # a gallery screen's name (its golden file)
}


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, nodes)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def test_no_game_name_is_written_outside_the_games() -> None:
    """Issue 23 item 3: at most the contract's section names spell a game."""
    names = {spec.name for spec in all_games()} | {"rummy"}
    found = set()
    for path in sorted((ROOT / "companion").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where.startswith("companion/games/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in docs:
                found.add((where, node.value))
    assert found - CONTRACT == set()
    assert found >= CONTRACT  # an entry no longer needed goes
