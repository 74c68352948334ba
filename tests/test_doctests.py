"""Every module's docstring examples run, in all three packages (issue 9).

The examples are each module's short manual; running them all, found by walking the
packages, means a new module cannot be missed and an example that rots fails here.
``companion.__main__`` is the command itself (importing it runs ``main``) and is left out.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import card_codes
import companion
import hardware

#: The vendor library a module's examples need (skipped where it is not installed).
NEEDS = {
    "hardware.camera_replay": "cv2",
    "hardware.camera_replay_sources": "cv2",
    "hardware.display_luma": "luma.core",
}
SKIP = {"companion.__main__"}


def _modules() -> list[str]:
    names = []
    for package in (companion, hardware, card_codes):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            if info.name not in SKIP:
                names.append(info.name)
    return sorted(names)


MODULES = _modules()


def test_every_package_is_walked() -> None:
    """The walk reaches the deepest packages (a rules engine's modules, the views)."""
    assert "companion.games.rummy.meld" in MODULES
    assert "companion.views.model" in MODULES
    assert "hardware.camera" in MODULES
    assert "card_codes.payload" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_most_modules_show_an_example() -> None:
    """Examples are the norm: at least half of the modules carry one (now: see the count)."""
    with_examples = 0
    finder = doctest.DocTestFinder()
    for name in MODULES:
        if name in NEEDS:
            continue
        tests = finder.find(importlib.import_module(name))
        with_examples += any(test.examples for test in tests)
    assert with_examples * 2 >= len(MODULES)


#: Modules whose examples are their manual: each must keep at least one (their own
#: tests ran them once; this walk runs them now, issue 20).
MUST_SHOW = {
    "hardware.backoff",
    "companion.inputs",
    "companion.daemon.logs",
    "companion.games.random_play",
    "companion.journal",
    "companion.journal.rows",
}


@pytest.mark.parametrize("name", sorted(MUST_SHOW))
def test_a_manual_module_keeps_its_examples(name: str) -> None:
    tests = doctest.DocTestFinder().find(importlib.import_module(name))
    assert any(test.examples for test in tests), f"{name} lost its examples"
