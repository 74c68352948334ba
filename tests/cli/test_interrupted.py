"""Ctrl-C in a command: one line saying it stopped, exit 130 (the shell's 128 + SIGINT),
no traceback, and no file cut short (docs/cards.md: a sheet replaces its PDF once
whole; an export takes back what it made). Before, the command ended without a word."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from companion.cli import main


def test_ctrl_c_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("companion.cli.score.run", interrupted)
    assert main(["score", "-"]) == 130
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "companion score: stopped (Ctrl-C)\n")


def test_a_sheet_stopped_half_way_leaves_no_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cards.md: "an existing PDF of that name is replaced once the new sheet is
    whole"; a sheet interrupted before then writes nothing, not a PDF cut short."""
    from companion.cli import cards

    def stop(done: int, total: int) -> None:
        if done >= total // 2:
            raise KeyboardInterrupt

    class Stopping:
        def __init__(self, label: str) -> None:
            pass

        __call__ = staticmethod(stop)

    monkeypatch.setattr(cards, "Progress", Stopping)
    out = tmp_path / "deck.pdf"
    assert main(["cards", "sheet", "hex", "--out", str(out)]) == 130
    assert capsys.readouterr().err.endswith("companion cards: stopped (Ctrl-C)\n")
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_while_the_command_loads_is_the_same_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion ui-demo`` spends its first second importing its modules: Ctrl-C then
    was a KeyboardInterrupt traceback from inside an import."""
    import companion.cli

    def loading(command: str | None) -> argparse.ArgumentParser:
        raise KeyboardInterrupt

    monkeypatch.setattr(companion.cli, "build_parser", loading)
    assert main(["ui-demo"]) == 130
    assert capsys.readouterr().err == "companion ui-demo: stopped (Ctrl-C)\n"
