"""The exception tree of ``card_codes``."""

from __future__ import annotations


class CardCodeError(ValueError):
    """Root of every error raised by ``card_codes``."""


class UnknownCardError(CardCodeError):
    """A deck or card that no catalogue holds (docs/notation.md)."""


class SigningError(CardCodeError):
    """A staff card or staff key problem: no key, a malformed key file (docs/payload.md)."""


class BackendUnavailableError(CardCodeError, ImportError):
    """A decoder backend whose library is not installed; the message says how to get it."""


class ImageShapeError(CardCodeError):
    """An image the decoders cannot read by its shape: more pixels a side than they take."""
