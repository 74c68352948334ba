"""A mark for the player-facing words the rules engines define: ``N_``.

The engines import only the standard library, so they cannot translate; but some of
their words reach the OLED (a game's ``label``, the question of a seat option). They
are written ``N_("Who deals?")``: the catalogue extraction (Babel, docs/ui.md) finds
them, and the views layer translates them where it shows them
(:mod:`companion.views.i18n`).

    >>> N_("Who deals?")
    'Who deals?'
"""

from __future__ import annotations

#: The languages a table can speak (catalogues in companion/views/locale), the first
#: the default: here, low in the layers, so the configuration can check a setting.
LANGUAGES = ("en", "fr")


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """``message`` unchanged: marked for the catalogue, translated where it is shown."""
    return message
