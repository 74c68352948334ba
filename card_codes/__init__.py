"""The cards' QR payload, the deck catalogues, printable sheets, and decoding codes from images.

Imports nothing of ``companion`` nor of ``hardware``.
"""
