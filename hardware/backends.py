"""Choosing a backend by name: ``[display] kind = "luma"`` -> ``open_luma(settings)``.

Each port lists its backends as ``"module:function"``; the module is imported
only when its backend is chosen, so a vendor library (luma.oled, gpiozero,
pygame) is needed only by the machine that uses it.

    >>> open_backend("display", {"fake": "hardware.display_fake:open_fake"}, "fake", {}).size
    (128, 64)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from hardware.errors import ConfigurationError
from hardware.settings import Settings


def open_backend(
    section: str, backends: Mapping[str, str], kind: str, settings: Mapping[str, Any]
) -> Any:
    """Open backend ``kind`` of ``section`` with its settings, checked by name.

    The settings know which backend reads them (``Settings.backend``), so a backend
    shared by several kinds can tell them apart.
    """
    if kind not in backends:
        raise ConfigurationError(
            f"{section}.kind = {kind!r}: unknown {section} (known: {', '.join(backends)})"
        )
    module, function = backends[kind].split(":")
    opener = getattr(importlib.import_module(module), function)
    return opener(Settings(section, settings, backend=kind))
