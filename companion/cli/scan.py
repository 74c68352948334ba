"""``companion scan IMAGE... [--json]``: the card codes found in still images.

    $ companion scan table.jpg
    table.jpg: 2 cards, 1 rejected
      fibonachos #1  R13     at (412, 220)
      trump #1       B7      at (815, 301)
      rejected: 'https://menu.example' not a Table Companion code (a URL)

With ``--json`` one list: ``[{"image", "cards": [{"notation", "deck", "copy",
"payload", "corners"}], "rejected": [{"payload", "reason"}]}]``. A missing or
unreadable image, or one over the limits of companion.inputs (a FIFO, more than
50 megapixels by its header), exits 2 with one line.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from card_codes.backends import BACKENDS
from card_codes.payload import load_key
from companion.errors import UsageError
from companion.games.json_types import JSONObject
from companion.inputs import open_image

if TYPE_CHECKING:  # the decoder (numpy, PIL) loads when a scan runs, not with every command
    from card_codes.decode import DecodeResult


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "scan",
        help="read the card codes in still images",
        description="Find and read every card code in each image; list the other codes "
        "found with the reason they were rejected.",
    )
    parser.add_argument("images", type=Path, nargs="+", metavar="IMAGE", help="a photo or frame")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.add_argument(
        "--backend", choices=tuple(BACKENDS), default="zxing", help="the QR decoder"
    )
    parser.add_argument(
        "--staff-key",
        type=Path,
        default=None,
        metavar="FILE",
        help="the installation's staff-card key (base64), to accept signed staff cards",
    )
    parser.set_defaults(func=run)


def as_json(image: Path, result: DecodeResult) -> JSONObject:
    return {
        "image": str(image),
        "cards": [
            {
                "notation": d.card.notation,
                "deck": d.card.deck,
                "copy": d.card.copy,
                "payload": d.payload,
                "corners": [[round(x, 1), round(y, 1)] for x, y in d.corners],
            }
            for d in result.cards
        ],
        "rejected": [{"payload": r.payload, "reason": r.reason} for r in result.rejected],
    }


def as_text(image: Path, result: DecodeResult) -> list[str]:
    """One heading per image, one line per card (its codes counted), one per rejection."""
    cards = result.identities()
    lines = [
        f"{image}: {len(cards)} card{'s' * (len(cards) != 1)}, {len(result.rejected)} rejected"
    ]
    for identity in cards:
        codes = [d for d in result.cards if d.card == identity]
        x, y = codes[0].centre
        more = f"  ({len(codes)} codes)" if len(codes) > 1 else ""
        deck = f"{identity.deck} #{identity.copy}"
        lines.append(f"  {deck:<14} {identity.notation:<15} at ({x:.0f}, {y:.0f}){more}")
    lines += [f"  rejected: {r.payload!r} {r.reason}" for r in result.rejected]
    return lines


def run(args: argparse.Namespace) -> int:
    from card_codes.decode import decode_image
    from card_codes.errors import ImageShapeError

    key = load_key(args.staff_key) if args.staff_key is not None else None
    images = [(path, open_image(path)) for path in args.images]
    results = []
    for path, image in images:
        try:
            results.append((path, decode_image(image, backend=args.backend, staff_key=key)))
        except ImageShapeError as exc:
            raise UsageError(f"{path}: {exc}") from None
    if args.json:
        print(json.dumps([as_json(path, result) for path, result in results], indent=1))
    else:
        for path, result in results:
            print("\n".join(as_text(path, result)))
    return 0
