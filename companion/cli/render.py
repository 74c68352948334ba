"""Score objects (``companion score --json``) as text for people.

>>> print(render_report({"game": "trump", "players": ["Ana", "Ben"],
...     "rounds": [{"points": [3, 0]}], "totals": [3, 0], "complete": False,
...     "winners": [], "flags": []}))
Fibonacci's Trump: Ana, Ben
round  Ana  Ben
1        3    0
total    3    0
game not finished
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.errors import UnknownGameError
from companion.games.registry import get_game

#: Per-round extras shown after the points, with their column label.
EXTRAS = {"spicy": "spicy", "tricks": "tricks", "symbols": "symbols"}


def title(game: str) -> str:
    """The game's title (the registry's), or its name for a game no engine knows."""
    try:
        return get_game(game).title
    except UnknownGameError:
        return game


def render_report(report: dict[str, Any]) -> str:
    if report["game"] == "hex":
        return render_hex(report)
    if report["game"] == "hex-referee":
        return render_hex_referee(report)
    return render_card_game(report)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(row[0]).ljust(widths[0])]
        cells += [str(cell).rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def render_card_game(report: dict[str, Any]) -> str:
    players: list[str] = report["players"]
    lines = [f"{title(report['game'])}: {', '.join(players)}"]
    rows: list[list[str]] = []
    for number, rnd in enumerate(report["rounds"], start=1):
        rows.append([str(number), *(str(p) for p in rnd["points"])])
        details = [
            f"{label} " + "/".join(str(v) for v in rnd[key])
            for key, label in EXTRAS.items()
            if key in rnd
        ]
        if details:
            rows[-1].append("  (" + "; ".join(details) + ")")
    width = len(players) + 1
    table = _table(["round", *players], [row[:width] for row in rows])
    # Per-round details follow their row, outside the aligned columns.
    body = [table[0]]
    for line, row in zip(table[1:], rows, strict=True):
        body.append(line + (row[width] if len(row) > width else ""))
    lines += body
    lines.append(_table(["round", *players], [["total", *map(str, report["totals"])]])[1])
    if report["complete"]:
        names = [players[seat] for seat in report["winners"]]
        verb = "wins" if len(names) == 1 else "share the win"
        lines.append(f"{' and '.join(names)} {verb}")
    else:
        lines.append("game not finished")
    for flag in report["flags"]:
        trick = f", trick {flag['trick']}" if flag.get("trick") else ""
        who = players[flag["seat"]] if 0 <= flag["seat"] < len(players) else f"seat {flag['seat']}"
        lines.append(
            f"flag: round {flag['round']}{trick}: {who}: {flag['message']} ({flag['rule']})"
        )
    return "\n".join(lines)


def render_hex(report: dict[str, Any]) -> str:
    lines = [title("hex")]
    for number, turn in enumerate(report["turns"], start=1):
        moves = " ".join(turn["moves"]) or "(no move)"
        lines.append(f"{number:>3}  {turn['player']:<5}  {turn['allowed']} allowed: {moves}")
    lines.append("")
    lines += board_diagram(report["board"])
    lines.append("")
    winner = report["winner"]
    lines.append(f"{winner} wins" if winner else "game not finished")
    return "\n".join(lines)


def render_hex_referee(report: dict[str, Any]) -> str:
    """The referee's count turn by turn (no board: the referee never saw it).

    >>> print(render_hex_referee({"game": "hex-referee", "players": ["Ana", "Ben"],
    ...     "turns": [{"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": None},
    ...               {"player": "white", "allowed": 1, "moves": 0, "strikes": 1, "card": None}],
    ...     "winner": "white"}))
    Fibonacci hex (referee): Ana (black), Ben (white)
      1  black  1 allowed: 1 move
      2  white  1 allowed (1 strike): 0 moves
    <BLANKLINE>
    Ben (white) wins
    """
    players = report.get("players") or ["Black", "White"]
    sides = {
        side: name if name.lower() == side else f"{name} ({side})"
        for side, name in zip(("black", "white"), players, strict=True)
    }
    lines = [f"{title('hex-referee')}: {sides['black']}, {sides['white']}"]
    for number, turn in enumerate(report["turns"], start=1):
        if turn.get("card") is not None:
            allowed = f"M{turn['card']}"
        elif turn.get("strikes"):
            plural = "" if turn["strikes"] == 1 else "s"
            allowed = f"{turn['allowed']} allowed ({turn['strikes']} strike{plural})"
        else:
            allowed = f"{turn['allowed']} allowed"
        moves = f"{turn['moves']} move{'' if turn['moves'] == 1 else 's'}"
        lines.append(f"{number:>3}  {turn['player']:<5}  {allowed}: {moves}")
    lines.append("")
    winner = report["winner"]
    lines.append(f"{sides[winner]} wins" if winner in sides else "game not finished")
    return "\n".join(lines)


def board_diagram(board: str) -> list[str]:
    """The H1 diagram: rows a-k, indented so the hexagon shows."""
    rows = board.split("/")
    longest = max(len(row) for row in rows)
    return [
        f"{chr(ord('a') + i)} {' ' * (longest - len(row))}{' '.join(row)}"
        for i, row in enumerate(rows)
    ]
