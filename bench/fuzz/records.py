"""Fuzz the game records ``companion score`` reads (docs/notation.md): each game's
JSON (fibonachos, trump, rummy, hex, hex-referee), through the command line's own
entry (:func:`companion.cli.main`, in-process), so that a traceback it would print is
seen as well as an exception it lets out.

The input is the record file's bytes; its length picks ``--json`` or the table. One
that starts ``~~`` is an example's valid record edited by the rest (:func:`edited`). A
crash is an exception out of ``main``, an exit status other than 0 or 2, a traceback on
stderr, an exit 2 that is not one line, or a character that is not printable (a
terminal's control sequence) in what it prints, but for the ends of lines.

    python bench/fuzz/records.py -max_total_time=300
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

from fuzzing import EXAMPLES, STRUCTURED, edited, instrumented, run

with instrumented():
    from companion.cli import main

    # The command imports its modules and each game's as it needs them: once here, so
    # that they are imported (and instrumented) inside this block.
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for example in sorted(EXAMPLES.glob("*/*.json")):
            main(["score", str(example), "--json"])
            main(["score", str(example)])

RECORD = Path(tempfile.mkdtemp(prefix="companion-fuzz-")) / "record.json"


#: The examples' valid records, for the structured inputs.
valid = [
    json.loads(path.read_bytes())
    for path in sorted(EXAMPLES.glob("*/*.json"))
    if not path.name.startswith(("invalid-", "expected"))
]


def text_of(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def one_input(data: bytes) -> None:
    if data[:2] == bytes([STRUCTURED, STRUCTURED]):
        record = edited(valid[data[2] % len(valid)] if len(data) > 2 else valid[0], data[3:])
        data = json.dumps(record).encode()
    RECORD.write_bytes(data)
    argv = ["score", str(RECORD), *(["--json"] if len(data) % 2 else [])]
    # Streams as a terminal's: UTF-8, strict on stdout (a lone surrogate is an error).
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    said, printed = text_of(err), text_of(out)
    if status not in (0, 2) or "Traceback" in said:
        raise AssertionError(f"companion score: exit {status}\n{said}")
    if status == 2 and (said.count("\n") != 1 or not said[:-1].isprintable()):
        raise AssertionError(f"companion score: exit 2 with {said!r}")
    if not all(line.isprintable() for line in printed.split("\n")):
        raise AssertionError(f"companion score printed {printed!r}")


def seeds() -> dict[str, bytes]:
    return {
        f"{path.parent.name}-{path.stem}": path.read_bytes()
        for path in sorted(EXAMPLES.glob("*/*.json"))
        if path.name != "expected.json"
    } | {
        f"structured-{n}": bytes([STRUCTURED, STRUCTURED, n]) + bytes(range(n, n + 40))
        for n in range(len(valid))
    }


if __name__ == "__main__":
    run("records", one_input, seeds)
