"""Which decoder reads our cards best: synthetic table scenes and real photos.

    .venv/bin/python bench/decoders.py            # 40 frames per size and level
    .venv/bin/python bench/decoders.py --quick    # 6 frames, a minute's check

Renders codes of our own cards (random decks and copies) into table scenes at
1280x720 (codes 60-120 px) and 640x480 (codes 30-60 px), levels L0-L3 of
/work/shared/bench/README.md, 1/4/8/12 codes a frame, and reads every frame with each
decoder: zxing-cpp, zxing-cpp with the 2x second pass, pyzbar. Reports the share of
codes read, wrong reads (a card accepted that is not on the table) and milliseconds per
frame (median / 95th percentile, one thread, ``decode_image`` from array to result).
Then the real photos in /work/shared/bench/qr-photos (read in place, never copied),
turned 0/90/180/270 degrees: the share read, and how many were taken for one of our
cards (must be 0: they are foreign codes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image

from card_codes.backends import available_backends, reader
from card_codes.catalogue import DECKS, deck_cards
from card_codes.decode import decode_image, read_codes, to_grey
from card_codes.payload import Rejection, encode_payload, parse_payload
from card_codes.scenes import LEVELS, table_scene

PHOTOS = Path("/work/shared/bench/qr-photos")
SIZES = {"720": ((1280, 720), (60.0, 120.0)), "480": ((640, 480), (30.0, 60.0))}
COUNTS = (1, 4, 8, 12)
DECODERS = {
    "zxing-cpp": ("zxing", False),
    "zxing-cpp + 2x pass": ("zxing", True),
    "pyzbar": ("pyzbar", False),
}


@dataclass
class Tally:
    placed: int = 0
    read: int = 0
    wrong: int = 0
    ms: list[float] = field(default_factory=list)

    def share(self) -> str:
        return f"{100 * self.read / self.placed:.1f}" if self.placed else "-"

    def timing(self) -> str:
        if not self.ms:
            return "-"
        p95 = float(np.percentile(self.ms, 95))
        return f"{statistics.median(self.ms):.1f} / {p95:.1f}"


def _payloads(rng: np.random.Generator, count: int) -> list[str]:
    chosen: set[str] = set()
    while len(chosen) < count:
        deck = DECKS[int(rng.integers(len(DECKS)))]
        cards = deck_cards(deck, int(rng.integers(1, 5)))
        chosen.add(encode_payload(cards[int(rng.integers(len(cards)))]))
    return sorted(chosen)


def scenes(frames: int, decoders: dict[str, tuple[str, bool]]) -> dict[tuple[str, str, str], Tally]:
    """Every decoder over the same frames, by (decoder, size, level)."""
    tallies: dict[tuple[str, str, str], Tally] = {}
    rng = np.random.default_rng(20240601)
    for size_name, (size, code_px) in SIZES.items():
        for level_name, level in LEVELS.items():
            for frame in range(frames):
                payloads = _payloads(rng, COUNTS[frame % len(COUNTS)])
                table = "wood" if frame % 2 else "felt"
                scene = table_scene(
                    payloads, rng=rng, size=size, code_px=code_px, level=level, table=table
                )
                for name, (backend, second) in decoders.items():
                    tally = tallies.setdefault((name, size_name, level_name), Tally())
                    start = time.perf_counter()
                    result = decode_image(scene.image, backend=backend, second_pass=second)
                    tally.ms.append(1000 * (time.perf_counter() - start))
                    read = {d.payload for d in result.cards}
                    tally.placed += len(payloads)
                    tally.read += len(read & set(payloads))
                    tally.wrong += len(read - set(payloads))
    return tallies


def _expected(text_file: Path) -> set[str]:
    raw = text_file.read_bytes()
    texts = set()
    for encoding in ("utf-8", "shift_jis", "latin-1"):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        texts |= {text, text.strip()}
        break
    return texts


def photos(decoders: dict[str, tuple[str, bool]]) -> dict[str, Tally]:
    """Each decoder over the real photos at four turns; ``wrong`` counts texts taken for cards."""
    tallies = {name: Tally() for name in decoders}
    for image_path in sorted(PHOTOS.glob("*/*")):
        text_file = image_path.with_suffix(".txt")
        if image_path.suffix == ".txt" or not text_file.exists():
            continue
        expected = _expected(text_file)
        with Image.open(image_path) as opened:
            grey = to_grey(opened)
        for turn in range(4):
            frame = np.ascontiguousarray(np.rot90(grey, turn))
            for name, (backend, second) in decoders.items():
                tally = tallies[name]
                start = time.perf_counter()
                try:
                    codes = read_codes(frame, backend=backend, second_pass=second)
                except (UnicodeDecodeError, ValueError):
                    codes = []
                tally.ms.append(1000 * (time.perf_counter() - start))
                tally.placed += 1
                tally.read += any(code.text in expected for code in codes)
                tally.wrong += sum(
                    not isinstance(parse_payload(code.text), Rejection) for code in codes
                )
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="6 frames per size and level")
    parser.add_argument("--frames", type=int, default=40, help="frames per size and level")
    args = parser.parse_args(argv)
    frames = 6 if args.quick else args.frames
    names = set(available_backends())
    decoders = {name: spec for name, spec in DECODERS.items() if spec[0] in names}
    for backend in {spec[0] for spec in decoders.values()}:
        reader(backend)(np.zeros((8, 8), np.uint8))  # load the library before timing
    tallies = scenes(frames, decoders)
    columns = [(s, lv) for s in SIZES for lv in LEVELS]
    print(f"Synthetic scenes, {frames} frames per column, share of codes read (%):\n")
    print("| decoder | " + " | ".join(f"{s} {lv}" for s, lv in columns) + " | wrong reads |")
    print("|---" * (len(columns) + 2) + "|")
    for name in decoders:
        cells = [tallies[(name, s, lv)].share() for s, lv in columns]
        wrong = sum(tallies[(name, s, lv)].wrong for s, lv in columns)
        print(f"| {name} | " + " | ".join(cells) + f" | {wrong} |")
    print("\nMilliseconds per frame, median / 95th percentile (all levels):\n")
    print("| decoder | 640x480 | 1280x720 |\n|---|---|---|")
    for name in decoders:
        cells = []
        for size in SIZES:
            pooled = Tally(ms=[m for lv in LEVELS for m in tallies[(name, size, lv)].ms])
            cells.append(pooled.timing())
        print(f"| {name} | {cells[1]} | {cells[0]} |")
    if PHOTOS.is_dir():
        found = photos(decoders)
        attempts = next(iter(found.values())).placed
        print(f"\nReal photos ({PHOTOS}), 0/90/180/270 degrees, {attempts} attempts:\n")
        print("| decoder | read | ms per image (median) | taken for a card |\n|---|---|---|---|")
        for name, tally in found.items():
            ms = statistics.median(tally.ms)
            print(f"| {name} | {tally.read} ({tally.share()}%) | {ms:.1f} | {tally.wrong} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
