"""The settings decoder (issue 23, part 6): both settings files decoded into typed
dataclasses by one decoder, with the refusals of issue 22 (item 7) unchanged."""

from __future__ import annotations

from typing import Any, get_args, get_type_hints

import pytest

from companion.cafe.errors import SettingsError
from companion.cafe.settings import CafeSettings, parse_settings
from companion.config import HARDWARE, Config, parse_config
from companion.errors import ConfigError
from companion.games.i18n import LANGUAGES
from companion.settings_decoder import sections


def _hints(cls: type[Any]) -> list[Any]:
    """Every type a settings class's sections declare, with the types inside them."""
    found, todo = [], [hint for section in sections(cls).values() for hint in _fields(section)]
    while todo:
        hint = todo.pop()
        found.append(hint)
        todo.extend(arg for arg in get_args(hint) if not isinstance(arg, str | int | float))
    return found


def _fields(section: type[Any]) -> list[Any]:
    return list(get_type_hints(section, include_extras=True).values())


@pytest.mark.parametrize("cls", [Config, CafeSettings])
def test_the_settings_hold_no_untyped_value(cls: type[Any]) -> None:
    """Issue 23: no ``dict[str, Any]`` inside the settings; a hardware section's keys,
    which its backend checks, are ``object`` (a reader must check before use)."""
    assert Any not in _hints(cls)
    assert len(sections(cls)) == len(get_type_hints(cls)) - 1  # every field but ``source``


def test_the_languages_a_table_may_start_in_are_the_catalogues() -> None:
    """Issue 12: ``[ui] language`` accepts exactly the languages the OLED speaks."""
    hint = get_type_hints(sections(Config)["ui"])["language"]
    assert get_args(hint) == LANGUAGES
    for language in LANGUAGES:
        assert parse_config({"ui": {"language": language}}).ui.language == language


def test_unknown_keys_are_refused_in_both_files_as_before() -> None:
    """Issue 22: a misspelt key is refused, never ignored (msgspec would let it through
    to a dataclass); a hardware section's other keys are its backend's to refuse."""
    with pytest.raises(SettingsError, match=r"^cafe.toml: unknown setting web.prot \(known: "):
        parse_settings({"web": {"prot": 8080}}, "cafe.toml")
    with pytest.raises(SettingsError, match=r"^cafe.toml: unknown section \[webs\]"):
        parse_settings({"webs": {}}, "cafe.toml")
    with pytest.raises(ConfigError, match=r"^config.toml: unknown section \[source\]"):
        parse_config({"source": "elsewhere"}, "config.toml")
    config = parse_config({"display": {"kind": "fake", "hieght": 32}}, "config.toml")
    assert config.display.settings == {"hieght": 32}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"speech": {"say": "loud"}}, "speech.say must be one of all, key, off, not 'loud'"),
        ({"speech": {"say": 2}}, "speech.say must be a string, not 2"),
        ({"table": {"deck_copy": -1}}, "table.deck_copy must be a deck copy, 1 ... "),
        ({"table": {"deck_copy": True}}, "table.deck_copy must be a deck copy, 1 ... "),
        ({"phone": {"port": 2**70}}, f"phone.port must be at most 65535, not {2**70}"),
        ({"log": {"level": 3}}, "log.level must be one of DEBUG, ERROR, INFO, WARNING, not 3"),
        ({"kiosk": []}, "[kiosk] must be a table, not []"),
        ({"display": "oled"}, "[display] must be a table, not 'oled'"),
        ({"table": {"full_decode_seconds": float("nan")}}, "must be a finite number, not nan"),
    ],
)
def test_each_kind_of_rule_says_what_is_expected(data: dict[str, Any], message: str) -> None:
    """Issue 22: a choice, a bound, a described rule, a section that is no table."""
    with pytest.raises(ConfigError) as caught:
        parse_config(data, "config.toml")
    assert str(caught.value).startswith("config.toml: ") and message in str(caught.value)


def test_values_keep_their_types_and_the_log_level_any_case() -> None:
    """What the daemon reads is what the file says, typed: a whole number of minutes
    is a float, the log level is taken in any case (as before)."""
    config = parse_config(
        {"kiosk": {"idle_minutes": 15}, "log": {"level": "debug"}, "camera": {"kind": "fake"}}
    )
    assert config.kiosk.idle_minutes == 15.0 and isinstance(config.kiosk.idle_minutes, float)
    assert config.log.level == "debug" and config.camera.settings == {}
    settings = parse_settings({"cafe": {"name": "chain", "cafes": ["corner"]}}, "cafe.toml")
    assert settings.cafes() == ("chain", "corner") and settings.source == "cafe.toml"
    with pytest.raises(SettingsError, match=r"cafe.toml: cafe.cafes must be a list of strings"):
        parse_settings({"cafe": {"cafes": "corner"}}, "cafe.toml")
    assert set(HARDWARE) < set(sections(Config))
