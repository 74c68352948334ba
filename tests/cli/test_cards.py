"""`companion cards sheet | export | list` (issue 3, section 3): the files it writes read
back as the right cards; bad input exits 2 with one line on stderr."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "card_codes"))

from card_pages import page_sizes_mm, read_cards, render_pages

from card_codes.catalogue import card, deck_cards, staff_cards
from card_codes.keys import generate_key
from card_codes.payload import encode_payload
from companion.cli import main


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str], text: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("companion cards: ") and text in err[0], err


def test_sheet_writes_the_deck_on_letter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hex.pdf"
    assert main(["cards", "sheet", "hex", "--out", str(out), "--paper", "letter"]) == 0
    assert page_sizes_mm(out) == [(215.9, 279.4)] * 3  # 24 move cards, 9 a page
    captured = capsys.readouterr()
    assert "24 cards on 3 letter pages" in captured.out
    assert "24/24 cards" in captured.err


def test_only_reprints_a_lost_card_with_the_same_identity(tmp_path: Path) -> None:
    """`--only R1#2` of copy 2: the reprint carries exactly the lost card's payload."""
    out = tmp_path / "lost.pdf"
    argv = ["cards", "sheet", "fibonachos", "--copy", "2", "--only", "R1#2,S5#3", "--out", str(out)]
    assert main(argv) == 0
    (page,) = render_pages(out)
    lost = card("fibonachos", "R1#2", copy=2)
    assert read_cards(page) == {lost: 3, card("fibonachos", "S5#3", copy=2): 3}
    assert encode_payload(lost) == encode_payload(deck_cards("fibonachos", 2)[1])


def test_one_reprinted_card_is_said_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cards.md "Reprinting one lost card": the line says "1 card", not "1 cards"."""
    out = tmp_path / "lost.pdf"
    assert main(["cards", "sheet", "fibonachos", "--only", "R1#2", "--out", str(out)]) == 0
    assert capsys.readouterr().out.endswith(": 1 card on 1 a4 page\n")


def test_the_help_names_the_hex_sheets_choices(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cards.md prints the hex board with --paper a3, docs/hex-referee.md the pieces
    with --stickers round: the help says both are taken."""
    with pytest.raises(SystemExit):
        main(["cards", "sheet", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "hex-board: a3" in shown and "hex-pieces: round" in shown


def test_sticker_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "stickers.pdf"
    argv = ["cards", "sheet", "control", "--stickers", "avery-5160", "--out", str(out)]
    assert main(argv) == 0
    assert "on 1 avery-5160 sticker sheet" in capsys.readouterr().out
    (page,) = render_pages(out)
    assert read_cards(page) == dict.fromkeys(deck_cards("control"), 1)


def test_staff_sheet_with_the_key_file(tmp_path: Path) -> None:
    key = generate_key()
    key_file = tmp_path / "staff.key"
    key_file.write_text(base64.b64encode(key).decode() + "\n")
    out = tmp_path / "staff.pdf"
    assert main(["cards", "sheet", "staff", "--staff-key", str(key_file), "--out", str(out)]) == 0
    (page,) = render_pages(out)
    assert read_cards(page, staff_key=key) == dict.fromkeys(staff_cards(), 3)


def test_export_and_manifest(tmp_path: Path) -> None:
    out = tmp_path / "pngs"
    assert main(["cards", "export", "rummy8", "--only", "W#1,8#16", "--out", str(out)]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert [row["notation"] for row in manifest] == ["W#1", "8#16"]
    assert sorted(p.name for p in out.glob("*.png")) == sorted(row["file"] for row in manifest)


def test_list_prints_notation_payload_and_face(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "trump", "--copy", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(deck_cards("trump"))
    notation, payload, *face = lines[6].split()
    b7 = card("trump", "R7", copy=3)
    assert (notation, payload, " ".join(face)) == ("R7", encode_payload(b7), "red 7")


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["cards", "list", "uno"], "unknown deck 'uno'"),
        (["cards", "list", "fibonachos", "--only", "R1"], "write the serial"),
        (["cards", "list", "trump", "--only", "Q9"], "no card 'Q9'"),
        (["cards", "list", "trump", "--copy", "0"], "deck copy 0"),
        (["cards", "sheet", "hex", "--out", "x.pdf", "--paper", "a5"], "--paper a5"),
        (["cards", "sheet", "hex", "--out", "x.pdf", "--stickers", "avery-1"], "label sheet"),
        (["cards", "sheet", "hex", "--out", "/no/such/dir/x.pdf"], "does not exist"),
        (["cards", "export", "hex", "--out", "pngs", "--dpi", "5"], "5 dpi"),
        # an empty --only (an unset shell variable) printed the whole deck
        (["cards", "sheet", "trump", "--only", "", "--out", "x.pdf"], "--only: no card named"),
        # a file where the folder goes was said to be a folder that does not exist
        (["cards", "sheet", "hex", "--out", "notes.txt/x.pdf"], "notes.txt is a file, not a"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    text: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    _one_line_error(capsys, argv, text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_staff_without_a_key_says_how(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[staff]\nkey_file = "{tmp_path / "missing.key"}"\n')
    argv = ["cards", "list", "staff", "--config", str(config)]
    _one_line_error(capsys, argv, "give --staff-key FILE")


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (
            ["sheet", "hex-pieces", "--stickers", "banana"],
            "--stickers banana: the hex pieces come as round stickers (--stickers round)",
        ),
        (
            ["sheet", "hex-pieces", "--paper", "letter"],
            "--paper letter: the hex pieces print on a4",
        ),
        (["sheet", "hex-pieces", "--only", "R1"], "--only R1: the hex pieces print whole"),
        (["sheet", "hex-pieces", "--copy", "2"], "--copy 2: the hex pieces print whole"),
        (["sheet", "hex-board", "--stickers", "round"], "the hex board has no sticker sheet"),
        (["sheet", "trump", "--stickers", "round"], "(round is for the hex pieces)"),
        (["sheet", "trump", "--stickers", "avery-5160", "--paper", "a4"], "its own paper"),
        (["sheet", "trump", "--paper", "a5"], "--paper a5: the papers are a4, letter"),
        (["list", "hex-pieces"], "no card faces to export or list"),
        (["export", "hex-board"], "the hex board prints whole with companion cards sheet"),
    ],
)
def test_options_that_do_not_apply_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], text: str
) -> None:
    """The docs walk, item 4: ``sheet hex-pieces --stickers banana`` printed stickers,
    ``--paper letter`` an A4 page, ``--only``/``--copy`` were passed over; a deck's
    label sheet took any --paper. Each is one line naming the option, and no file is
    written."""
    out = tmp_path / "out.pdf"
    written = ["--out", str(out)] if argv[0] != "list" else []
    _one_line_error(capsys, ["cards", *argv, *written], text)
    assert not out.exists()


def test_the_hex_pieces_stickers_are_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/hex-referee.md: ``--stickers round`` prints the pieces as stickers."""
    out = tmp_path / "pieces.pdf"
    assert main(["cards", "sheet", "hex-pieces", "--stickers", "Round", "--out", str(out)]) == 0
    assert capsys.readouterr().out.endswith(": 26 pieces as stickers\n")


def test_a_card_named_twice_in_only_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/payload.md: a payload names one physical card. `--only R1,R2,R1` printed two
    cards with one identity, which the camera cannot tell apart."""
    out = tmp_path / "twice.pdf"
    argv = ["cards", "sheet", "trump", "--only", "R1,R2,R1", "--out", str(out)]
    _one_line_error(capsys, argv, "--only R1: named twice")
    assert not out.exists()


def test_a_sheet_that_fails_leaves_the_old_pdf_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cards.md: an existing PDF of that name is replaced, by a whole sheet only. A
    disk filling up half-way left a truncated PDF in its place; now the old one stays and
    no part-written file is left beside it."""
    import card_codes.sheets

    def full_disk(cards: object, target: str, **_: object) -> int:
        Path(target).write_bytes(b"%PDF-1.4 half")
        raise OSError(28, "No space left on device")

    out = tmp_path / "trump.pdf"
    out.write_bytes(b"%PDF the old sheet")
    monkeypatch.setattr(card_codes.sheets, "write_sheet", full_disk)
    argv = ["cards", "sheet", "trump", "--out", str(out)]
    _one_line_error(capsys, argv, "cannot write it (No space left on device)")
    assert out.read_bytes() == b"%PDF the old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["trump.pdf"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc (Linux)")
def test_a_folder_that_cannot_be_written_is_refused_before_any_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cards.md `--out`: a folder where no file can be made was found out only after
    every card was drawn ("writing /proc/x.pdf: 52/52 cards", then the refusal)."""
    assert main(["cards", "sheet", "trump", "--out", "/proc/trump.pdf"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "companion cards: --out /proc/trump.pdf: cannot write in /proc (No such file or directory)"
    ]


def test_an_export_whose_manifest_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cards.md "PNG export": a manifest.json that could not be written (a folder of
    that name, a full disk) ended the command with a traceback."""
    (tmp_path / "manifest.json").mkdir()
    argv = ["cards", "export", "hex", "--only", "M1#1", "--out", str(tmp_path)]
    assert main(argv) == 2
    *progress, said = capsys.readouterr().err.strip().splitlines()
    assert progress == ["exporting: 1/1 cards"]
    assert said == f"companion cards: cannot write {tmp_path / 'manifest.json'}: Is a directory"


def test_one_exported_card_is_said_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["cards", "export", "hex", "--only", "M1#1", "--out", str(tmp_path / "png")]
    assert main(argv) == 0
    assert capsys.readouterr().out.endswith(": 1 PNG file at 300 dpi and manifest.json\n")


def test_export_and_list_do_not_offer_the_hex_sheets(capsys: pytest.CaptureFixture[str]) -> None:
    """The hex board and pieces print whole: only `sheet` names them in its DECK help."""
    for action in ("export", "list"):
        with pytest.raises(SystemExit):
            main(["cards", action, "--help"])
        assert "hex-board" not in capsys.readouterr().out
