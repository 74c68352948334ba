"""One flow command of each kind, for tests that hand every kind to a flow."""

from __future__ import annotations

from companion.flows import commands

#: One command of each kind, for the flows to act on or refuse.
SAMPLES: dict[type[commands.FlowCommand], commands.FlowCommand] = {
    commands.Undo: commands.Undo(),
    commands.Replace: commands.Replace("nope", "R1"),
    commands.Missing: commands.Missing(0, "R1"),
    commands.Leader: commands.Leader(0),
    commands.Page: commands.Page(1),
    commands.Wild: commands.Wild("nope", 5),
    commands.CloseSet: commands.CloseSet(0, "5"),
    commands.TakeBack: commands.TakeBack(0, "5"),
    commands.CountHands: commands.CountHands(),
    commands.EndRound: commands.EndRound(None),
    commands.Move: commands.Move(),
    commands.EndTurn: commands.EndTurn(),
    commands.Strikes: commands.Strikes(1),
    commands.Winner: commands.Winner("black"),
}
