"""Every setting checked for its shape (issue 22, item 7): a value of the wrong shape in
any key of any section (the table's ``config.toml``, the cafe server's ``cafe.toml``,
and each hardware backend's keys) is one line naming the file, the key, what was
given and what is expected, and ``companion`` exits 2; never a traceback (``[display]
height = [0.5, 0.5]`` was a ``TypeError`` in the daemon's start)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from pathlib import Path
from typing import Any

import pytest

from companion.cafe.errors import SettingsError
from companion.cafe.settings import CafeSettings, parse_settings
from companion.cli import main
from companion.config import HARDWARE, Config, parse_config
from companion.errors import ConfigError
from companion.settings_decoder import sections
from hardware import buttons, camera, display
from hardware.backends import open_backend
from hardware.errors import ConfigurationError, HardwareError
from hardware.settings_decoder import shown

#: Shapes no setting has: a list of numbers, a table, a number TOML writes as nan.
WRONG: list[Any] = [[0.5, 0.5], {"a": 1}, math.nan]


def _wrong_for(spec: Field[Any]) -> list[Any]:
    """The wrong shapes for one field, and a scalar of another kind than its default's."""
    default = spec.default if spec.default_factory is MISSING else spec.default_factory()
    other: Any = "text" if isinstance(default, bool | int | float | list | dict) else 3
    if isinstance(default, dict):
        return [[0.5, 0.5], {"a": 1}, other]
    if isinstance(default, list):
        return [[0.5, 0.5], {"a": 1}, other]
    return [*WRONG, other]


#: Each settings file: how it is read, what it raises, its plain sections.
FILES: dict[str, tuple[Callable[[Any, str], Any], type[Exception], dict[str, type[Any]]]] = {
    "config.toml": (
        parse_config,
        ConfigError,
        {name: cls for name, cls in sections(Config).items() if name not in HARDWARE},
    ),
    "cafe.toml": (parse_settings, SettingsError, sections(CafeSettings)),
}


def _cases() -> list[tuple[str, str, str, Any]]:
    return [
        (file, name, spec.name, value)
        for file, (_, _, sections) in FILES.items()
        for name, cls in sections.items()
        for spec in fields(cls)
        for value in _wrong_for(spec)
    ]


def _one_line_naming(message: str, source: str, key: str, given: Any) -> None:
    assert "\n" not in message
    assert message.startswith(f"{source}: "), message
    assert key in message and "must be" in message, message
    assert f"not {shown(given)}" in message, message


@pytest.mark.parametrize(("file", "section", "key", "given"), _cases())
def test_every_setting_of_the_wrong_shape_is_named(
    file: str, section: str, key: str, given: Any
) -> None:
    """Issue 22: each key of each plain section of the table's ``config.toml`` and of
    the cafe server's ``cafe.toml``."""
    parse, error, _ = FILES[file]
    source = f"/etc/companion/{file}"
    with pytest.raises(error) as caught:
        parse({section: {key: given}}, source)
    _one_line_naming(str(caught.value), source, f"{section}.{key}", given)


@pytest.mark.parametrize(
    ("data", "key", "given"),
    [
        ({"phone": {"port": 0}}, "phone.port", 0),
        ({"phone": {"port": 70000}}, "phone.port", 70000),
        ({"kiosk": {"idle_minutes": math.inf}}, "kiosk.idle_minutes", math.inf),
        ({"table": {"full_decode_seconds": -1}}, "table.full_decode_seconds", -1),
    ],
)
def test_numbers_out_of_their_range_are_named(data: dict[str, Any], key: str, given: Any) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(data, "config.toml")
    assert str(caught.value).startswith(f"config.toml: {key} must be")
    assert str(given) in str(caught.value)


def test_the_cafe_servers_ports_are_ports() -> None:
    """Issue 22: ``[broker] port = 99999`` reached paho (an error at each connect)."""
    for section in ("broker", "web"):
        with pytest.raises(SettingsError, match=rf"cafe.toml: {section}.port must be at most"):
            parse_settings({section: {"port": 99999}}, "cafe.toml")


BACKENDS = {"camera": camera.BACKENDS, "display": display.BACKENDS, "buttons": buttons.BACKENDS}
#: What a backend needs before it reads its other keys.
NEEDS: dict[tuple[str, str], dict[str, Any]] = {("camera", "replay"): {"path": "frames/"}}


def _keys(section: str, kind: str) -> list[str]:
    """The keys backend ``kind`` reads: what its refusal of an unknown key lists."""
    with pytest.raises(ConfigurationError) as caught:
        open_backend(section, BACKENDS[section], kind, {**NEEDS.get((section, kind), {}), "zz": 1})
    found = re.search(r"\(known: ([^)]*)\)", str(caught.value))
    assert found is not None, caught.value
    return found.group(1).split(", ")


def _backend_cases() -> list[tuple[str, str, str, Any]]:
    return [
        (section, kind, key, value)
        for section, backends in BACKENDS.items()
        for kind in backends
        for key in _keys(section, kind)
        for value in WRONG
    ]


@pytest.mark.parametrize(("section", "kind", "key", "given"), _backend_cases())
def test_every_backend_setting_of_the_wrong_shape_is_refused_by_name(
    section: str, kind: str, key: str, given: Any
) -> None:
    """Issue 22: each key each hardware backend reads (the list its own refusal of an
    unknown key gives), opened with a shape no setting has: a :class:`HardwareError`
    naming ``section.key`` (or the backend's missing library), never another error."""
    settings = {**NEEDS.get((section, kind), {}), key: given}
    with pytest.raises(HardwareError) as caught:
        open_backend(section, BACKENDS[section], kind, settings)
    if isinstance(caught.value, ConfigurationError):
        assert f"{section}.{key}" in str(caught.value), caught.value


def test_a_wrong_display_height_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22, as reported: ``companion run`` with ``[display] height = [0.5, 0.5]``."""
    config = tmp_path / "config.toml"
    config.write_text('[display]\nkind = "fake"\nheight = [0.5, 0.5]\n', encoding="utf-8")
    journal = str(tmp_path / "journal.db")
    args = ["run", "--config", str(config), "--camera", "fake", "--buttons", "fake"]
    assert main([*args, "--journal", journal]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (
        f"companion run: {config}: display.height must be a whole number, not [0.5, 0.5]"
    ), err


def test_a_wrong_cafe_setting_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22: the cafe server's settings, through ``companion cafe``."""
    settings = tmp_path / "cafe.toml"
    settings.write_text("[web]\nport = [8080]\n", encoding="utf-8")
    assert main(["cafe", "set-password", "--config", str(settings), "--stdin"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"companion cafe: {settings}: web.port must be a whole number, not [8080]"], err


def test_the_cafe_commands_options_are_checked_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22: ``--listen HOST:99999`` went on to uvicorn; ``--config`` before a chore's
    name was dropped for the default file's settings."""
    settings = tmp_path / "cafe.toml"
    settings.write_text("[broker]\nport = 1e3\n", encoding="utf-8")
    assert main(["cafe", "--config", str(settings), "set-password", "--stdin"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"companion cafe: {settings}: broker.port must be a whole number, not 1000.0"
    )
    for listen in ("0.0.0.0:99999", "0.0.0.0:²"):
        assert main(["cafe", "--listen", listen, "set-password", "--stdin"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith("expected HOST:PORT, a port 1-65535") and "\n" not in err
