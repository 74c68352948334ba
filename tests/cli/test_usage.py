"""A mistaken option is said by the command it was given to, with that command's usage
(``companion --help`` / each command's ``--help``): ``companion score x --jsn`` showed
``usage: companion [-h] [--version] COMMAND ...``, which lists none of score's options."""

from __future__ import annotations

import pytest

from companion.cli import main


@pytest.mark.parametrize(
    ("argv", "usage", "said"),
    [
        (["score", "r.json", "--jsn"], "usage: companion score ", "companion score: error"),
        (["score", "a.json", "b.json"], "usage: companion score ", "arguments: b.json"),
        (["cards", "list", "hex", "--dpi", "600"], "usage: companion cards list ", "--dpi 600"),
        (["cafe", "backup", "--out", "c.db", "--nope"], "usage: companion cafe backup ", "--nope"),
    ],
)
def test_an_unknown_option_is_said_with_its_commands_usage(
    argv: list[str], usage: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and said in err.splitlines()[-1]
    assert "Traceback" not in err
