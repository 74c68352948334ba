"""CSV that a spreadsheet opens as data, never as formulas (issue 22, OWASP's "CSV
injection"): a player's name is typed by anyone with the phone link, and a cell that
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to
Excel, LibreOffice and Google Sheets (``=HYPERLINK(...)`` sends whoever clicks it
elsewhere). Such a text cell gets a leading ``'``, as OWASP says; numbers are written
as they are (a negative score stays a number).

    >>> csv_text(["player", "points"], [["=HYPERLINK(\\"x\\")", -3], ["Ana", 5]])
    'player,points\\r\\n"\\'=HYPERLINK(""x"")",-3\\r\\nAna,5\\r\\n'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import IO

#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """``value`` as a cell: a text that a spreadsheet would take for a formula is
    quoted with a leading ``'``; anything else is left as it is.

    >>> safe_cell("@SUM(A1)"), safe_cell("-1+2"), safe_cell(-1), safe_cell("Ana-Lou")
    ("'@SUM(A1)", "'-1+2", -1, 'Ana-Lou')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_rows(out: IO[str], header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """The header, then every row, each cell through :func:`safe_cell`."""
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """The CSV text of ``header`` and ``rows`` (see :func:`write_rows`)."""
    out = io.StringIO()
    write_rows(out, header, rows)
    return out.getvalue()
