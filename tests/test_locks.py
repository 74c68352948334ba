"""The locks a fresh machine installs from (issue 20, item 1): requirements/*.txt.

``bash scripts/lock.sh`` writes them from pyproject.toml; ``scripts/bootstrap.sh``
installs the demo's or the tests' with ``pip --require-hashes``. These tests catch a
dependency added to pyproject but not locked, a lock that no longer satisfies the
project's own bounds, and a demo or service lock that strays from the tested versions.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "requirements"
_PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)\s*(?:;\s*(.*?))?\s*\\?$")


def _pins(lock: str) -> dict[str, list[tuple[str, str | None]]]:
    """Every ``name==version ; marker`` line of a lock, by canonical name."""
    pins: dict[str, list[tuple[str, str | None]]] = {}
    for line in (LOCKS / lock).read_text(encoding="utf-8").splitlines():
        found = _PIN.match(line)
        if found:
            name, version, marker = found.groups()
            pins.setdefault(canonicalize_name(name), []).append((version, marker))
    return pins


def _requirements(extra: str) -> list[Requirement]:
    """What pyproject asks for ``extra``, its own extras followed (``table-companion[pi]``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(text) for text in project["dependencies"]]
    todo, seen = [extra], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        for text in project["optional-dependencies"][name]:
            requirement = Requirement(text)
            if canonicalize_name(requirement.name) == canonicalize_name(project["name"]):
                todo += [e for e in requirement.extras if e not in seen]
            else:
                wanted.append(requirement)
    return wanted


@pytest.mark.parametrize(
    ("lock", "extra"), [("test.txt", "dev"), ("demo.txt", "demo"), ("service.txt", "service")]
)
def test_every_dependency_is_pinned_within_its_bounds(lock: str, extra: str) -> None:
    """Issue 20: each lock holds what its extra asks (the demo's: `companion demo --cafe`
    too, whose cafe server once failed to start from the demo's environment)."""
    pins = _pins(lock)
    for requirement in _requirements(extra):
        found = pins.get(canonicalize_name(requirement.name))
        assert found, f"{lock}: {requirement.name} is not locked: run bash scripts/lock.sh"
        for version, _marker in found:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{lock}: {requirement.name}=={version} is outside pyproject's "
                f"{requirement.specifier}: run bash scripts/lock.sh"
            )


@pytest.mark.parametrize("lock", ["demo.txt", "service.txt"])
def test_the_smaller_locks_take_the_tested_versions(lock: str) -> None:
    """What the demo or the service installs is what the tests ran with."""
    tested = {name: {v for v, _ in found} for name, found in _pins("test.txt").items()}
    for name, found in _pins(lock).items():
        versions = {version for version, _marker in found}
        assert versions <= tested.get(name, set()), f"{lock}: {name} {versions} is not tested"


@pytest.mark.parametrize("lock", ["test.txt", "demo.txt", "service.txt"])
def test_every_pin_carries_hashes_and_this_python_finds_one_version(lock: str) -> None:
    """pip --require-hashes refuses a pin without a hash; on this machine each package
    resolves to one version (the universal lock splits some by Python version)."""
    for block in re.split(r"\n(?=[A-Za-z])", (LOCKS / lock).read_text(encoding="utf-8")):
        first = block.splitlines()[0]
        if _PIN.match(first):
            assert "--hash=sha256:" in block, f"{lock}: {first} has no hash"
    for name, found in _pins(lock).items():
        here = [v for v, marker in found if not marker or Marker(marker).evaluate()]
        assert len(here) <= 1, f"{lock}: {name} resolves to {here} here"
