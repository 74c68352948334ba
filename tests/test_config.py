"""The configuration file: defaults for everything, errors that name the key (issue 6 part 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import (
    Config,
    HardwareSection,
    load_config,
    parse_config,
    with_environment,
)
from companion.errors import ConfigError


def test_no_file_means_every_default(tmp_path: Path) -> None:
    config = load_config(None, environ={"COMPANION_CONFIG": str(tmp_path / "none.toml")})
    assert config.camera == HardwareSection("picamera2")
    assert config.kiosk.idle_minutes == 20.0
    assert config.log.level == "INFO"


def test_a_named_file_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config(tmp_path / "missing.toml", environ={})


def test_hardware_sections_pass_their_settings_to_the_backend(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[display]\nkind = "luma"\ndriver = "sh1106"\ni2c_address = 0x3D\n'
        "[kiosk]\nenabled = true\nidle_minutes = 15\n",
        encoding="utf-8",
    )
    config = load_config(path, environ={})
    assert config.display == HardwareSection("luma", {"driver": "sh1106", "i2c_address": 0x3D})
    assert config.kiosk.enabled is True
    assert config.kiosk.idle_minutes == 15.0
    assert config.source == str(path)


def test_environment_chooses_backends() -> None:
    config = parse_config({"display": {"kind": "luma", "driver": "ssd1306"}})
    chosen = with_environment(config, {"COMPANION_DISPLAY": "gif", "COMPANION_CAMERA": "fake"})
    assert chosen.display == HardwareSection("gif", {"driver": "ssd1306"})
    assert chosen.camera.kind == "fake"
    assert chosen.buttons == config.buttons


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kiosk": {"idle_minute": 3}}, "unknown key kiosk.idle_minute"),
        ({"kiosk": {"idle_minutes": "soon"}}, "kiosk.idle_minutes must be float, not str"),
        ({"kiosk": {"enabled": 1}}, "kiosk.enabled must be bool"),
        ({"kiosk": {"idle_minutes": 0}}, "kiosk.idle_minutes must be more than 0"),
        ({"cameras": {}}, "unknown section [cameras]"),
        ({"camera": "usb"}, "[camera] must be a table"),
        ({"camera": {"kind": 3}}, "camera.kind must be a string"),
        ({"log": {"level": "LOUD"}}, "log.level must be one of"),
        ({"ui": {"language": "de"}}, "ui.language 'de' is not one of en, fr"),
        ({"ui": {"language": 1}}, "ui.language must be str"),
    ],
)
def test_errors_name_the_file_and_the_key(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(data, "/etc/companion/config.toml")
    assert message in str(caught.value)
    assert str(caught.value).startswith("/etc/companion/config.toml: ")
    assert isinstance(caught.value, ValueError)


def test_bad_toml_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[display\nkind=", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(path, environ={})


def test_journal_path_defaults_to_the_state_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/companion")
    assert str(Config().journal_path()) == "/var/lib/companion/journal.db"


def test_the_table_speaks_the_configured_language(tmp_path: Path) -> None:
    """Issue 12: ``[ui] language`` is the OLED's language from the start."""
    from companion.ui.app import UiApp
    from companion.views.i18n import language, speaking

    path = tmp_path / "config.toml"
    path.write_text('[ui]\nlanguage = "fr"\n', encoding="utf-8")
    config = load_config(path, environ={})
    assert config.ui.language == "fr"
    with speaking("en"):
        app = UiApp(language=config.ui.language)
        assert language() == "fr" and app.screen(0.0).title == "Choisir un jeu"
    assert parse_config({}).ui.language == "en"  # English unless the file says otherwise
