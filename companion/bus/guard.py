"""Every MQTT callback, on both sides, guarded (issue 22): paho's network thread runs
the callbacks and dies with the first exception one lets out (a deep-nested message's
``RecursionError``, a bug), and with it every message after. A guarded callback logs
the exception with its traceback and returns; the thread goes on.

    client.on_message = guarded(log, "a message", self._message)
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

#: The exceptions that still end the thread: asked for (Ctrl-C, exit), not bugs.
LET_THROUGH = (KeyboardInterrupt, SystemExit)


def guarded(log: logging.Logger, what: str, callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback`` that logs and swallows any exception (the network thread lives on)."""

    @functools.wraps(callback)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return callback(*args, **kwargs)
        except LET_THROUGH:
            raise
        except BaseException:
            log.exception("cafe: %s failed; the connection goes on", what)
            return None

    return call
