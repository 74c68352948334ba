"""One PNG per card and a manifest: for print shops, other layouts, or a phone screen.

``manifest.json`` lists ``{"file", "notation", "payload"}`` for every card in deck
order, so a tool can check a print against the codes it should carry.

    >>> import tempfile
    >>> from card_codes.catalogue import deck_cards
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     rows = export_pngs(deck_cards("hex")[:2], folder, dpi=100)
    >>> rows[1]["file"], rows[1]["notation"]
    ('hex-1-M1_2.png', 'M1#2')
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from card_codes.catalogue import CardIdentity
from card_codes.errors import CardCodeError
from card_codes.face_image import card_image
from card_codes.payload import encode_payload

MANIFEST = "manifest.json"
#: PNG resolutions accepted: print wants 300 or more; above 1200 files only grow.
DPI_RANGE = (72, 1200)


def file_name(card: CardIdentity) -> str:
    """``rummy21-1-B5_2.png``: deck, copy, notation with ``#`` and other marks as ``_``."""
    notation = re.sub(r"[^A-Za-z0-9-]", "_", card.notation)
    return f"{card.deck}-{card.copy}-{notation}.png"


def export_pngs(
    cards: Sequence[CardIdentity],
    out_dir: str | os.PathLike[str],
    *,
    dpi: int = 300,
    staff_key: bytes | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, str]]:
    """Write every card's face to ``out_dir`` (made if missing) and the manifest; return it.

    Each file is written whole or not at all (a temporary name, then renamed), and an
    export that stops (Ctrl-C, a full disk) takes back the files it made and the folder
    it made: what was there before stays, replaced files whole.
    """
    low, high = DPI_RANGE
    if not low <= dpi <= high:
        raise CardCodeError(f"PNG resolution {dpi} dpi: choose {low} ... {high} (300 to print)")
    folder = Path(out_dir)
    made_folder = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardCodeError(f"cannot make the folder {folder}: {exc.strerror}") from None
    made: list[Path] = []
    try:
        rows = _export(cards, folder, made, dpi=dpi, staff_key=staff_key, progress=progress)
    except BaseException:
        for path in made:
            path.unlink(missing_ok=True)
        if made_folder:
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return rows


def _export(
    cards: Sequence[CardIdentity],
    folder: Path,
    made: list[Path],
    *,
    dpi: int,
    staff_key: bytes | None,
    progress: Callable[[int, int], None] | None,
) -> list[dict[str, str]]:
    """The files of :func:`export_pngs`, each new one added to ``made`` once whole."""
    rows: list[dict[str, str]] = []
    for done, card in enumerate(cards, start=1):
        name = file_name(card)
        image = card_image(card, dpi=dpi, staff_key=staff_key)
        _whole(folder / name, made, partial(image.save, format="PNG", dpi=(dpi, dpi)))
        rows.append(
            {
                "file": name,
                "notation": card.notation,
                "payload": encode_payload(card, staff_key=staff_key),
            }
        )
        if progress is not None:
            progress(done, len(cards))
    text = json.dumps(rows, indent=1) + "\n"
    _whole(folder / MANIFEST, made, lambda part: part.write_text(text, encoding="utf-8"))
    return rows


def _whole(target: Path, made: list[Path], write: Callable[[Path], object]) -> None:
    """``write`` a temporary file beside ``target``, then rename it over ``target``: a
    link (a manifest.json the folder links to a shared one) is written through, the
    file it names replaced, not the link; a file replaced keeps its mode."""
    if target.is_symlink():
        target = target.resolve()
    part = target.with_name(f".{target.name}.part")
    new = not target.exists()
    try:
        write(part)
        if not new:
            shutil.copymode(target, part)
        os.replace(part, target)
    except OSError as exc:
        raise CardCodeError(f"cannot write {target}: {exc.strerror}") from None
    finally:
        part.unlink(missing_ok=True)
    if new:
        made.append(target)
