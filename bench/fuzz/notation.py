"""Fuzz the parsers of the text people type or print: card and hex move notation, a
card's QR payload, the hex board diagram (``companion replay --start``), the
settings decoder (``config.toml``, ``cafe.toml``, a table layout: TOML text into typed
settings), ``--players`` and a ``--buttons`` script.

The first byte of an input picks the parser, the rest is its text (an argument's text
as Python gets it from the command line: undecodable bytes as lone surrogates; a
file's bytes as they are). A crash is an exception other than the project's own
errors (what ``companion`` turns into one line and exit 2), and a notation that reads
back otherwise than it was written (parse, write, parse).

    python bench/fuzz/notation.py -max_total_time=300
"""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzzing import REPO, instrumented, run

with instrumented():
    from card_codes.catalogue import DECKS as PRINTED
    from card_codes.catalogue import deck_cards
    from card_codes.payload import encode_payload, parse_code
    from companion.cafe.settings import load_settings
    from companion.cli import _user_errors
    from companion.cli.seats import player_names, seat_index
    from companion.config import load_config
    from companion.games.fibonachos.cards import parse_card as fibonachos_card
    from companion.games.hex.actions import Move
    from companion.games.hex.board import Cell
    from companion.games.hex.cards import parse_card as hex_card
    from companion.games.hex.position import START, Position
    from companion.games.rummy.deck import DECKS
    from companion.games.rummy.notation import parse_card as rummy_card
    from companion.games.trump.cards import parse_card as trump_card
    from companion.table.layout import load_layout
    from hardware.buttons_replay import parse_script

USER_ERRORS = _user_errors()
KEY = bytes(range(32))
FOLDER = Path(tempfile.mkdtemp(prefix="companion-fuzz-"))


def argument(data: bytes) -> str:
    """The text of a command-line argument of these bytes (as ``sys.argv`` holds it)."""
    return os.fsdecode(data)


def in_file(data: bytes) -> Path:
    path = FOLDER / "input"
    path.write_bytes(data)
    return path


def round_trip(parse: Callable[[str], Any], text: str) -> None:
    """What ``parse`` reads from ``text`` reads back the same from its own notation."""
    value = parse(text)
    again = parse(str(value))
    if again != value:
        raise AssertionError(f"{text!r} read as {value!r}, written {value}, read back {again!r}")


def rummy(text: str) -> None:
    for deck in DECKS.values():
        with contextlib.suppress(USER_ERRORS):
            round_trip(lambda t, deck=deck: rummy_card(t, deck), text)


def hex_notation(text: str) -> None:
    for parse in (Cell.parse, Move.parse, hex_card):
        with contextlib.suppress(USER_ERRORS):
            round_trip(parse, text)


def players(text: str) -> None:
    names = player_names(text)
    seat_index(f"--dealer {text}", text, names)


def presses(text: str) -> None:
    """A script's presses keep its rule: times from 0 on that never go back."""
    times = [event.time for event in parse_script(text)]
    if not all(0 <= a <= b < math.inf for a, b in zip([0.0, *times], times, strict=False)):
        raise AssertionError(f"{text!r}: the presses' times {times}")


PARSERS: list[tuple[str, Callable[[bytes], object]]] = [
    ("fibonachos card", lambda data: round_trip(fibonachos_card, argument(data))),
    ("trump card", lambda data: round_trip(trump_card, argument(data))),
    ("rummy card", lambda data: rummy(argument(data))),
    ("hex notation", lambda data: hex_notation(argument(data))),
    ("--start", lambda data: round_trip(Position.parse, argument(data))),
    ("QR payload", lambda data: parse_code(data, staff_key=KEY)),
    ("config.toml", lambda data: load_config(in_file(data), environ={})),
    ("cafe.toml", lambda data: load_settings(in_file(data))),
    ("layout", lambda data: load_layout(in_file(data))),
    ("--players", lambda data: players(argument(data))),
    ("--buttons", lambda data: presses(in_file(data).read_text("utf-8", "replace"))),
]


def one_input(data: bytes) -> None:
    if not data:
        return
    _, parse = PARSERS[data[0] % len(PARSERS)]
    with contextlib.suppress(USER_ERRORS):
        parse(data[1:])


def seeds() -> dict[str, bytes]:
    def seed(name: str, text: bytes) -> tuple[str, bytes]:
        index = [n for n, _ in PARSERS].index(name)
        label = f"{name.replace(' ', '-').strip('-')}-{zlib.crc32(text):08x}"
        return label, bytes([index]) + text

    found = dict(
        seed(name, text.encode())
        for name, texts in [
            ("fibonachos card", ["R1#2", "S3", "Y16", "G1#1", "S0#3"]),
            ("trump card", ["B7", "P10", "R1#1"]),
            ("rummy card", ["B5", "21", "W=13", "W", "X", "13#2", "B34", "89"]),
            ("hex notation", ["a1", "k6", "d9-e9", "M4", "M4#3"]),
            ("--players", ["3", "Ana,Ben,Cy", " 2 "]),
            ("--buttons", ["0.5 up\n1 select long  # hold\n2 back\n"]),
        ]
        for text in texts
    )
    start = Position.parse(START.board())
    found.update([seed("--start", start.board().encode()), seed("--start", str(start).encode())])
    for deck in PRINTED:
        for card in deck_cards(deck)[:3]:
            found.update([seed("QR payload", encode_payload(card).encode())])
    for block in (REPO / "docs" / "layout.md").read_text("utf-8").split("```toml\n")[1:]:
        found.update([seed("layout", block.split("```")[0].encode())])
    found.update([seed("config.toml", (REPO / "systemd" / "config.toml").read_bytes())])
    found.update([seed("cafe.toml", (REPO / "systemd" / "cafe.toml").read_bytes())])
    found.update([seed("config.toml", b"[phone]\nport = 8080\n[bus]\nenabled = true\n")])
    found.update([seed("cafe.toml", b'[cafe]\nname = "corner"\n[broker]\nport = 1883\n')])
    return found


if __name__ == "__main__":
    run("notation", one_input, seeds)
