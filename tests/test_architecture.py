"""The design card's import rules, checked on the source (DESIGN.md "Layout").

- `hardware` and `card_codes` import nothing of `companion` nor of each other.
- `companion.games` imports nothing but the standard library (and itself).
- Vendor libraries are imported only inside backends, never at a package's top.
- Inside ``companion`` the layers point one way (``LAYERS`` below).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VENDOR = {"gpiozero", "luma", "picamera2", "cv2", "pyzbar", "zxingcpp", "pygame", "lgpio", "smbus2"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [("hardware", {"companion", "card_codes"}), ("card_codes", {"companion", "hardware"})],
)
def test_low_packages_do_not_import_up(package: str, forbidden: set[str]) -> None:
    offenders = {str(p.relative_to(ROOT)): _imports(p) & forbidden for p in _files(package)}
    assert {k: v for k, v in offenders.items() if v} == {}


def _full_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_rules_engines_import_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names)
    offenders = {}
    for path in sorted((ROOT / "companion" / "games").rglob("*.py")):
        outside = {
            name
            for name in _full_imports(path)
            if name.split(".")[0] not in stdlib and not name.startswith("companion.games")
        }
        if outside:
            offenders[str(path.relative_to(ROOT))] = outside
    assert offenders == {}


def test_package_tops_import_no_vendor_library() -> None:
    """`import hardware` / `import card_codes` / `import companion` work without vendor libs."""
    for package in ("hardware", "card_codes", "companion"):
        for init in (ROOT / package).rglob("__init__.py"):
            assert not (_imports(init) & (VENDOR - {"zxingcpp"})), init


#: The layers inside ``companion``, from the bottom (DESIGN.md "Layout"). A module may
#: import its own layer and the layers below it, never one above; layers that share a
#: rank (``table`` and ``synthetic``; ``session`` and ``journal``) are side by side, and
#: only the pairs in ``BESIDE`` may import each other's modules.
LAYERS: dict[str, int] = {
    "games": 0,
    "errors": 1,
    "settings_decoder": 1,
    "inputs": 2,
    "config": 2,
    "table": 3,
    "synthetic": 3,
    "flows": 4,
    "views": 5,
    "ui": 6,
    "web": 6,
    "journal": 7,
    "session": 7,
    "bus": 8,
    "daemon": 9,
    "cafe": 9,
    "cli": 10,
    "__main__": 11,
}
#: Same-rank layers one may import (one way): the synthetic tables lay their cards in the
#: zones the table's own layouts make.
BESIDE = {("session", "journal"), ("config", "inputs"), ("synthetic", "table")}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _companion_imports(path: Path) -> set[str]:
    """Every ``companion.x`` a module imports, at its top, in functions or under TYPE_CHECKING."""
    return {name for name in _full_imports(path) if name.startswith("companion.")}


def _layer_violations(path: Path, layer: str) -> set[str]:
    rank = LAYERS[layer]
    bad = set()
    for name in _companion_imports(path):
        other = _layer(name)
        if other == layer or (layer, other) in BESIDE:
            continue
        if other not in LAYERS or LAYERS[other] >= rank:
            bad.add(name)
    return bad


def test_every_module_of_companion_has_a_layer() -> None:
    """A newcomer names the layer of every module from its folder (or its own name)."""
    package = ROOT / "companion"
    unplaced = {
        str(path.relative_to(ROOT))
        for path in package.rglob("*.py")
        if path.parent != package and path.relative_to(package).parts[0] not in LAYERS
    } | {
        str(path.relative_to(ROOT))
        for path in package.glob("*.py")
        if path.stem not in LAYERS and path.stem != "__init__"
    }
    assert unplaced == set()


def test_no_module_imports_a_layer_above_it() -> None:
    package = ROOT / "companion"
    offenders = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package)
        layer = relative.parts[0].removesuffix(".py") if len(relative.parts) > 1 else path.stem
        if layer == "__init__":
            continue
        bad = _layer_violations(path, layer)
        if bad:
            offenders[str(path.relative_to(ROOT))] = sorted(bad)
    assert offenders == {}


def test_the_layer_rule_catches_an_upward_import(tmp_path: Path) -> None:
    """The checker itself fails on the kinds of import the rule forbids."""
    module = tmp_path / "tracker.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from companion.flows.base import Notice\n"
        "def f() -> None:\n"
        "    import companion.ui.app\n"
        "from companion.table.layout import Box\n"
        "from companion.games.base import GameState\n",
        encoding="utf-8",
    )
    assert _layer_violations(module, "table") == {"companion.flows.base", "companion.ui.app"}


#: STYLE.md and issue 23: modules named after their one job, under 400 lines.
MAX_MODULE_LINES = 400


def test_no_module_is_over_400_lines() -> None:
    """Issue 23 ("no module over 400 lines"): a module that grows past it is split by
    job, not by line count."""
    long = {
        str(path.relative_to(ROOT)): lines
        for package in ("companion", "hardware", "card_codes")
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}
