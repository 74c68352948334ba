"""`companion scan` (issue 3, section 4): cards and rejected codes in still images."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from card_codes.catalogue import card, staff_cards
from card_codes.payload import encode_payload, save_key
from card_codes.qr import code_image
from companion.cli import main

KEY = bytes(range(32))


def _photo(path: Path, payloads: list[str]) -> Path:
    sheet = Image.new("RGB", (300 * len(payloads) + 20, 320), (40, 85, 140))
    for place, text in enumerate(payloads):
        sheet.paste(code_image(text, module_px=6).convert("RGB"), (20 + 300 * place, 20))
    sheet.save(path)
    return path


def test_json_lists_cards_with_corners_and_rejections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r13 = encode_payload(card("fibonachos", "R13", copy=2))
    photo = _photo(tmp_path / "table.png", [r13, "https://menu.example/"])
    assert main(["scan", str(photo), "--json"]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert entry["image"] == str(photo)
    [found] = entry["cards"]
    assert (found["notation"], found["deck"], found["copy"], found["payload"]) == (
        "R13",
        "fibonachos",
        2,
        r13,
    )
    assert len(found["corners"]) == 4 and found["corners"][0] == pytest.approx([44, 44], abs=3)
    assert entry["rejected"] == [
        {"payload": "https://menu.example/", "reason": "not a Table Companion code (a URL)"}
    ]


def test_table_for_people_and_several_images(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    b7 = encode_payload(card("trump", "B7"))
    one = _photo(tmp_path / "one.png", [b7, b7])
    two = _photo(tmp_path / "two.jpg", [])
    assert main(["scan", str(one), str(two), "--backend", "pyzbar"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{one}: 1 card, 0 rejected"
    assert out[1].split()[:4] == ["trump", "#1", "B7", "at"] and out[1].endswith("(2 codes)")
    assert out[2] == f"{two}: 0 cards, 0 rejected"


def test_staff_cards_need_the_key_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key_file = tmp_path / "staff.key"
    save_key(key_file, KEY)
    photo = _photo(tmp_path / "staff.png", [encode_payload(staff_cards()[0], staff_key=KEY)])
    assert main(["scan", str(photo), "--json"]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert entry["cards"] == []
    assert entry["rejected"][0]["reason"] == "staff card but no staff key configured"
    assert main(["scan", str(photo), "--json", "--staff-key", str(key_file)]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert [c["notation"] for c in entry["cards"]] == ["STAFF-SETTINGS"]


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("missing.png", None, "no such file"),
        ("notes.png", b"not an image", "not an image this program can read"),
    ],
)
def test_bad_images_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes | None, words: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    assert main(["scan", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"companion scan: {path}: {words}\n"


def test_a_bad_key_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photo = _photo(tmp_path / "t.png", [])
    assert main(["scan", str(photo), "--staff-key", str(tmp_path / "none.key")]) == 2
    assert capsys.readouterr().err.startswith("companion scan: cannot read the staff key")


def test_registering_scan_loads_no_decoder() -> None:
    """Every `companion` command registers `scan`: numpy and the decoder load only when a
    scan runs (a fresh interpreter; this one has numpy loaded already)."""
    probe = (
        "import sys, companion.cli.scan; "
        "print(sorted({'numpy', 'card_codes.decode'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
