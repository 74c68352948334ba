"""The QR payload (issue 3, section 1): round trips, rejections, staff signing, fuzzing."""

from __future__ import annotations

import base64
import os
import stat
from pathlib import Path

import pytest
import qrcode
from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import qr
from card_codes.catalogue import DECKS, CardIdentity, card, deck_cards, staff_cards
from card_codes.errors import CardCodeError, SigningError, UnknownCardError
from card_codes.payload import (
    ALPHANUMERIC,
    LENGTH,
    STAFF_LENGTH,
    Rejection,
    check_value,
    encode_payload,
    generate_key,
    load_key,
    parse_payload,
    save_key,
)

KEY = bytes(range(32))
ALL_CARDS = [c for deck in DECKS for c in deck_cards(deck)]
ALL_PAYLOADS = [encode_payload(c) for c in ALL_CARDS]


def test_every_card_round_trips_in_qr_version_1_at_level_m() -> None:
    for identity, text in zip(ALL_CARDS, ALL_PAYLOADS, strict=True):
        assert len(text) == LENGTH <= 20
        assert set(text) <= set(ALPHANUMERIC)
        assert parse_payload(text) == identity
    assert len(set(ALL_PAYLOADS)) == len(ALL_PAYLOADS)


def test_a_payload_makes_a_version_1_m_code() -> None:
    """The codes card_codes.qr draws: level M, version 1 (21 modules), staff version 2 (25)."""
    assert qr.ERROR_CORRECTION == qrcode.constants.ERROR_CORRECT_M
    assert qr.code_matrix(ALL_PAYLOADS[0], border=0).shape == (21, 21)
    staff = encode_payload(staff_cards()[0], staff_key=KEY)
    assert qr.code_matrix(staff, border=0).shape == (25, 25)


@given(copy=st.integers(1, 1295), deck=st.sampled_from(DECKS), pick=st.integers(0, 10_000))
def test_any_copy_round_trips(copy: int, deck: str, pick: int) -> None:
    cards = deck_cards(deck, copy)
    identity = cards[pick % len(cards)]
    assert parse_payload(encode_payload(identity)) == identity


def test_two_copies_of_a_deck_differ() -> None:
    one = encode_payload(card("fibonachos", "R1#1", copy=1))
    two = encode_payload(card("fibonachos", "R1#1", copy=2))
    assert one != two
    assert parse_payload(two) == CardIdentity("fibonachos", 2, "R1#1")


def test_every_single_character_change_is_rejected() -> None:
    """Issue 3 section 1: a damaged payload is rejected beyond the QR code's own correction."""
    for text in ALL_PAYLOADS:
        for place, old in enumerate(text):
            for new in ALPHANUMERIC:
                if new != old:
                    changed = text[:place] + new + text[place + 1 :]
                    assert isinstance(parse_payload(changed), Rejection), changed


def test_every_transposition_is_rejected() -> None:
    for text in ALL_PAYLOADS:
        for i in range(len(text)):
            for j in range(i + 1, len(text)):
                if text[i] != text[j]:
                    swapped = list(text)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    assert isinstance(parse_payload("".join(swapped)), Rejection)


def test_staff_payload_changes_are_rejected() -> None:
    for identity in staff_cards(1):
        text = encode_payload(identity, staff_key=KEY)
        assert len(text) == STAFF_LENGTH
        for place, old in enumerate(text):
            for new in "0AZ9 ":
                if new != old:
                    changed = text[:place] + new + text[place + 1 :]
                    assert isinstance(parse_payload(changed, staff_key=KEY), Rejection)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("https://menu.example/table/4", "not a Table Companion code (a URL)"),
        ("HTTP://X.EU/A", "not a Table Companion code (a URL)"),
        ("WIFI:S:cafe;T:WPA;P:secret;;", "not a Table Companion code (a WIFI code)"),
        ("", "not a Table Companion code (empty)"),
        ("hello", "not a Table Companion code (it reads 'hello')"),
        ("TC9F0101ABCDE", "unknown payload version 9"),
        ("TC1F0101", "damaged code: 8 characters, version 1 has 13 (29 for staff cards)"),
        ("TC1F0101abcde", "damaged code: a character outside the QR alphanumeric set"),
        ("TC1F010100000", "damaged code: check value does not match"),
    ],
)
def test_rejection_reasons(text: str, reason: str) -> None:
    assert parse_payload(text) == Rejection(text, reason)


def _reason(text: str, key: bytes | None = None) -> str:
    result = parse_payload(text, staff_key=key)
    assert isinstance(result, Rejection)
    return result.reason


def _forged(body: str) -> str:
    """A payload with a correct check value, as a newer version or a forger might write."""
    return body + check_value(body)


def test_reasons_behind_a_correct_check_value() -> None:
    assert _reason(_forged("TC1Q0101")) == "unknown deck 'Q'"
    assert _reason(_forged("TC1H01ZZ")) == "unknown card 1295 of the hex deck"
    assert _reason(_forged("TC1F0001")).startswith("damaged code: no deck copy")
    signed = _forged("TC1F0101" + "0" * 16)
    assert "not a staff card but the code is signed" in _reason(signed)


def test_staff_cards_need_this_installations_signature() -> None:
    settings_card = staff_cards(1)[0]
    text = encode_payload(settings_card, staff_key=KEY)
    assert parse_payload(text, staff_key=KEY) == settings_card
    assert _reason(text) == "staff card but no staff key configured"
    other = parse_payload(text, staff_key=generate_key())
    assert isinstance(other, Rejection)
    assert other.reason == "staff card not signed by this installation"
    # A customer prints the unsigned, 13-character form with a valid check value.
    unsigned = _forged(text[:8])
    assert _reason(unsigned, KEY) == "staff card not signed"
    assert "unusable" in _reason(text, b"short")


def test_encoding_errors() -> None:
    with pytest.raises(SigningError, match="staff key"):
        encode_payload(staff_cards()[1])
    with pytest.raises(SigningError, match="at least 16 bytes"):
        encode_payload(staff_cards()[1], staff_key=b"x")
    with pytest.raises(UnknownCardError):
        encode_payload(CardIdentity("trump", 1, "B11"))
    with pytest.raises(UnknownCardError):
        encode_payload(CardIdentity("poker", 1, "AS"))
    with pytest.raises(CardCodeError, match="deck copy 0"):
        encode_payload(CardIdentity("trump", 0, "B1"))
    with pytest.raises(CardCodeError, match="deck copy True"):  # the catalogue's own check
        encode_payload(CardIdentity("trump", True, "B1"))


def test_key_files_are_base64_and_0600(tmp_path: Path) -> None:
    path = tmp_path / "staff.key"
    key = generate_key()
    save_key(path, key)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_key(path) == key
    # systemd/install.sh: `head -c 32 /dev/urandom | base64 > staff.key`
    shell = tmp_path / "shell.key"
    raw = os.urandom(32)
    shell.write_text(base64.b64encode(raw).decode() + "\n")
    assert load_key(shell) == raw


@pytest.mark.parametrize(
    ("content", "words"), [("not base64!", "not base64"), ("QUJD\n", "at least 16")]
)
def test_bad_key_files(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "staff.key"
    path.write_text(content)
    with pytest.raises(SigningError, match=words):
        load_key(path)
    with pytest.raises(SigningError, match="cannot read"):
        load_key(tmp_path / "missing.key")


@settings(max_examples=500)
@given(st.text())
def test_fuzz_random_text_is_never_a_card(text: str) -> None:
    result = parse_payload(text, staff_key=KEY)
    assert isinstance(result, Rejection)
    assert result.payload == text and result.reason


@settings(max_examples=500)
@given(st.text(alphabet=ALPHANUMERIC, min_size=13, max_size=29).map(lambda s: "TC1" + s[3:]))
def test_fuzz_payload_shaped_text_is_rejected(text: str) -> None:
    assert isinstance(parse_payload(text, staff_key=KEY), Rejection)


@settings(max_examples=500)
@given(
    index=st.integers(0, len(ALL_PAYLOADS) - 1),
    cut=st.integers(0, LENGTH - 1),
    tail=st.text(min_size=1, max_size=20),
    edits=st.lists(st.tuples(st.integers(0, LENGTH - 1), st.characters()), min_size=1, max_size=4),
)
def test_fuzz_mutated_payloads_never_pass(
    index: int, cut: int, tail: str, edits: list[tuple[int, str]]
) -> None:
    text = ALL_PAYLOADS[index]
    assert isinstance(parse_payload(text[:cut]), Rejection)
    assert isinstance(parse_payload(text + tail), Rejection)
    edited = list(text)
    for place, char in edits:
        edited[place] = char
    result = parse_payload("".join(edited))
    assert result == ALL_CARDS[index] if "".join(edited) == text else isinstance(result, Rejection)


def test_parse_never_raises_on_non_text() -> None:
    assert isinstance(parse_payload(b"TC1"), Rejection)  # type: ignore[arg-type]
