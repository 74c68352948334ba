"""The cafe's fixtures, defined in cafe_fixtures.py (mypy checks each test folder's
modules as top-level ones, so only one ``conftest`` may hold code: this one is skipped)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bus"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cafe_fixtures import (
    broker,
    client,
    filled,
    journal,
    reading,
    server,
    servers,
    servers_each,
)
from pg_fixtures import database, pg_url, postgres

__all__ = [
    "broker",
    "client",
    "database",
    "filled",
    "journal",
    "pg_url",
    "postgres",
    "reading",
    "server",
    "servers",
    "servers_each",
]
