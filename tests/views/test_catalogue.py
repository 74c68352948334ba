"""The message catalogues (issue 12 section 1): one catalogue, complete, compiled, drawable.

Every player-facing word is marked in the code (``_``, ``ngettext``, ``N_``) and
extracted with Babel (babel.cfg) into ``companion/views/locale/companion.pot``; each
language's ``.po`` translates every entry and is compiled to the ``.mo`` the package
installs. Regenerate after changing words (docs/ui.md, "Languages").
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from catalogues import compiled_meaning, shipped_meaning

from companion.games.registry import all_games
from companion.ui.draw import printable
from companion.views.i18n import LANGUAGES, LOCALE, _, speaking
from companion.views.present import VARIANT_NAMES, variant_name

ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE / "companion.pot"
TRANSLATED = LANGUAGES[1:]
_FIELD = re.compile(r"\{[^{}]*\}")


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "companion.po"


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _strings(message: Message) -> list[object]:
    """A message's English and translated texts (both forms of a plural)."""
    texts: list[object] = []
    for text in (message.id, message.string):
        texts += list(text) if isinstance(text, tuple | list) else [text]
    return [text for text in texts if text]


def _ids(catalog: Catalog) -> set[object]:
    return {
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in catalog
        if message.id
    }


def _extracted() -> set[object]:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    found: set[object] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_the_template_holds_every_marked_word_of_the_code() -> None:
    """A word marked in the code but not in the .pot (or left there after it went)
    means the catalogue was not extracted again (pybabel extract, docs/ui.md)."""
    assert _ids(_read(POT)) == _extracted()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_translates_every_entry(lang: str) -> None:
    catalog = _read(_po(lang), lang)
    assert _ids(catalog) == _ids(_read(POT))
    untranslated = [
        message.id
        for message in catalog
        if message.id
        and (
            message.fuzzy
            or not all(message.string if isinstance(message.string, tuple) else (message.string,))
        )
    ]
    assert untranslated == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file_compiled(lang: str) -> None:
    """The .mo the package installs says what the .po says, compiled (pybabel compile);
    compared by meaning, so a Babel release that writes its header differently still
    passes while a message changed in one and not the other fails (issue 20)."""
    mo = _po(lang).with_suffix(".mo")
    wanted = compiled_meaning(_po(lang), lang)
    assert shipped_meaning(mo) == wanted, f"{mo.name}: compile {_po(lang).name} again"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_names_the_same_facts(lang: str) -> None:
    """A translation uses the placeholders of its English ({name}, {card}...), so a
    sentence never loses a name nor asks for one it is not given."""
    wrong = []
    for message in _read(_po(lang), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(_FIELD.findall(str(ids[-1])))
        wrong += [(ids[0], s) for s in strings if set(_FIELD.findall(str(s))) != wanted]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_is_drawn_by_the_bitmap_fonts(lang: str) -> None:
    """The OLED's fonts hold ISO 8859-1: every translation draws as written (no 'œ', no
    new line: the catalogue's header, its lines, is no word the OLED draws)."""
    catalog = _read(POT if lang == "en" else _po(lang), None if lang == "en" else lang)
    texts = [str(text) for message in catalog if message.id for text in _strings(message)]
    assert [text for text in texts if printable(text) != text] == []


def test_the_engines_words_are_in_the_catalogue() -> None:
    """A game's label, the questions the menus ask, the hex sides and the variants'
    names are all translated (they are defined in the engines, marked N_)."""
    words = {
        word
        for spec in all_games()
        for word in (
            spec.label,
            *spec.seats,
            *(o.question for o in spec.options if o.kind.value == "seat"),
            *(o.summary for o in spec.options if o.kind.value == "seat"),
        )
    }
    words |= set(VARIANT_NAMES.values())
    assert words - _ids(_read(POT)) == set()
    assert {v for spec in all_games() for v in spec.variants} <= set(VARIANT_NAMES)
    assert variant_name("zero-scores-34") == "Zero scores 34"


def test_the_package_installs_the_compiled_catalogues() -> None:
    """pyproject's package data takes the .mo files (and the sources beside them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]["*"]
    assert "*.mo" in data and "*.po" in data and "*.pot" in data
    deps = config["project"]["optional-dependencies"]["dev"]
    assert any(dep.startswith("babel") for dep in deps)


def test_a_french_table_reads_french() -> None:
    with speaking("fr"):
        assert _("Who deals?") == "Qui distribue\u00a0?"
        assert _("Red {number}").format(number=13) == "Rouge 13"
    assert _("Who deals?") == "Who deals?"
