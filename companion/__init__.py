"""Table Companion: the daemon, its rules engines, table tracking, screens and command line."""

__version__ = "0.1.0"
