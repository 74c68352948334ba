"""English and French: the catalogues, and the templates that write dates and numbers
the reader's way.

The messages are in ``locale/`` (Babel's gettext catalogues: ``messages.pot``
extracted from the templates and this package, ``fr/LC_MESSAGES/messages.po``
translated and compiled to ``.mo``, shipped with the package). The reader's locale
(:mod:`.negotiation`: ``en_GB``, ``fr_CA``) chooses the catalogue by its language, and
the templates' filters write dates, times and numbers as its region does
(:func:`draw`).
"""

from __future__ import annotations

import functools
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent
from babel.support import Translations
from jinja2 import Environment, FileSystemLoader, pass_context, select_autoescape
from jinja2.runtime import Context

from companion.games.i18n import N_
from companion.views.i18n import translations as table_translations
from companion.web.negotiation import LANGUAGES, html_lang, language_of

#: The catalogues' languages (:data:`.negotiation.LANGUAGES`).
LOCALES = LANGUAGES
HERE = Path(__file__).resolve().parent
LOCALE_DIR = HERE / "locale"
TEMPLATES = HERE / "templates"


def translations(locale: str) -> Translations:
    """The web's catalogue of ``locale``'s language (``en_GB`` reads ``en``'s), falling
    back on the OLED's (the names of the games, "Hex referee": one translation for the
    table and its pages)."""
    return _catalogue(language_of(locale))


@functools.cache
def _catalogue(language: str) -> Translations:
    loaded = Translations.load(str(LOCALE_DIR), [language], domain="messages")
    found = loaded if isinstance(loaded, Translations) else Translations()
    found.add_fallback(table_translations(language))
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


def when(locale: str, stamp: float | None) -> str:
    """A time as ``locale`` writes it, short: its region's order of day, month and year
    (:func:`written`).

    >>> stamp = datetime(2026, 11, 28, 15, 4).timestamp()
    >>> [when(locale, stamp) for locale in ("en_GB", "en", "fr_CA", "fr_CH")]
    ['28/11/2026, 15:04', '11/28/26, 3:04\u202fPM', '2026-11-28 15\xa0h\xa004', '28.11.26 15:04']
    """
    return written(locale, stamp, "short")


def to_the_second(locale: str, stamp: float | None) -> str:
    """A time as ``when`` writes it, to the second (a table's log lines: a burst of
    faults is read second by second): ``locale``'s short date and its time with seconds.

    >>> stamp = datetime(2023, 11, 14, 22, 13, 20).timestamp()
    >>> to_the_second("fr", stamp), to_the_second("en", stamp)
    ('14/11/2023 22:13:20', '11/14/23, 10:13:20\u202fPM')
    """
    return written(locale, stamp, "medium")


def written(locale: str, stamp: float | None, time_format: str) -> str:
    """``locale``'s short date and its time of ``time_format``, joined as ``locale``
    joins them (Babel's ``format_datetime``), each kept whole on a line: a narrow
    column breaks "2026-03-17 11 h 00" after the date, never inside "11 h 00"."""
    moment = _moment(stamp)
    if moment is None:
        return "-"

    def whole(part: str) -> str:
        return part.replace(" ", "\xa0")

    joined = str(Locale.parse(locale).datetime_formats["short"]).replace("'", "")
    time_of_day = whole(format_time(moment, time_format, locale=locale))
    return joined.replace("{0}", time_of_day).replace(
        "{1}", whole(format_date(moment, "short", locale=locale))
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


def number(locale: str, value: float | None, digits: int = 1) -> str:
    """A number as ``locale`` writes it, rounded to ``digits`` decimals.

    >>> [number(locale, -1034.25) for locale in ("en_GB", "fr", "fr_CA", "fr_CH")]
    ['-1,034.2', '-1\u202f034,2', '-1\xa0034,2', "-1'034,2"]
    """
    return "-" if value is None else format_decimal(round(value, digits), locale=locale)


def _reader(write: Any) -> Any:
    """A template's filter writing in the reader's locale (the page's ``locale``):
    ``write(locale, value, ...)``. A page drawn without one fails (KeyError) rather
    than write in another region: a macro is imported ``with context``."""

    @pass_context
    def filtered(context: Context, *args: Any) -> str:
        return str(write(context["locale"], *args))

    return filtered


def environment(locale: str) -> Environment:
    """The templates in ``locale``'s language (one environment, its templates compiled
    once, for every region of it)."""
    return _environment(language_of(locale))


@functools.cache
def _environment(language: str) -> Environment:
    """The templates in ``language``: ``_()``/``ngettext`` from its catalogue, and
    filters that write dates and numbers as the page's ``locale`` (:func:`draw`) does."""
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the package's own files: no stat of each per card rendered
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    env.filters["when"] = _reader(when)
    env.filters["to_the_second"] = _reader(to_the_second)
    env.filters["number"] = _reader(number)
    env.filters["percent"] = _reader(lambda locale, v: format_percent(v, locale=locale))
    env.filters["minutes"] = functools.partial(_minutes, language)
    env.globals["days_unit"] = days_unit(language)
    env.filters["game"] = functools.partial(game_label, language)
    env.globals["language"] = language
    return env


def draw(locale: str, template: str, /, **context: Any) -> str:
    """``template`` drawn for a reader of ``locale``: in its language, its dates and
    numbers as its region writes them, ``<html lang>`` its tag (``en-GB``)."""
    drawn = environment(locale).get_template(template)
    return drawn.render({**context, "locale": locale, "html_lang": html_lang(locale)})
