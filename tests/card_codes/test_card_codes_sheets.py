"""PDF sheets, sticker sheets and PNG export (issue 3, section 3): page count, page size,
card geometry, crop marks, and every code on a rendered page reads as the right card."""

from __future__ import annotations

import json
from collections import Counter
from io import BytesIO
from pathlib import Path

import numpy as np
import pytest
from card_pages import mm_to_px, page_sizes_mm, page_text, read_cards, render_pages
from PIL import Image

from card_codes.catalogue import DECKS, CardIdentity, card, deck_cards, staff_cards
from card_codes.decode import decode_image
from card_codes.errors import CardCodeError
from card_codes.export import MANIFEST, export_pngs, file_name
from card_codes.face_image import CARD_MM, CORNER_BOX_MM, QUIET_MODULES
from card_codes.keys import generate_key
from card_codes.payload import encode_payload
from card_codes.pdf import PAPERS, MmPage
from card_codes.sheets import (
    CROP_GAP_MM,
    LABELS,
    UNPRINTED_MM,
    sheet_layout,
    write_sheet,
    write_stickers,
)
from card_codes.stickers import draw_sticker

DPI = 200


def _one_page_of(deck: str) -> tuple[CardIdentity, ...]:
    """Nine cards spread over the deck, so each kind of card shows up somewhere."""
    cards = deck_cards(deck)
    step = max(1, len(cards) // 9)
    return cards[::step][:9]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_layout_is_a_centred_three_by_three_grid_of_poker_cards(paper: str) -> None:
    layout = sheet_layout(paper)
    assert layout.per_page == 9
    boxes = [layout.card_box(slot) for slot in range(9)]
    assert all((w, h) == CARD_MM for _, _, w, h in boxes)
    assert boxes[1][0] == pytest.approx(boxes[0][0] + 63.0)
    assert boxes[3][1] == pytest.approx(boxes[0][1] + 88.0)
    left, top = layout.origin
    assert left == pytest.approx(layout.page[0] - (boxes[8][0] + 63.0))
    assert top == pytest.approx(layout.page[1] - (boxes[8][1] + 88.0))
    assert left > 5.0 and top > 5.0  # printers leave a few mm unprinted


def test_unknown_paper_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardCodeError, match="paper 'a5'"):
        write_sheet(deck_cards("hex")[:1], tmp_path / "x.pdf", paper="a5")


@pytest.mark.parametrize(
    ("count", "paper", "size"), [(24, "a4", (210.0, 297.0)), (10, "letter", (215.9, 279.4))]
)
def test_page_count_and_size(
    tmp_path: Path, count: int, paper: str, size: tuple[float, float]
) -> None:
    out = tmp_path / "hex.pdf"
    pages = write_sheet(deck_cards("hex")[:count], out, paper=paper)
    assert pages == -(-count // 9)
    assert page_sizes_mm(out) == [size] * pages
    assert f"page {pages}/{pages}" in page_text(out, pages - 1)
    assert "hex copy 1" in page_text(out, 0)


@pytest.mark.parametrize("deck", DECKS)
def test_every_code_on_a_page_reads_as_the_card_in_its_box(tmp_path: Path, deck: str) -> None:
    """Each card's three codes lie inside that card's 63 x 88 mm box on the page."""
    cards = _one_page_of(deck)
    out = tmp_path / f"{deck}.pdf"
    paper = "letter" if deck in {"trump", "hex"} else "a4"
    write_sheet(cards, out, paper=paper)
    (image,) = render_pages(out, DPI)
    layout = sheet_layout(paper)
    found: Counter[CardIdentity] = Counter()
    for detection in decode_image(image).cards:
        slot = cards.index(detection.card)
        left, top, width, height = layout.card_box(slot)
        x, y = detection.centre
        assert mm_to_px(left, DPI) < x < mm_to_px(left + width, DPI)
        assert mm_to_px(top, DPI) < y < mm_to_px(top + height, DPI)
        found[detection.card] += 1
    assert found == dict.fromkeys(cards, 3)


def test_staff_sheet_reads_only_with_the_key(tmp_path: Path) -> None:
    key = generate_key()
    out = tmp_path / "staff.pdf"
    write_sheet(staff_cards(), out, staff_key=key)
    (image,) = render_pages(out, DPI)
    assert read_cards(image, staff_key=key) == dict.fromkeys(staff_cards(), 3)
    other = decode_image(image, staff_key=generate_key())
    assert not other.cards and len(other.rejected) == 6


def test_crop_marks_sit_on_every_cut_line_in_the_margin(tmp_path: Path) -> None:
    out = tmp_path / "marks.pdf"
    write_sheet(deck_cards("hex")[:9], out, paper="letter")
    dpi = 300
    (image,) = render_pages(out, dpi)
    ink = np.asarray(image) < 128
    layout = sheet_layout("letter")
    xs, ys = layout.cuts()
    above = mm_to_px(ys[0] - CROP_GAP_MM - 1.0, dpi)
    for x in xs:
        column = mm_to_px(x, dpi)
        assert ink[above, column - 2 : column + 3].any()
        assert not ink[above, column + 8 : column + 20].any()
    outside = mm_to_px(xs[0] - CROP_GAP_MM - 2.0, dpi)
    for y in ys:
        row = mm_to_px(y, dpi)
        assert ink[row - 2 : row + 3, outside].any()
    assert not ink[: mm_to_px(ys[0] - CROP_GAP_MM, dpi) - 1, mm_to_px(xs[0] + 3, dpi)].any()


def test_equal_faces_share_one_image_so_a_deck_stays_small(tmp_path: Path) -> None:
    """Twelve standard cards of one number: one embedded image, twelve vector codes."""
    same = [card("rummy21", f"8#{n}") for n in range(1, 10)]
    mixed = _one_page_of("rummy21")
    write_sheet(same, tmp_path / "same.pdf")
    write_sheet(mixed, tmp_path / "mixed.pdf")
    assert (tmp_path / "same.pdf").stat().st_size * 3 < (tmp_path / "mixed.pdf").stat().st_size


@pytest.mark.parametrize("label", sorted(LABELS))
def test_sticker_sheets_fit_the_paper_and_every_sticker_reads(tmp_path: Path, label: str) -> None:
    sheet = LABELS[label]
    last = sheet.label_box(sheet.per_page - 1)
    paper = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[sheet.paper]
    assert last[0] + last[2] < paper[0] and last[1] + last[3] < paper[1]
    assert sheet.pitch[0] >= sheet.label[0] and sheet.pitch[1] >= sheet.label[1]
    cards = deck_cards("trump") + deck_cards("control")
    out = tmp_path / "stickers.pdf"
    pages = write_stickers(cards, out, label=label)
    assert pages == -(-len(cards) // sheet.per_page)
    assert page_sizes_mm(out)[0] == paper
    (image,) = render_pages(out, DPI)[:1]
    assert read_cards(image) == dict.fromkeys(cards[: sheet.per_page], 1)


@pytest.mark.parametrize("label", sorted(LABELS))
def test_no_sticker_code_is_smaller_than_a_cards_corner_code(label: str) -> None:
    """Issue 26: docs/cards.md's floor, 0.71 mm a module (a card's corner code), holds
    for every sticker sheet (avery-l7651's 21.2 mm labels gave 0.66 mm), and the code
    stays inside its label."""
    sheet = LABELS[label]
    floor = CORNER_BOX_MM / (21 + 2 * QUIET_MODULES)
    page = MmPage.open(BytesIO(), PAPERS[sheet.paper], title="test")
    box = sheet.label_box(0)
    module = draw_sticker(page, card("trump", "R1"), box, staff_key=None)
    assert module >= floor - 1e-9
    assert module * (21 + 2 * QUIET_MODULES) <= min(box[2], box[3])
    documented = (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text()
    (row,) = [line for line in documented.splitlines() if line.startswith(f"| `{label}`")]
    assert row.endswith(f"| {module:.2f} mm |"), row


def test_unknown_label_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardCodeError, match="label sheet 'avery-1'"):
        write_stickers(deck_cards("hex"), tmp_path / "x.pdf", label="avery-1")


def test_export_writes_a_png_per_card_and_the_manifest(tmp_path: Path) -> None:
    cards = [card("fibonachos", "R1#2"), card("rummy89", "W#3", copy=2), card("hex", "M3#1")]
    rows = export_pngs(cards, tmp_path / "out", dpi=300)
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text())
    assert manifest == rows
    assert [row["notation"] for row in rows] == ["R1#2", "W#3", "M3#1"]
    assert rows[1]["file"] == "rummy89-2-W_3.png" == file_name(cards[1])
    for one, row in zip(cards, rows, strict=True):
        assert row["payload"] == encode_payload(one)
        with Image.open(tmp_path / "out" / row["file"]) as image:
            assert image.size == (744, 1039)
            assert round(image.info["dpi"][0]) == 300
            assert read_cards(image) == {one: 3}


@pytest.mark.parametrize("fresh", [True, False], ids=["new-folder", "folder-with-files"])
def test_an_export_stopped_half_way_takes_back_what_it_made(tmp_path: Path, fresh: bool) -> None:
    """docs/cards.md "PNG export": Ctrl-C half-way through ``companion cards export``
    left the PNGs written so far and no manifest.json (and a PNG cut short, had it come
    mid-file). Each file is written whole or not at all; what the export made is taken
    back, what the folder held before stays (a file it replaced stays whole)."""
    out = tmp_path / "out"
    cards = deck_cards("hex")[:4]
    before: dict[str, bytes] = {}
    if not fresh:
        out.mkdir()
        before = {"mine.txt": b"keep", file_name(cards[0]): b"old face"}
        for name, data in before.items():
            (out / name).write_bytes(data)

    def stop_at_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export_pngs(cards, out, dpi=72, progress=stop_at_three)
    if fresh:
        assert not out.exists()
        return
    assert sorted(p.name for p in out.iterdir()) == sorted(before)
    assert (out / "mine.txt").read_bytes() == b"keep"
    with Image.open(out / file_name(cards[0])) as image:  # replaced, and whole
        assert read_cards(image) == {cards[0]: 3}


def test_an_export_writes_through_a_link_and_keeps_a_files_mode(tmp_path: Path) -> None:
    """docs/cards.md "PNG export": an export folder's manifest.json linked to a shared
    one was written through before the files were written whole; the temporary name
    renamed over it replaced the link with a file of its own, and the shared manifest
    was left stale. The file a link names is replaced now; and a face replaced keeps
    the mode its owner gave it (0640), not a new file's."""
    cards = deck_cards("hex")[:1]
    out, shared = tmp_path / "out", tmp_path / "shared"
    out.mkdir()
    shared.mkdir()
    (shared / MANIFEST).write_text("[]\n", encoding="utf-8")
    (out / MANIFEST).symlink_to(shared / MANIFEST)
    face = out / file_name(cards[0])
    face.write_bytes(b"old face")
    face.chmod(0o640)
    export_pngs(cards, out, dpi=72)
    assert (out / MANIFEST).is_symlink()
    assert json.loads((shared / MANIFEST).read_text(encoding="utf-8"))[0]["file"] == face.name
    assert face.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in shared.iterdir()) == [MANIFEST]


def test_export_refuses_a_silly_resolution(tmp_path: Path) -> None:
    with pytest.raises(CardCodeError, match="10 dpi"):
        export_pngs(deck_cards("hex")[:1], tmp_path, dpi=10)


def test_a_deck_21_sheet_says_it_plays_rummy_21_13_and_8(tmp_path: Path) -> None:
    """Issue 26, R1: Deck 21's sheets say on their title line that they play Rummy 21,
    and Rummy 13 and 8 with cards taken out; the older Deck 13 sheets say Deck 21 plays
    that game too; Deck 89's say nothing of the sort."""
    said = {}
    for deck in ("rummy21", "rummy13", "rummy89"):
        out = tmp_path / f"{deck}.pdf"
        write_sheet(deck_cards(deck)[:1], out)
        said[deck] = " ".join(page_text(out, 0).split())
    assert "rummy21 copy 1 - Deck 21: plays Rummy 21, and Rummy 13 and 8" in said["rummy21"]
    assert "Rummy 13 only (Deck 21 plays it too)" in said["rummy13"]
    assert "Rummy" not in said["rummy89"] and "rummy89 copy 1" in said["rummy89"]


def _ink_near_the_edges(image: Image.Image, dpi: int, edge_mm: float) -> list[str]:
    """The edges of ``image`` with ink within ``edge_mm`` of them."""
    ink = np.asarray(image) < 200
    band = mm_to_px(edge_mm, dpi)
    near = {
        "left": ink[:, :band],
        "right": ink[:, -band:],
        "top": ink[:band, :],
        "bottom": ink[-band:, :],
    }
    return [edge for edge, strip in near.items() if strip.any()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_is_drawn_in_a_printers_unprinted_edge(tmp_path: Path, paper: str) -> None:
    """docs/cards.md "A deck at home": the title, the 50 mm bar and the crop marks lie
    more than 5 mm inside the paper. On Letter the bar sat 4 mm from the foot, half cut
    off by a home printer, and the crop marks ran to 1.7 mm from the edge."""
    out = tmp_path / "sheet.pdf"
    write_sheet(_one_page_of("trump"), out, paper=paper)
    (image,) = render_pages(out, 150)
    assert _ink_near_the_edges(image, 150, UNPRINTED_MM - 0.2) == []


def _longest_run(line: np.ndarray) -> int:
    """The longest run of True in a 1-D array."""
    best = run = 0
    for dark in line.tolist():
        run = run + 1 if dark else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_scale_bar_is_50_mm_long_in_the_margin(tmp_path: Path, paper: str) -> None:
    """docs/cards.md "Scale 100 %": the bar a player measures is 50 mm; on A4 it lies
    below the cards, on Letter (7.7 mm margins above and below) along the right-hand
    margin, where no crop mark crosses its words."""
    dpi = 300
    out = tmp_path / "sheet.pdf"
    write_sheet(_one_page_of("hex"), out, paper=paper)
    (image,) = render_pages(out, dpi)
    ink = np.asarray(image) < 128
    layout = sheet_layout(paper)
    xs, ys = layout.cuts()
    if paper == "a4":
        assert layout.furniture_at_foot
        strip = ink[mm_to_px(ys[-1] + 1.0, dpi) :, :]
        longest = max(_longest_run(row) for row in strip)
    else:
        assert not layout.furniture_at_foot
        strip = ink[:, mm_to_px(xs[-1] + 1.0, dpi) :]
        longest = max(_longest_run(column) for column in strip.T)
        # The crop marks at the right stop short of the bar and its words.
        furniture = ink[:, -mm_to_px(8.0, dpi) :]
        assert furniture.any()
        for y in ys:
            assert not furniture[mm_to_px(y, dpi) - 3 : mm_to_px(y, dpi) + 4].any()
    assert longest * 25.4 / dpi == pytest.approx(50.4, abs=0.3)  # 50 mm and a tick's width
