"""Scores (typed reports, :mod:`companion.games.report`) as text for people.

>>> from companion.games import CardGameReport, TrumpRound
>>> print(render_report(CardGameReport("trump", ("Ana", "Ben"),
...     (TrumpRound((3, 0), symbols=(5, 2)),), complete=False, flags=())))
Fibonacci's Trump: Ana, Ben
round  Ana  Ben
1        3    0  (symbols 5/2)
total    3    0
game not finished
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from companion.games.errors import UnknownGameError
from companion.games.hex.report import REFEREE_GAME, HexReport
from companion.games.registry import get_game
from companion.games.report import NO_END, CardGameReport, GameReport, RoundScore, ended_winners


def title(game: str) -> str:
    """The game's title (the registry's), or its name for a game no engine knows."""
    try:
        return get_game(game).title
    except UnknownGameError:
        return game


def one_line(text: str) -> str:
    """``text`` as one line that a terminal shows as written: each character that is
    not printable (a newline, a carriage return, the escape of a terminal's control
    sequence: a hostile record's names and an error's message can carry them, issue
    13's "never a traceback, one line") written as its Python escape.

    >>> print(one_line("Ana\\r\\x1b[2J"), one_line("Zoé 李"))
    Ana\\r\\x1b[2J Zoé 李
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def json_line(value: object) -> str:
    """``value`` as one line of JSON, its texts as written but each character that is
    not printable as JSON's ``\\u`` escape (:func:`one_line`'s reason; a lone surrogate,
    which a record's ``\\ud800`` makes, cannot be written to a UTF-8 terminal at all).

    >>> print(json_line({"players": ["Zoé", "Ana\\x9b2J", "\\ud800", "\\U0010ffff"]}))
    {"players": ["Zoé", "Ana\\u009b2J", "\\ud800", "\\udbff\\udfff"]}
    """
    return "".join(
        c if c.isprintable() else _escaped(ord(c)) for c in json.dumps(value, ensure_ascii=False)
    )


def _escaped(code: int) -> str:
    if code > 0xFFFF:  # JSON escapes a character beyond the BMP as its UTF-16 pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def render_report(report: GameReport, *, ended: bool = False) -> str:
    """The report as lines for a terminal; the players' names as :func:`one_line`.
    ``ended``: the table ended the game (the menu's End game), the end of a rummy
    match (R9), which its record alone does not tell."""
    report = replace(report, players=tuple(one_line(name) for name in report.players))
    if isinstance(report, HexReport):
        return render_hex_referee(report) if report.game == REFEREE_GAME else render_hex(report)
    return render_card_game(report, ended=ended)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(row[0]).ljust(widths[0])]
        cells += [str(cell).rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def render_card_game(report: CardGameReport[RoundScore], *, ended: bool = False) -> str:
    """A card game's rounds, totals and its last line: who won, or who leads a match
    still open (R9: a rummy match ends when the table ends it, ``ended``).

    >>> match = CardGameReport("rummy21", ("Ana", "Ben"), (RoundScore((-146, 200)),), False, ())
    >>> render_card_game(match).splitlines()[-1]
    'Ben leads; the match ends when the table ends it (R9)'
    >>> render_card_game(match, ended=True).splitlines()[-1]
    'Ben wins; the table ended the match (R9)'
    >>> render_card_game(replace(match, rounds=()), ended=True).splitlines()[-1]
    'the table ended the match before a round was scored (R9)'
    """
    players = report.players
    lines = [f"{title(report.game)}: {', '.join(players)}"]
    rows: list[list[str]] = []
    for number, rnd in enumerate(report.rounds, start=1):
        rows.append([str(number), *(str(p) for p in rnd.points)])
        details = [f"{key} " + "/".join(str(v) for v in values) for key, values in rnd.details()]
        if details:
            rows[-1].append("  (" + "; ".join(details) + ")")
    width = len(players) + 1
    totals = ["total", *map(str, report.totals)]
    # One table, the totals' row in it: every column as wide as its widest number.
    table = _table(["round", *players], [*(row[:width] for row in rows), totals])
    # Per-round details follow their row, outside the aligned columns.
    body = [table[0]]
    for line, row in zip(table[1:-1], rows, strict=True):
        body.append(line + (row[width] if len(row) > width else ""))
    lines += [*body, table[-1]]
    if report.complete or (report.game in NO_END and report.rounds and ended):
        names = [players[seat] for seat in ended_winners(report)]
        verb = "wins" if len(names) == 1 else "share the win"
        why = "" if report.complete else "; the table ended the match (R9)"
        lines.append(f"{' and '.join(names)} {verb}{why}")
    elif report.game in NO_END and ended:
        lines.append("the table ended the match before a round was scored (R9)")
    elif report.game in NO_END and report.rounds:
        names = [players[seat] for seat in ended_winners(report)]
        verb = "leads" if len(names) == 1 else "share the lead"
        lines.append(f"{' and '.join(names)} {verb}; the match ends when the table ends it (R9)")
    else:
        lines.append("game not finished")
    for flag in report.flags:
        trick = f", trick {flag.trick}" if flag.trick else ""
        who = players[flag.seat] if 0 <= flag.seat < len(players) else f"seat {flag.seat + 1}"
        said = one_line(flag.message)
        # The games' flags name their player first ("Ben played R2 but..."): said once.
        who = "" if said.startswith(f"{who} ") else f"{who}: "
        lines.append(f"flag: round {flag.round}{trick}: {who}{said} ({flag.rule})")
    return "\n".join(lines)


def render_hex(report: HexReport) -> str:
    lines = [title(report.game)]
    for number, turn in enumerate(report.turns, start=1):
        if isinstance(turn.moves, int):
            moves = f"{turn.moves} moves" if turn.moves else "(no move)"
        else:
            moves = " ".join(map(str, turn.moves)) or "(no move)"
        lines.append(f"{number:>3}  {turn.player.value:<5}  {turn.allowed} allowed: {moves}")
    lines.append("")
    if report.board is not None:
        lines += board_diagram(report.board.board())
        lines.append("")
    winner = report.winner
    lines.append(f"{winner.value} wins" if winner else "game not finished")
    return "\n".join(lines)


def render_hex_referee(report: HexReport) -> str:
    """The referee's count turn by turn (no board: the referee never saw it).

    >>> from companion.games import HexTurnReport
    >>> from companion.games.hex import Side
    >>> print(render_hex_referee(HexReport.counted(("Ana", "Ben"), (
    ...     HexTurnReport(Side.BLACK, 1, 1, 0, None),
    ...     HexTurnReport(Side.WHITE, 1, 0, 1, None)), Side.WHITE)))
    Fibonacci hex (referee): Ana (black), Ben (white)
      1  black  1 allowed: 1 move
      2  white  1 allowed (1 strike): 0 moves
    <BLANKLINE>
    Ben (white) wins
    """
    players = report.players or ("Black", "White")
    sides = {
        side: name if name.lower() == side else f"{name} ({side})"
        for side, name in zip(("black", "white"), players, strict=True)
    }
    lines = [f"{title(report.game)}: {sides['black']}, {sides['white']}"]
    for number, turn in enumerate(report.turns, start=1):
        if turn.card is not None:
            allowed = f"M{turn.card}"
        elif turn.strikes:
            plural = "" if turn.strikes == 1 else "s"
            allowed = f"{turn.allowed} allowed ({turn.strikes} strike{plural})"
        else:
            allowed = f"{turn.allowed} allowed"
        moves = f"{turn.moves} move{'' if turn.moves == 1 else 's'}"
        lines.append(f"{number:>3}  {turn.player.value:<5}  {allowed}: {moves}")
    lines.append("")
    winner = report.winner
    lines.append(f"{sides[winner.value]} wins" if winner else "game not finished")
    return "\n".join(lines)


def board_diagram(board: str) -> list[str]:
    """The H1 diagram: rows a-k, indented so the hexagon shows."""
    rows = board.split("/")
    longest = max(len(row) for row in rows)
    return [
        f"{chr(ord('a') + i)} {' ' * (longest - len(row))}{' '.join(row)}"
        for i, row in enumerate(rows)
    ]
