"""English and French: the language of a request, the catalogues, and the templates.

The messages are in ``locale/`` (Babel's gettext catalogues: ``messages.pot``
extracted from the templates and this package, ``fr/LC_MESSAGES/messages.po``
translated and compiled to ``.mo``, shipped with the package). The language is the
``lang`` cookie (set by the switch in the page's header), else the browser's
``Accept-Language``, else English.

    >>> negotiate("fr-CA,fr;q=0.9,en;q=0.8", None)
    'fr'
    >>> negotiate("de, en;q=0.5", None), negotiate(None, "fr")
    ('en', 'fr')
"""

from __future__ import annotations

import functools
import time
from datetime import datetime
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_datetime, format_time
from babel.numbers import format_decimal, format_percent
from babel.support import Translations
from jinja2 import Environment, FileSystemLoader, select_autoescape

from companion.games.i18n import N_
from companion.views.i18n import translations as table_translations

LOCALES = ("en", "fr")
DEFAULT = "en"
HERE = Path(__file__).resolve().parent
LOCALE_DIR = HERE / "locale"
TEMPLATES = HERE / "templates"


def _accepted(header: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first."""
    ranked = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().replace("-", "_")))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(header: str | None, cookie: str | None) -> str:
    if cookie in LOCALES:
        return cookie
    if header:
        found = Locale.negotiate(_accepted(header), list(LOCALES), sep="_")
        if found is not None:
            return str(found.language)
    return DEFAULT


@functools.cache
def translations(locale: str) -> Translations:
    """The web's catalogue of ``locale``, falling back on the OLED's (the names of the
    games, "Hex referee": one translation for the table and its pages)."""
    loaded = Translations.load(str(LOCALE_DIR), [locale], domain="messages")
    found = loaded if isinstance(loaded, Translations) else Translations()
    if locale in LOCALES:
        found.add_fallback(table_translations(locale))
    return found


def game_label(locale: str, label: str | None) -> str:
    """A game's label as a table sends it (the registry's English: "Hex referee") in
    ``locale``.

    >>> game_label("fr", "Hex referee"), game_label("fr", "A game from elsewhere")
    ('Arbitre hex', 'A game from elsewhere')
    """
    return translations(locale).gettext(label) if label else ""


def _moment(stamp: float | None) -> datetime | None:
    if stamp is None:
        return None
    try:  # a time no date has (a database from before the contract bounded times)
        return datetime.fromtimestamp(stamp)
    except (OverflowError, OSError, ValueError):
        return None


def _when(locale: str, stamp: float | None) -> str:
    moment = _moment(stamp)
    return "-" if moment is None else format_datetime(moment, "short", locale=locale)


def to_the_second(locale: str, stamp: float | None) -> str:
    """A time as ``when`` writes it, to the second (a table's log lines: a burst of
    faults is read second by second): ``locale``'s short date and its time with seconds,
    joined as ``locale`` joins them.

    >>> stamp = datetime(2023, 11, 14, 22, 13, 20).timestamp()
    >>> to_the_second("fr", stamp), to_the_second("en", stamp)
    ('14/11/2023 22:13:20', '11/14/23, 10:13:20\\u202fPM')
    """
    moment = _moment(stamp)
    if moment is None:
        return "-"
    joined = str(Locale.parse(locale).datetime_formats["short"]).replace("'", "")
    time_of_day = format_time(moment, "medium", locale=locale)
    return joined.replace("{0}", time_of_day).replace(
        "{1}", format_date(moment, "short", locale=locale)
    )


#: A number of days in an idle time; French writes "3 j".
DAYS = N_("{days} d")


def idle_text(seconds: float, days: str = DAYS) -> str:
    """An idle time: ``7 min``, ``2 h 05``, ``3 d`` (cafe.js writes it alike); ``days``
    is how the page's language writes a number of days (French ``{days} j``).

    >>> idle_text(420), idle_text(7500), idle_text(3 * 86400 + 5)
    ('7 min', '2 h 05', '3 d')
    >>> idle_text(3 * 86400, "{days} j")
    '3 j'
    """
    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return f"{minutes} min"
    if minutes < 24 * 60:
        return f"{minutes // 60} h {minutes % 60:02d}"
    return days.format(days=minutes // (24 * 60))


def _minutes(locale: str, since: float | None, now: float | None = None) -> str:
    if since is None:
        return "-"
    return idle_text((now or time.time()) - since, days_unit(locale))


def days_unit(locale: str) -> str:
    """How ``locale`` writes a number of days in an idle time (``{days}`` for the number)."""
    return translations(locale).gettext(DAYS)


@functools.cache
def environment(locale: str) -> Environment:
    """The templates in ``locale``: ``_()``/``ngettext`` from its catalogue, and filters
    that write dates and numbers the way that language does."""
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the package's own files: no stat of each per card rendered
    )
    env.install_gettext_translations(translations(locale), newstyle=True)  # type: ignore[attr-defined]
    env.filters["when"] = functools.partial(_when, locale)
    env.filters["to_the_second"] = functools.partial(to_the_second, locale)
    env.filters["minutes"] = functools.partial(_minutes, locale)
    env.globals["days_unit"] = days_unit(locale)
    env.filters["number"] = lambda v, digits=1: (
        "-" if v is None else format_decimal(round(v, digits), locale=locale)
    )
    env.filters["percent"] = lambda v: format_percent(v, locale=locale)
    env.filters["game"] = functools.partial(game_label, locale)
    env.globals["locale"] = locale
    return env
