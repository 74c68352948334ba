"""The reader's locale: the language of the catalogues, and the region of the dates,
numbers and weeks.

The pages speak English or French (:data:`LANGUAGES`, the catalogues), but write a
date, a number and the first day of a week as the reader's region does: an en-GB
browser reads "28/11/2026", an en-US one "11/28/26", fr-CA "2026-11-28". The locale is
the first of the browser's ``Accept-Language`` that Babel knows in a catalogue's
language (``en_GB``, ``fr_CA``), else that language alone (``en-ZZ``: ``en``), else
English. The page's switch (the ``lang`` cookie, or a table's own language on the
players' page) chooses only the language: the browser's region stays when it is of
that language.

    >>> negotiate("fr-CA,fr;q=0.9,en;q=0.8")
    'fr_CA'
    >>> negotiate("en-GB,en;q=0.9", "fr"), negotiate("en-GB,fr-BE;q=0.5", "fr")
    ('fr', 'fr_BE')
    >>> negotiate("de, en;q=0.5"), negotiate(None, "fr"), negotiate("x-klingon, *")
    ('en', 'fr', 'en')

A header no browser sends (a malformed tag, a quality out of 0..1, a control or
non-ASCII character, thousands of entries) is read as far as it makes sense, and
never raises: what cannot be read is left out.
"""

from __future__ import annotations

import functools
import re

from babel import Locale, localedata, negotiate_locale

#: The catalogues' languages.
LANGUAGES = ("en", "fr")
DEFAULT = "en"
#: The entries of an Accept-Language read: a browser sends a few, a longer header is
#: read no further (its tail costs a negotiation, never an answer).
MOST = 16
#: A language tag (RFC 5646's shape, ASCII): a language, then subtags of 1-8 characters.
TAG = re.compile(r"[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,7}", re.ASCII)
#: An entry's weight (RFC 9110 12.4.2 "qvalue": 0 to 1, three decimals at most).
QUALITY = re.compile(r"q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)", re.ASCII | re.IGNORECASE)
#: A locale the pages may write in: a language and at most a region (no script: an
#: ``en-Shaw`` browser reads English letters).
PLAIN = re.compile(r"[a-z]{2,3}(?:_(?:[A-Z]{2}|[0-9]{3}))?", re.ASCII)


@functools.cache
def _known() -> dict[str, str]:
    """Every locale Babel writes dates and numbers for in the catalogues' languages,
    by its lower case: ``{"en_gb": "en_GB", "fr_ca": "fr_CA", "fr": "fr", ...}``."""
    return {
        found.lower(): found
        for found in localedata.locale_identifiers()
        if PLAIN.fullmatch(found) and found.split("_")[0] in LANGUAGES
    }


def _weight(params: list[str]) -> float | None:
    """The quality of an entry's parameters: 1 without one, None when unreadable."""
    for param in (each.strip() for each in params):
        if param[:2].lower() == "q=":
            found = QUALITY.fullmatch(param)
            return float(found.group(1)) if found else None
    return 1.0


def accepted(header: str) -> list[str]:
    """The locales of an Accept-Language header, most wanted first, as Babel names them
    (``en_GB``); an entry that cannot be read, or weighs 0, is left out.

    >>> accepted("fr;q=0.5, en-GB, x-klingon;q=0.9, de;q=7, *")
    ['en_GB', 'fr']
    """
    ranked = []
    for index, entry in enumerate(header.split(",", MOST)[:MOST]):
        tag, *params = entry.split(";")
        tag = tag.strip()
        weight = _weight(params)
        if TAG.fullmatch(tag) and weight:
            ranked.append((-weight, index, tag.replace("-", "_")))
    return [tag for _, _, tag in sorted(ranked)]


@functools.lru_cache(maxsize=256)  # a cafe's browsers send a few headers, again and again
def negotiate(header: str | None, language: str | None = None) -> str:
    """The reader's locale (``en_GB``, ``fr``): the header's, or with ``language`` (one
    of :data:`LANGUAGES`, the page's switch) the header's of that language."""
    wanted = accepted(header) if header else []
    if language in LANGUAGES:
        wanted = [tag for tag in wanted if tag.split("_")[0].lower() == language]
        wanted.append(str(language))
    found = negotiate_locale(wanted, list(_known()), sep="_", aliases={})
    return _known()[found.lower()] if found else DEFAULT


def language_of(locale: str) -> str:
    """The catalogue of ``locale``: ``en_GB`` is read in ``en``.

    >>> language_of("fr_CA"), language_of("en"), language_of("de_DE")
    ('fr', 'en', 'en')
    """
    language = locale.split("_", maxsplit=1)[0]
    return language if language in LANGUAGES else DEFAULT


def html_lang(locale: str) -> str:
    """``locale`` as HTML's ``lang`` writes it (BCP 47): ``en-GB``."""
    return locale.replace("_", "-")


def first_weekday(locale: str) -> int:
    """The day a week starts on where ``locale`` is read (0 Monday ... 6 Sunday): Sunday
    in the United States and Canada, Monday in Britain and France, and Monday for a
    language alone.

    >>> first_weekday("en_US"), first_weekday("en_GB"), first_weekday("fr_CA"), first_weekday("en")
    (6, 0, 6, 0)
    """
    return int(Locale.parse(locale).first_week_day)
