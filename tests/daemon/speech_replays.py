"""Games replayed through the daemon's loop with speech on, the files speaker writing
each announcement's text (issue 25 §4): what the table hears, in order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from daemon_harness import (
    ManualClock,
    Step,
    fibonachos_steps,
    make_daemon,
    part_of,
    run_until_end,
)

from companion.daemon.parts import Part, TableFacade
from companion.daemon.speech import Speech, speech_part
from companion.flows.commands import EndTurn, FlowCommand, Move, Strikes
from companion.table.cards import TableCard
from companion.table.tracker import CardPlaced, CardRemoved
from companion.ui.commands import Flow
from companion.views.i18n import speaking
from companion.views.spoken import Level
from hardware.speaker import open_speaker


def trump_steps(record: dict[str, Any], rounds: int = 1) -> list[Step]:
    """The indicators, each play, then each trick cleared, for ``rounds`` rounds."""
    steps: list[Step] = []
    for played in record["rounds"][:rounds]:
        seen: Counter[str] = Counter()

        def card(face: str, zone: str, seen: Counter[str] = seen) -> TableCard:
            seen[face] += 1
            return TableCard(f"trump/1/{face}#{seen[face]}", "trump", face, zone)

        indicators = [card(played["trump"], "trump-indicator")]
        indicators.append(card(played["symbol"], "symbol-indicator"))
        steps += [[CardPlaced(c)] for c in indicators]
        for trick in played["tricks"]:
            on_table = [card(face, "play") for face in trick]
            steps += [[CardPlaced(c)] for c in on_table]
            steps.append([CardRemoved(c) for c in on_table])
        steps.append([CardRemoved(c) for c in indicators])
    return steps


def with_refusal(steps: list[Step]) -> list[Step]:
    """A nacho card put on the spicy spot before the second trick, then taken back."""
    wrong = TableCard("fibonachos/1/G3#9", "fibonachos", "G3", "spicy")
    at = next(i for i, step in enumerate(steps) if isinstance(step[0], CardRemoved)) + 1
    return [*steps[:at], [CardPlaced(wrong)], [CardRemoved(wrong)], *steps[at:]]


def heard(folder: Path) -> list[str]:
    """The announcements written, in order: ``kind: text``."""
    lines = []
    for path in sorted(folder.glob("*.txt")):
        kind = path.stem.split("-", 1)[1]
        language, _, text = path.read_text(encoding="utf-8").rstrip("\n").partition(": ")
        lines.append(f"{language} {kind}: {text}")
    return lines


def _voice(tmp: Path, level: Level) -> Callable[[TableFacade], list[Part]]:
    """The daemon's one part: speech, the files speaker writing the texts into ``said``."""
    made = speech_part(
        open_speaker("files", dir=str(tmp / "said"), audio=False), level, settle=True
    )
    return lambda table: [made(table)]


def replay_cards(
    tmp: Path, game: str, steps: list[Step], options: dict[str, Any], *, players: int, level: Level
) -> list[str]:
    """A card game's steps through the loop with the files speaker; what was said."""
    clock = ManualClock()
    daemon = make_daemon(tmp / "journal.db", steps, clock=clock, parts=_voice(tmp, level))
    daemon.start_game(game, players, [], options)
    speech = part_of(daemon, Speech)
    speech.start()
    try:
        run_until_end(daemon, clock)
    finally:
        speech.close()
    return heard(tmp / "said")


def replay_hex(tmp: Path, level: Level) -> list[str]:
    """A hex referee game by its buttons: moves, strikes, a refused count, turns ended,
    a move refused."""
    clock = ManualClock()
    daemon = make_daemon(tmp / "journal.db", [], clock=clock, parts=_voice(tmp, level))
    daemon.start_game("hex", ["Black", "White"], [], {})
    speech = part_of(daemon, Speech)
    script: list[FlowCommand] = [
        Move(),  # Black's turn 1 allows one move: the turn ends with it
        Move(),
        EndTurn(),  # White: two allowed, one made
        Strikes(1),
        Move(),
        Move(),  # Black: three less one strike piece, both made
        Strikes(9),  # White's turn: refused, no centre has nine neighbours
        EndTurn(),
        Move(),
        EndTurn(),
        Strikes(6),  # White's centre surrounded: no move this turn
        Move(),  # refused: a move made with none allowed
    ]
    speech.start()
    try:
        daemon.start()
        for command in script:
            daemon.runner.carry_out(Flow(command), clock())
            daemon.step()
            clock.advance(0.2)
    finally:
        speech.close()
    return heard(tmp / "said")


def replayed(tmp: Path, which: str, language: str) -> list[str]:
    from daemon_harness import load_record

    with speaking(language):
        if which == "fibonachos":
            steps = with_refusal(fibonachos_steps(load_record("fibonachos", "full-3p.json")))
            return replay_cards(tmp, "fibonachos", steps, {"dealer": 2}, players=3, level=Level.KEY)
        if which == "trump":
            record = load_record("trump", "short.json")
            leader = record["rounds"][0]["leader"]
            return replay_cards(
                tmp, "trump", trump_steps(record), {"leader": leader}, players=4, level=Level.ALL
            )
        return replay_hex(tmp, Level.KEY)
