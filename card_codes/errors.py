"""The exception tree of ``card_codes``."""

from __future__ import annotations


class CardCodeError(ValueError):
    """Root of every error raised by ``card_codes``."""
