"""Message catalogues compared by what they say, not by their bytes (issue 20, item 2).

A ``.mo`` compiled by another Babel release differs in its header (``Generated-By``)
and may order its table differently; what a reader gets from it is the same. Two
catalogues mean the same when they hold the same messages (context, id, plural ids) with
the same strings, and the same plural rule.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

Meaning = tuple[str | None, dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]]]


def _texts(text: object) -> tuple[str, ...]:
    return tuple(text) if isinstance(text, tuple | list) else (str(text),)


def meaning(catalog: Catalog) -> Meaning:
    """The plural rule and every translated message of ``catalog``."""
    messages = {
        (message.context, _texts(message.id)): _texts(message.string)
        for message in catalog
        if message.id
    }
    return catalog.plural_forms, messages


def compiled_meaning(po: Path, locale: str) -> Meaning:
    """What the ``.po`` says once compiled (fuzzy entries left out, as pybabel compile)."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=locale)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return meaning(read_mo(compiled))


def shipped_meaning(mo: Path) -> Meaning:
    """What the ``.mo`` the package installs says."""
    with mo.open("rb") as handle:
        return meaning(read_mo(handle))
