"""Issue 13, "Nothing lost, nothing crashes": every file the commands read is bounded.

Each hostile input of the issue - records nested 1,000+ deep or holding a 5,000-digit
integer, a 300 MB record, configuration and layout files that are not UTF-8 or nest
too deep, a PNG header claiming 20000 x 20000 pixels, a FIFO, /dev/zero as a key
file, standard input - must give exit status 2 and one line on stderr naming the
file, never a traceback, a hang or a memory blow-up (companion/inputs.py; the limits
are in docs/install.md). Commands run in-process through ``main(argv)``; a FIFO test
that regressed would block, so an alarm turns a hang into a failure.
"""

from __future__ import annotations

import io
import json
import os
import struct
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hang_guard import hang_guard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from companion.cli import main
from companion.config import load_config
from companion.errors import ConfigError
from companion.inputs import (
    MAX_DEPTH,
    MAX_IMAGE_BYTES,
    MAX_INT_DIGITS,
    MAX_KEY_CHARS,
    MAX_RECORD_BYTES,
    MAX_TEXT_BYTES,
)
from companion.table.layout import load_layout

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORD = EXAMPLES / "fibonachos" / "short.json"
CONFIG = Path(__file__).resolve().parents[2] / "systemd" / "config.toml"
LAYOUT = """card_size = [0.06, 0.12]

[[zone]]
name = "play"
polygon = [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]]
"""


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A command that opened a FIFO would wait for a writer forever: fail it instead."""
    with hang_guard(60, "the command blocked"):
        yield


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *names: str) -> str:
    """Run ``companion argv``: exit 2, nothing on stdout, one line on stderr naming ``names``."""
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 2, captured.err
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and captured.err.endswith("\n"), captured.err
    assert "Traceback" not in captured.err
    for name in names:
        assert name in lines[0], lines[0]
    return lines[0]


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels (valid CRC, no pixel data)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that costs no disk (a hole)."""
    with path.open("wb") as out:
        out.truncate(size)
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def special(kind: str, path: Path, size: int = 0) -> Path:
    """``path`` made a FIFO, a folder or a sparse file of ``size`` bytes; or /dev/zero."""
    if kind == "fifo":
        return fifo(path)
    if kind == "folder":
        path.mkdir()
        return path
    if kind == "huge":
        return sparse(path, size)
    assert kind == "device"
    return Path("/dev/zero")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def picture(path: Path, size: tuple[int, int] = (64, 48)) -> Path:
    Image.new("L", size, 255).save(path)
    return path


# Records: companion score.


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"game": ' + nested(5000) + "}", f"nested deeper than {MAX_DEPTH} levels"),
        ('{"game": ' + nested(MAX_DEPTH) + "}", f"nested deeper than {MAX_DEPTH} levels"),
        ('{"game": "hex", "moves": [' + "9" * 5000 + "]}", f"more than {MAX_INT_DIGITS} digits"),
        ('{"game": "hex", "seed": -' + "9" * (MAX_INT_DIGITS + 1) + "}", "integer"),
        ('{"game": "hex", "moves": [NaN]}', "NaN is not a JSON number"),
        ('{"' + "k" * (MAX_KEY_CHARS + 1) + '": 1}', f"the limit is {MAX_KEY_CHARS}"),
    ],
    ids=["deep-5000", "deep-limit+1", "int-5000-digits", "int-limit+1", "nan", "long-key"],
)
def test_hostile_records_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str
) -> None:
    record = tmp_path / "record.json"
    record.write_text(content, encoding="utf-8")
    refused(capsys, ["score", str(record)], str(record), words, "(record)")


def test_a_record_at_the_limits_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Depth MAX_DEPTH and MAX_INT_DIGITS digits pass the reader (the engine then judges)."""
    record = tmp_path / "record.json"
    inner = nested(MAX_DEPTH - 2)
    record.write_text('{"game": "hex", "x": [' + inner + ", " + "9" * MAX_INT_DIGITS + "]}")
    line = refused(capsys, ["score", str(record)])
    assert "nested" not in line and "digits" not in line


def test_a_huge_record_is_refused_from_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: a 252 MB record took 70 s and 3.5 GB before failing."""
    record = sparse(tmp_path / "huge.json", 300 * 1024 * 1024)
    refused(capsys, ["score", str(record)], str(record), f"limit of {MAX_RECORD_BYTES:,}")


def test_a_record_not_utf8_names_the_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "latin1.json"
    record.write_bytes('{"game": "fibonachos", "players": ["Zoé"]}'.encode("latin-1"))
    refused(capsys, ["score", str(record)], str(record), "not UTF-8", "0xe9")


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_records_that_are_not_regular_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = special(kind, tmp_path / "record.json")
    refused(capsys, ["score", str(path)], str(path), "not a regular file")


class _Stdin:
    """Standard input of ``data``, or endless when ``data`` is None (counts bytes read)."""

    def __init__(self, data: bytes | None) -> None:
        self.data = data
        self.read_bytes = 0
        self.buffer = self

    def read(self, size: int = -1) -> bytes:
        chunk = b"[" * size if self.data is None else self.data[: size if size >= 0 else None]
        self.read_bytes += len(chunk)
        return chunk


def test_deep_json_on_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(nested(3000).encode()))
    refused(capsys, ["score", "-"], "standard input", "nested deeper")


def test_endless_stdin_is_read_to_the_limit_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = _Stdin(None)
    monkeypatch.setattr(sys, "stdin", stdin)
    refused(capsys, ["score", "-"], "standard input", f"limit of {MAX_RECORD_BYTES:,} bytes")
    assert stdin.read_bytes == MAX_RECORD_BYTES + 1


def test_a_text_stdin_without_buffer_still_works(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(RECORD.read_text(encoding="utf-8")))
    assert main(["score", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == [21, 21, 20]


# Configuration files: every command that reads one (history here).


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'[log]\nlevel = "\xe9"\n', "not UTF-8 text (byte 0xe9 at offset 15)"),
        (b"[log]\nlevel = " + nested(5000).encode() + b"\n", "nested deeper"),
        (b"[log]\nlevel = " + nested(MAX_DEPTH).encode() + b"\n", "nested deeper"),
        (b"[kiosk]\nidle_minutes = " + b"9" * 5000 + b"\n", "digits"),
        (b"[display]\nkind = 'frames'\ndir." + b".".join([b"a"] * 2500) + b" = 1\n", "nested"),
        (b"[log]\n" + b"k" * 5000 + b" = 1\n", f"the limit is {MAX_KEY_CHARS}"),
        (b"[log\n", "not valid TOML"),
    ],
    ids=["latin1", "deep", "deep-limit", "int-5000", "key-path-5000", "key-5000", "toml"],
)
def test_hostile_configuration_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_bytes(content)
    refused(capsys, ["history", "--config", str(config)], str(config), words)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'[cafe]\nname = "corner"\n[bro\xffker]\n', "not UTF-8 text (byte 0xff at offset 27)"),
        (b"[web]\nport = " + nested(5000).encode() + b"\n", "nested deeper"),
        (b"[web]\nport = " + b"9" * 5000 + b"\n", "digits"),
        (b"[cafe\n", "not valid TOML"),
    ],
    ids=["not-utf8", "deep", "int-5000", "toml"],
)
def test_hostile_cafe_settings_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    """docs/security.md, "Files read at start": the cafe server's ``cafe.toml`` is
    bounded as the table's ``config.toml`` is. Found by bench/fuzz/notation.py: a
    byte that is not UTF-8 left ``load_settings`` as a UnicodeDecodeError and
    ``companion cafe`` printed a traceback; so did a deep array (RecursionError) and a
    5,000-digit number (Python's ValueError on long integers)."""
    settings = tmp_path / "cafe.toml"
    settings.write_bytes(content)
    refused(capsys, ["cafe", "--config", str(settings)], str(settings), words)


@pytest.mark.parametrize("kind", ["fifo", "device", "huge"])
def test_configuration_that_is_not_a_small_regular_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = special(kind, tmp_path / "config.toml", 2 * MAX_TEXT_BYTES)
    refused(capsys, ["history", "--config", str(path)], str(path))


def test_run_with_a_hostile_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key path 2,500 parts deep reached a backend's message as a RecursionError."""
    config = tmp_path / "config.toml"
    config.write_text("[display]\nkind = 'frames'\ndir." + ".".join(["a"] * 2500) + " = 1\n")
    refused(capsys, ["run", "--config", str(config)], str(config), "nested deeper")


# Layout files: calibrate (and replay, the daemon) load them.


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (LAYOUT.encode("utf-8").replace(b"play", b"pl\xe9y"), "not UTF-8"),
        (b"card_size = " + nested(3000).encode() + b"\n", "nested deeper"),
        (b"card_size = [0." + b"1" * 5000 + b", 1" + b"0" * 5000 + b"]\n", "digits"),
    ],
    ids=["latin1", "deep", "int-5000"],
)
def test_hostile_layouts_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    layout = tmp_path / "table.toml"
    layout.write_bytes(content)
    source = picture(tmp_path / "table.png")
    argv = ["calibrate", "--layout", str(layout), "--source", str(source)]
    refused(capsys, [*argv, "--out", str(tmp_path / "c.png")], str(layout), words)


def test_a_layout_fifo_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = fifo(tmp_path / "table.toml")
    argv = ["calibrate", "--layout", str(layout), "--source", str(picture(tmp_path / "t.png"))]
    refused(capsys, [*argv, "--out", str(tmp_path / "c.png")], str(layout), "a FIFO")


# Images: scan and calibrate.


def _image(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A hostile image file and the words of its refusal."""
    if kind == "bomb":
        path = tmp_path / "bomb.png"
        path.write_bytes(png_header(20000, 20000))
        return path, "more than 50,000,000 pixels"
    if kind == "over-limit":
        path = tmp_path / "big.png"
        path.write_bytes(png_header(8000, 8000))
        return path, "8000 x 8000 pixels, more than the limit of 50,000,000"
    if kind == "too-long":
        return picture(tmp_path / "long.png", (70000, 1)), "at most 65535 pixels a side"
    if kind == "fifo":
        return fifo(tmp_path / "frame.png"), "a FIFO, not a regular file"
    if kind == "device":
        return Path("/dev/zero"), "a device, not a regular file"
    if kind == "huge":
        return sparse(tmp_path / "huge.png", MAX_IMAGE_BYTES + 1), f"limit of {MAX_IMAGE_BYTES:,}"
    path = tmp_path / "notes.png"
    path.write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n")  # a format PIL knows but is not read here
    return path, "not an image this program can read"


IMAGES = ["bomb", "over-limit", "too-long", "fifo", "device", "huge", "eps"]


@pytest.mark.parametrize("kind", IMAGES)
def test_hostile_images_for_scan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path, words = _image(tmp_path, kind)
    refused(capsys, ["scan", str(path)], str(path), words)


@pytest.mark.parametrize("kind", IMAGES)
def test_hostile_images_for_calibrate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path, words = _image(tmp_path, kind)
    argv = ["calibrate", "--source", str(path), "--out", str(tmp_path / "c.png")]
    refused(capsys, argv, str(path), words)
    assert not (tmp_path / "c.png").exists()


@pytest.mark.parametrize("size", [(1, 60000), (60000, 1)])
def test_thin_images_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: tuple[int, int]
) -> None:
    """Issue 13: a valid 1 x 60000 PNG raised ValueError in the 2x second pass."""
    path = picture(tmp_path / "thin.png", size)
    assert main(["scan", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["cards"] == []
    assert main(["calibrate", "--source", str(path), "--out", str(tmp_path / "c.png")]) == 0
    assert "codes found: 0" in capsys.readouterr().out


# Key files: scan and cards.


@pytest.mark.parametrize("kind", ["device", "fifo", "huge"])
def test_hostile_staff_key_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Issue 13: ``scan --staff-key /dev/zero`` ran out of memory."""
    key = special(kind, tmp_path / "staff.key", 300 * 1024 * 1024)
    photo = picture(tmp_path / "t.png")
    refused(capsys, ["scan", str(photo), "--staff-key", str(key)], f"staff key {key}")
    refused(capsys, ["cards", "list", "staff", "--staff-key", str(key)], f"staff key {key}")


# Output files: refused before the work, not when written.


def test_export_into_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13: ``export --out`` into a missing folder raised FileNotFoundError."""
    journal = tmp_path / "journal.db"
    from companion.journal import Journal

    Journal.open(journal).close()
    out = tmp_path / "missing" / "games.json"
    argv = ["export", "--journal", str(journal), "--out", str(out)]
    refused(capsys, argv, str(out), "does not exist")


def test_run_refuses_a_gif_path_at_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: ``run --display gif --out x.unknownext`` failed at exit with ValueError."""
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "WARNING"\n[phone]\nenabled = false\n')
    frames = tmp_path / "frames"
    frames.mkdir()
    picture(frames / "f000.png", (128, 72))
    out = tmp_path / "screen.unknownext"
    argv = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    argv += ["--camera", "replay", "--source", str(frames), "--buttons", "fake"]
    refused(capsys, [*argv, "--display", "gif", "--out", str(out)], str(out), ".gif")
    assert not out.exists()


@pytest.mark.parametrize("value", ["seed=" + "9" * 5000, "seed=\u00b2"])
def test_run_options_that_are_not_small_integers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '[log]\nlevel = "WARNING"\n[display]\nkind = "fake"\n[phone]\nenabled = false\n'
    )
    argv = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    argv += ["--camera", "fake", "--buttons", "fake", "--game", "trump", "--option", value]
    refused(capsys, argv, "whole number of at most")


# Mutations of valid files: either read or refused in one line, never a traceback.

HOSTILE = [b"[" * 40, b"9" * 40, b"\xff", b"\xef\xbb\xbf", b"NaN", b'"', b"{", b"]", b"\x00", b"-"]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """Each edit cuts ``cut`` bytes at ``place`` (of the length) and puts ``text`` there."""
    for place, cut, text in edits:
        at = place % (len(data) + 1)
        data = data[:at] + text + data[at + cut :]
    return data


EDITS = st.lists(
    st.tuples(
        st.integers(0, 10**6), st.integers(0, 3), st.sampled_from(HOSTILE) | st.binary(max_size=3)
    ),
    min_size=1,
    max_size=4,
)
RECORDS = sorted(p for p in EXAMPLES.glob("*/*.json") if p.name != "expected.json")


@FUZZ
@given(record=st.sampled_from(RECORDS), edits=EDITS)
def test_fuzz_mutated_records_are_scored_or_refused_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    record: Path,
    edits: list[tuple[int, int, bytes]],
) -> None:
    path = tmp_path / "mutated.json"
    path.write_bytes(mutate(record.read_bytes(), edits))
    status = main(["score", str(path)])
    captured = capsys.readouterr()
    assert status in (0, 2)
    if status == 2:
        assert captured.out == "" and len(captured.err.splitlines()) == 1, captured.err


@FUZZ
@given(edits=EDITS, layout=st.booleans())
def test_fuzz_mutated_configuration_and_layouts_load_or_say_why(
    tmp_path: Path, edits: list[tuple[int, int, bytes]], layout: bool
) -> None:
    path = tmp_path / "mutated.toml"
    path.write_bytes(mutate(LAYOUT.encode() if layout else CONFIG.read_bytes(), edits))
    try:
        load_layout(path) if layout else load_config(path, environ={})
    except ConfigError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)
