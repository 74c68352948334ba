"""The time the tests spend in Python's garbage collection, per worker: a pytest plugin.

    PYTHONPATH=bench .venv/bin/python -m pytest -n 2 -p no:randomly -m "not slow" -p tests_gc

Each process (the controller and every worker) prints, as it ends, the seconds spent in
collections of each generation and how many there were, and the collector's thresholds
then (tests/conftest.py freezes what collection made and raises the third; issue 20).
The times are wall clock inside the collector, measured through ``gc.callbacks``.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Any

_spent = {generation: [0.0, 0] for generation in range(3)}
_started = [0.0]


def _watch(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started[0] = time.perf_counter()
        return
    spent = _spent[info["generation"]]
    spent[0] += time.perf_counter() - _started[0]
    spent[1] += 1


gc.callbacks.append(_watch)


def pytest_unconfigure(config: object) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    parts = [f"generation {g}: {s:.2f} s in {n}" for g, (s, n) in _spent.items()]
    total = sum(s for s, _ in _spent.values())
    print(
        f"[gc] {worker}: {total:.2f} s; {'; '.join(parts)}; thresholds {gc.get_threshold()}",
        file=sys.__stderr__,
    )
