"""The design card's import rules, checked on the source (DESIGN.md "Layout").

- `hardware` and `card_codes` import nothing of `companion` nor of each other.
- `companion.games` imports nothing but the standard library (and itself).
- Vendor libraries are imported only inside backends, never at a package's top.
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
