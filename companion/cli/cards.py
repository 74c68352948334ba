"""``companion cards``: print a deck, export its faces, list its codes.

    $ companion cards sheet rummy21 --out rummy21.pdf          # 10 A4 pages, 89 cards
      (Deck 21 plays Rummy 21, 13 and 8, cards taken out: docs/rummy.md "The deck")
    $ companion cards sheet fibonachos --only R13,R1#2 --out lost.pdf
    $ companion cards sheet trump --stickers avery-l7651 --out stickers.pdf
    $ companion cards sheet staff --staff-key /etc/companion/staff.key --out staff.pdf
    $ companion cards export hex --out hex-cards/ --dpi 300
    $ companion cards list control

``DECK`` is one of the catalogue's decks or ``staff`` (the signed staff cards, which
need the installation's key: ``--staff-key FILE``, else the configured key file).
A bad deck, card, paper or label exits 2 with one line; docs/cards.md tells the rest.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from card_codes.catalogue import (
    DECKS,
    STAFF_DECK,
    CardIdentity,
    card,
    deck_cards,
    face_description,
    staff_cards,
)
from card_codes.payload import encode_payload, load_key
from companion.cli.common import config_of, writable_file
from companion.errors import UsageError

STAFF = "staff"
#: The hex game's printed board and pieces (card_codes.hex_sheet), beside the decks.
HEX_SHEETS = ("hex-board", "hex-pieces")
#: The hex pieces' stickers (``--stickers round``); a deck's paper unless one is given.
ROUND = "round"
DEFAULT_PAPER = "a4"
#: How the messages name the hex sheets, each with its verb.
_PRINTS = {"hex-board": "the hex board prints", "hex-pieces": "the hex pieces print"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "cards",
        help="print card sheets and stickers, export card faces, list card codes",
        description="Print-and-play sheets, sticker sheets and PNG faces of a deck.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    sheet = actions.add_parser("sheet", help="a PDF of card faces (or stickers) to print")
    _common(sheet, printed=True)
    sheet.add_argument("--out", type=Path, required=True, help="the PDF file to write")
    sheet.add_argument(
        "--paper",
        default=None,
        help="a4 (default) or letter; hex-board: a3 (one page) or a4 (four tiles to tape); "
        "hex-pieces: a4 only",
    )
    sheet.add_argument(
        "--stickers",
        metavar="LABEL",
        default=None,
        help="print the codes on label sheets instead: avery-l7651, avery-l7160, avery-5160; "
        "hex-pieces: round (17 mm round stickers instead of 22 mm tokens)",
    )
    sheet.set_defaults(func=run_sheet)
    export = actions.add_parser("export", help="one PNG per card and manifest.json")
    _common(export)
    export.add_argument("--out", type=Path, required=True, help="the folder to write to")
    export.add_argument("--dpi", type=int, default=300, help="resolution (default 300)")
    export.set_defaults(func=run_export)
    listing = actions.add_parser("list", help="every card: notation, payload, face")
    _common(listing)
    listing.set_defaults(func=run_list)


def _common(parser: argparse.ArgumentParser, *, printed: bool = False) -> None:
    """The deck and the options every action takes; ``printed``: the sheet's DECK, which
    may also be the hex game's board or pieces (they have no faces to export or list)."""
    hex_sheets = f", or {' / '.join(HEX_SHEETS)} (the hex game's board and pieces)"
    parser.add_argument(
        "deck",
        metavar="DECK",
        help=f"{', '.join(DECKS)}{',' if printed else ' or'} {STAFF}"
        f"{hex_sheets if printed else ''}; rummy21 plays Rummy 21, 13 and 8: docs/rummy.md",
    )
    parser.add_argument("--copy", type=int, default=None, help="which copy of the deck (default 1)")
    parser.add_argument(
        "--only",
        metavar="CARDS",
        default=None,
        help="only these cards, comma-separated notation with serials (R13,R1#2)",
    )
    parser.add_argument(
        "--staff-key",
        type=Path,
        default=None,
        help="the installation's staff key (for the staff deck; default: the configured one)",
    )
    parser.add_argument("--config", type=Path, default=None, help=argparse.SUPPRESS)


def select(deck: str, copy: int | None, only: str | None) -> tuple[CardIdentity, ...]:
    """The cards of ``deck`` (or just those named in ``only``), in the order given."""
    if deck in HEX_SHEETS:
        raise UsageError(
            f"{deck}: {_PRINTS[deck]} whole with companion cards sheet {deck}; "
            "there are no card faces to export or list"
        )
    if deck != STAFF and deck not in DECKS:
        raise UsageError(
            f"unknown deck {deck!r}: the decks are {', '.join(DECKS)}, {STAFF} "
            f"(and, to print, {' and '.join(HEX_SHEETS)})"
        )
    copy = 1 if copy is None else copy
    everything = staff_cards(copy) if deck == STAFF else deck_cards(deck, copy)
    if only is None:  # an empty --only (an unset shell variable, say) names no card
        return everything
    chosen = []
    for name in (part.strip() for part in only.split(",")):
        if not name:
            continue
        found = card(STAFF_DECK if deck == STAFF else deck, name, copy)
        if found not in everything:
            raise UsageError(f"--only {name}: not a card of the {deck} deck")
        if found in chosen:
            raise UsageError(
                f"--only {name}: named twice; two prints of one card read as the same card, "
                "so name each card once"
            )
        chosen.append(found)
    if not chosen:
        raise UsageError(f"--only: no card named (companion cards list {deck} shows them)")
    return tuple(chosen)


def _key(args: argparse.Namespace, cards: Sequence[CardIdentity]) -> bytes | None:
    if not any(one.is_staff for one in cards):
        return None
    path = args.staff_key or Path(config_of(args).staff.key_file)
    if args.staff_key is None and not path.exists():
        raise UsageError(f"staff cards are signed: give --staff-key FILE (no key at {path})")
    return load_key(path)


class Progress:
    """Cards done, on stderr: one line rewritten on a terminal, else every tenth."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.tty = sys.stderr.isatty()
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            end = "\n" if done == total else ""
            print(f"\r{self.what}: {done}/{total} cards", end=end, file=sys.stderr, flush=True)
        elif done * 10 // total > self.shown:
            self.shown = done * 10 // total
            print(f"{self.what}: {done}/{total} cards", file=sys.stderr)


def run_sheet(args: argparse.Namespace) -> int:
    from card_codes.sheets import write_sheet, write_stickers

    if args.deck in HEX_SHEETS:
        return run_hex_sheet(args)
    cards = select(args.deck, args.copy, args.only)
    label, paper = _sheet_options(args.stickers, args.paper)
    key = _key(args, cards)
    progress = Progress(f"writing {args.out}")
    with pdf_target(args.out) as target:
        if label is not None:
            pages = write_stickers(cards, target, label=label, staff_key=key, progress=progress)
            kind = f"{label} sticker sheet"
        else:
            pages = write_sheet(cards, target, paper=paper, staff_key=key, progress=progress)
            kind = f"{paper} page"
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    print(f"{args.out}: {count} on {pages} {kind}{'s' if pages != 1 else ''}")
    return 0


def pdf_out(out: Path) -> None:
    """Refuse, before any page is drawn, an ``--out`` that is not a .pdf (a sheet written
    over a picture or a layout given by mistake) or cannot be made (writable_file)."""
    if out.suffix.lower() != ".pdf":
        raise UsageError(f"--out {out}: write a .pdf (the sheet is a PDF)")
    writable_file(out)


@contextlib.contextmanager
def pdf_target(out: Path) -> Iterator[str]:
    """Where to write the PDF for ``out``: a new file beside it, made before any page is
    drawn (a folder that cannot be written is refused at once, not after the last card),
    and put in ``out``'s place once whole (an existing PDF is only ever replaced by a
    complete one; an interrupted or failed sheet leaves nothing behind)."""
    pdf_out(out)
    part = out.with_name(f".{out.name}.{os.getpid()}.part")
    try:
        part.open("xb").close()
    except OSError as exc:
        raise UsageError(
            f"--out {out}: cannot write in {out.parent} ({exc.strerror or exc})"
        ) from None
    try:
        yield str(part)
        os.replace(part, out)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write it ({exc.strerror or exc})") from None
    finally:
        part.unlink(missing_ok=True)


def _sheet_options(stickers: str | None, paper: str | None) -> tuple[str | None, str]:
    """A deck's ``--stickers`` and ``--paper``, checked before any page is drawn: the
    label sheet or None, and the paper."""
    from card_codes.pdf import PAPERS  # the PDF writer's: only once a sheet is asked for
    from card_codes.stickers import LABELS

    if stickers is not None:
        if stickers.lower() not in LABELS:
            more = f" ({ROUND} is for the hex pieces)" if stickers.lower() == ROUND else ""
            raise UsageError(
                f"--stickers {stickers}: the label sheets are {', '.join(LABELS)}{more}"
            )
        if paper is not None:
            raise UsageError(
                f"--paper {paper}: a label sheet is its own paper; leave --paper out "
                f"with --stickers {stickers}"
            )
        return stickers.lower(), DEFAULT_PAPER
    paper = DEFAULT_PAPER if paper is None else paper.lower()
    if paper not in PAPERS:
        raise UsageError(f"--paper {paper}: the papers are {', '.join(PAPERS)}")
    return None, paper


def _hex_options(args: argparse.Namespace) -> str:
    """The hex board's or pieces' options checked (they print whole, one sheet each):
    the paper."""
    from card_codes.hex_sheet import BOARD_PAPERS  # the PDF writer's: only for a hex sheet

    for option, value in (("--copy", args.copy), ("--only", args.only)):
        if value is not None:
            raise UsageError(f"{option} {value}: {_PRINTS[args.deck]} whole, without {option}")
    if args.deck == "hex-board":
        if args.stickers is not None:
            raise UsageError(
                f"--stickers {args.stickers}: the hex board has no sticker sheet "
                f"(--stickers {ROUND} is for hex-pieces)"
            )
        paper = DEFAULT_PAPER if args.paper is None else args.paper.lower()
        if paper not in BOARD_PAPERS:
            raise UsageError(
                f"--paper {args.paper}: the hex board prints on a3 (one page) or a4 (four "
                "tiles to tape together)"
            )
        return paper
    if args.stickers is not None and args.stickers.lower() != ROUND:
        raise UsageError(
            f"--stickers {args.stickers}: the hex pieces come as round stickers "
            f"(--stickers {ROUND}) or, without --stickers, as tokens to cut out"
        )
    if args.paper is not None and args.paper.lower() != DEFAULT_PAPER:
        raise UsageError(f"--paper {args.paper}: {_PRINTS['hex-pieces']} on a4 only")
    return DEFAULT_PAPER


def run_hex_sheet(args: argparse.Namespace) -> int:
    """The hex board (A3, or four A4 tiles with --paper a4) or its 26 pieces."""
    from card_codes.errors import CardCodeError
    from card_codes.hex_sheet import write_board, write_pieces

    paper = _hex_options(args)
    with pdf_target(args.out) as target:
        try:
            if args.deck == "hex-board":
                pages = write_board(target, paper=paper)
                what = "the board on one A3 page" if pages == 1 else "the board on 4 A4 tiles"
            else:
                stickers = args.stickers is not None
                pages = write_pieces(target, stickers=stickers)
                what = "26 pieces as " + ("stickers" if stickers else "tokens to cut out")
        except CardCodeError as exc:
            raise UsageError(f"{args.deck}: {exc}") from None
    print(f"{args.out}: {what}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from card_codes.export import MANIFEST, export_pngs

    cards = select(args.deck, args.copy, args.only)
    key = _key(args, cards)
    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"--out {args.out}: is a file, not a folder")
    export_pngs(cards, args.out, dpi=args.dpi, staff_key=key, progress=Progress("exporting"))
    files = f"{len(cards)} PNG file{'s' if len(cards) != 1 else ''}"
    print(f"{args.out}: {files} at {args.dpi} dpi and {MANIFEST}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    cards = select(args.deck, args.copy, args.only)
    key = _key(args, cards)
    rows = [
        (one.notation, encode_payload(one, staff_key=key), face_description(one).title)
        for one in cards
    ]
    width = max(len(row[0]) for row in rows)
    payload_width = max(len(row[1]) for row in rows)
    for notation, payload, title in rows:
        print(f"{notation:<{width}}  {payload:<{payload_width}}  {title}")
    return 0
