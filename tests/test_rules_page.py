"""The rule ids the companion names are on a page of its own (issue 26: "rule ids in CLI
messages (F1, R2, T3) point to a rules page that is not in the repository").

docs/rules.md defines every id a rules engine can name in a refusal or an invalid
record's message, and the pages that send readers to the rules link to it, never to a
file outside the repository.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
RULE_ID = re.compile(r"[FTRH][1-9]")
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


def defined() -> set[str]:
    """The ids docs/rules.md defines: each a list item ``- F4 Trick winner. ...``."""
    text = RULES.read_text(encoding="utf-8")
    return set(re.findall(r"^- ([FTRH][1-9]) ", text, re.M))


def named_by_the_engines() -> set[str]:
    """Every rule id written in the rules engines (``rule="F5"``, ``("R4", ...)``)."""
    found: set[str] = set()
    for path in (ROOT / "companion" / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and RULE_ID.fullmatch(value):
                found.add(value)
    return found


def test_every_rule_id_the_engines_name_is_on_the_rules_page() -> None:
    """Issue 26: each id a message can carry is explained in the repository."""
    named = named_by_the_engines()
    assert len(named) > 20  # the engines do name their rules
    assert named <= defined(), sorted(named - defined())


def test_the_rules_page_defines_each_games_rules_in_order() -> None:
    """F1-F8, T1-T7, R1-R9 and H1-H5, each once."""
    text = RULES.read_text(encoding="utf-8")
    ids = re.findall(r"^- ([FTRH][1-9]) ", text, re.M)
    expected = [f"F{n}" for n in range(1, 9)] + [f"T{n}" for n in range(1, 8)]
    expected += [f"R{n}" for n in range(1, 10)] + [f"H{n}" for n in range(1, 6)]
    assert ids == expected


def test_a_refusal_on_the_command_line_names_a_rule_of_the_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The id an invalid record's one line ends with is defined on the page, and the
    page quotes that line as it is printed."""
    record = ROOT / "examples" / "fibonachos" / "invalid-card-twice.json"
    assert main(["score", str(record)]) == 2
    line = capsys.readouterr().err.strip()
    rule = re.search(r"\(([FTRH][1-9])\)$", line)
    assert rule is not None and rule[1] in defined()
    assert line in RULES.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "docs").glob("*.md")))
def test_no_page_links_outside_the_repository(page: str) -> None:
    """hex-referee.md linked RULES.md at ../../shared/rules, outside the repository: a
    link must open a file of the repository (or a web address)."""
    folder = ROOT / "docs"
    for target in LINK.findall((folder / page).read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        path = (folder / target).resolve()
        assert path.is_relative_to(ROOT), f"{page} links {target}, outside the repository"
        assert path.exists(), f"{page} links {target}, which does not exist"
