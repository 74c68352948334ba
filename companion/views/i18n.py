"""Player-facing words in the table's language: gettext catalogues, English and French.

Every text a player reads (the OLED, the table's phone page, the dashboard) is written
in English in the code, marked with :func:`_` (or :func:`ngettext` for counts), and
translated from the catalogues in ``companion/views/locale/<lang>/LC_MESSAGES/companion.mo``
(made from the ``.po`` files with Babel: docs/ui.md says how). A table has one language
at a time (:func:`set_language`, from the configuration or the start menu); a web
request asks :func:`translations` for its own.

    >>> set_language("en")
    >>> _("Undo")
    'Undo'
    >>> language()
    'en'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from companion.games.i18n import LANGUAGES

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE",
    "_",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "speaking",
    "translations",
]

LOCALE = Path(__file__).parent / "locale"
DOMAIN = "companion"

_current: list[tuple[str, gettext.NullTranslations]] = [("en", gettext.NullTranslations())]


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (English, the source language, needs none)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: the companion speaks {', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, languages=[lang], fallback=True)


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (a ValueError names the languages for another)."""
    _current[0] = (lang, translations(lang))


def language() -> str:
    """The language the table speaks now."""
    return _current[0][0]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block, then the language before it again."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the table's language ("" stays "": gettext would answer the
    catalogue's header).

    >>> with speaking("fr"):
    ...     _("")
    ''
    """
    return _current[0][1].gettext(message) if message else ""


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a count, in the table's language."""
    return _current[0][1].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the table's language, as ``context`` uses it: one English word
    may need two translations ("Red" as a colour, and as a colour's short form)."""
    return _current[0][1].pgettext(context, message)
