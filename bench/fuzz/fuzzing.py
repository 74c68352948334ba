"""What every harness of bench/fuzz shares: the corpus folder seeded from the project's
own valid inputs, atheris's coverage-guided loop, and a replay of saved inputs.

    python bench/fuzz/HARNESS.py [CORPUS] [-max_total_time=300 ...]   # fuzz
    python bench/fuzz/HARNESS.py --check FILE...                     # run inputs again

The corpus (default /tmp/companion-fuzz/HARNESS) is a local tool's folder, never in the
repository; the seeds are written into it first. atheris (``pip install atheris``) is a local
tool too, not in the locks: ``--check`` runs without it. A crash is an exception the
harness's boundary lets out (the harness raises it); atheris saves the input as
``crash-*`` in the working folder.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
EXAMPLES = REPO / "examples"
#: The packages whose code atheris instruments (the coverage it steers by).
PACKAGES = ["companion", "card_codes", "hardware"]

sys.path.insert(0, str(REPO))


def instrumented() -> Any:
    """A context in which the project's modules are imported with atheris's coverage
    (a no-op without atheris: ``--check`` needs none)."""
    try:
        import atheris
    except ImportError:
        import contextlib

        return contextlib.nullcontext()
    return atheris.instrument_imports(include=PACKAGES)


def run(
    name: str, one_input: Callable[[bytes], None], seeds: Callable[[], dict[str, bytes]]
) -> None:
    """Fuzz ``one_input`` from the corpus of ``name`` (``seeds()`` written into it
    first), or run the files after ``--check`` through it once each."""
    args = sys.argv[1:]
    if args[:1] == ["--check"]:
        for path in args[1:]:
            print(f"{name}: {path}", file=sys.stderr)
            one_input(Path(path).read_bytes())
        print(f"{name}: {len(args) - 1} inputs, no crash", file=sys.stderr)
        return
    import atheris

    logging.disable(logging.CRITICAL)  # the product's refusals, a line each: not the fuzzer's
    corpus = Path(args.pop(0)) if args and not args[0].startswith("-") else None
    corpus = corpus or Path(os.environ.get("COMPANION_FUZZ_DIR", "/tmp/companion-fuzz")) / name
    corpus.mkdir(parents=True, exist_ok=True)
    for seed, data in seeds().items():  # the seeds, once each (a corpus grows on)
        if not (corpus / seed).exists():
            (corpus / seed).write_bytes(data)
    atheris.Setup([sys.argv[0], str(corpus), *args], one_input)
    atheris.Fuzz()


#: An input that starts with this byte is structured: a valid seed edited by the rest
#: (:func:`edited`), so the fuzzer reaches past the JSON parser to what reads the values.
STRUCTURED = 0x7E  # "~"


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (a key or an index each step), itself first."""
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*here, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*here, index))
    return found


def _some_value(fdp: Any, old: Any) -> Any:
    kind = fdp.ConsumeIntInRange(0, 11)
    if kind == 0:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 10))
    if kind == 1:
        return fdp.ConsumeFloat()
    if kind == 2:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 30))
    if kind == 3:
        return fdp.ConsumeBool()
    if kind == 4:
        return None
    if kind == 5:
        return []
    if kind == 6:
        return {}
    if kind == 7:
        return [old]
    if kind == 8:
        return {fdp.ConsumeUnicode(4): old}
    if kind == 9 and isinstance(old, int | float) and not isinstance(old, bool):
        return old + fdp.ConsumeIntInRange(-3, 3)
    if kind == 10 and isinstance(old, str):
        return old + fdp.ConsumeUnicode(3)
    return fdp.PickValueInList([0, -1, 1, 2**31, 2**53 + 1, 2**63, -(2**63) - 1, 1e308, -0.0, ""])


def edited(seed: Any, data: bytes) -> Any:
    """``seed`` (a JSON value, not changed) with up to eight edits that ``data`` chooses:
    a place's value replaced, a key or an item dropped, an item repeated."""
    import copy

    import atheris

    fdp = atheris.FuzzedDataProvider(data)
    value = copy.deepcopy(seed)
    for _ in range(fdp.ConsumeIntInRange(1, 8)):
        places = paths(value)
        place = places[fdp.ConsumeIntInRange(0, len(places) - 1)]
        if not place:
            value = _some_value(fdp, value)
            continue
        parent = value
        for step in place[:-1]:
            parent = parent[step]
        last, action = place[-1], fdp.ConsumeIntInRange(0, 5)
        if action == 0:
            del parent[last]
        elif action == 1 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        else:
            parent[last] = _some_value(fdp, parent[last])
    return value
