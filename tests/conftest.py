"""Fixtures every test gets (issue 20: tests independent of their order).

The code lives in ``isolation.py`` (mypy checks the tests as one namespace, so only one
``conftest`` may hold code: this one is left out of mypy, as tests/cafe's is).
"""

from isolation import language_restored, root_logger_restored

__all__ = ["language_restored", "root_logger_restored"]
