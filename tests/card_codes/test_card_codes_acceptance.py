"""One acceptance rule for card codes, whichever decoder reads them (issue 13).

A code is a card only when its bytes are exactly a payload (docs/payload.md). zbar,
left to itself, converts a code's bytes to text and drops a leading byte-order mark,
so pyzbar read U+FEFF + a genuine payload as that card while zxing-cpp refused it;
the fuzz tests of the parser (test_card_codes_payload.py) are run here through real
QR images and both backends, which must agree on every code. Frames of degenerate
shape (1 x 60000) read like others; beyond 65535 pixels a side they are refused.
"""

from __future__ import annotations

import numpy as np
import pytest
import qrcode
import qrcode.constants
from hypothesis import given, settings
from hypothesis import strategies as st

from card_codes import backends
from card_codes.catalogue import DECKS, deck_cards
from card_codes.decode import MAX_SIDE, DecodeResult, decode_image
from card_codes.errors import BackendUnavailableError, ImageShapeError
from card_codes.payload import ALPHANUMERIC, LENGTH, encode_payload, parse_code
from card_codes.qr import code_pixels

BACKENDS = backends.available_backends()
BOM = "\ufeff".encode()
CARDS = [one for deck in DECKS for one in deck_cards(deck)]
PAYLOADS = [encode_payload(one).encode("ascii") for one in CARDS]


def code_of(data: bytes) -> np.ndarray:
    """A frame holding one QR code of exactly ``data`` (the qrcode library picks the modes)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(data)
    code.make(fit=True)
    return code_pixels(np.array(code.get_matrix(), dtype=bool), 4)


def read_one(data: bytes, backend: str) -> DecodeResult:
    result = decode_image(code_of(data), backend=backend, second_pass=False)
    assert len(result.cards) + len(result.rejected) == 1, (backend, data, result)
    return result


def accepted_only_if_exact(data: bytes) -> None:
    """Every backend reads the code, accepts it iff ``data`` is a payload, and all agree."""
    seen = []
    for backend in BACKENDS:
        result = read_one(data, backend)
        if data in PAYLOADS:
            assert [d.card for d in result.cards] == [CARDS[PAYLOADS.index(data)]], backend
        else:
            assert result.cards == (), (backend, data)
        seen.append(
            ([d.card for d in result.cards], [(r.payload, r.reason) for r in result.rejected])
        )
    assert all(one == seen[0] for one in seen), seen


def test_both_backends_are_here() -> None:
    """The rule is checked over both decoders: neither may silently drop out of the tests."""
    assert BACKENDS == ("zxing", "pyzbar")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_byte_order_mark_before_a_payload_is_no_card(backend: str) -> None:
    """Issue 13: U+FEFF + a genuine payload was accepted as that card by pyzbar."""
    payload = PAYLOADS[0]
    result = read_one(BOM + payload, backend)
    assert result.cards == ()
    [rejected] = result.rejected
    assert rejected.payload == "\ufeff" + payload.decode()
    assert rejected.reason.startswith("not a Table Companion code")
    assert [d.card for d in read_one(payload, backend).cards] == [CARDS[0]]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("where", ["after", "inside"])
def test_a_byte_order_mark_after_or_inside_is_no_card(backend: str, where: str) -> None:
    payload = PAYLOADS[5]
    data = payload + BOM if where == "after" else payload[:6] + BOM + payload[6:]
    assert read_one(data, backend).cards == ()


def test_parse_code_takes_exact_bytes_only() -> None:
    payload = PAYLOADS[3]
    assert parse_code(payload) == CARDS[3]
    for data in (BOM + payload, payload + b"\x00", payload.lower(), b" " + payload):
        assert parse_code(data) != CARDS[3], data
    # Bytes that are not UTF-8 still give a text to show, and are never a card.
    assert parse_code(b"\xff" + payload).payload == "\xff" + payload.decode()


# The parser's fuzz tests (test_card_codes_payload.py), through QR images and both decoders.


@settings(max_examples=40, deadline=None)
@given(st.binary(min_size=1, max_size=40))
def test_fuzz_random_bytes_are_never_a_card_on_any_backend(data: bytes) -> None:
    accepted_only_if_exact(data)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=ALPHANUMERIC, min_size=13, max_size=29).map(lambda s: "TC1" + s[3:]))
def test_fuzz_payload_shaped_codes_are_rejected_on_any_backend(text: str) -> None:
    accepted_only_if_exact(text.encode("ascii"))


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(0, len(PAYLOADS) - 1),
    cut=st.integers(0, LENGTH),
    inserted=st.sampled_from([b"", BOM, b"\x00", b"\xc2\xa0", b"\xff", b" "]),
    edits=st.lists(st.tuples(st.integers(0, LENGTH - 1), st.integers(0, 255)), max_size=2),
)
def test_fuzz_mutated_payloads_pass_only_when_exact_on_any_backend(
    index: int, cut: int, inserted: bytes, edits: list[tuple[int, int]]
) -> None:
    data = bytearray(PAYLOADS[index])
    for place, byte in edits:
        data[place] = byte
    accepted_only_if_exact(bytes(data[:cut]) + inserted + bytes(data[cut:]))


def test_a_zbar_without_binary_mode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """zbar before 0.23 has no binary mode: its text cannot be trusted, so it is not used."""
    from pyzbar import wrapper

    real = wrapper.zbar_image_scanner_set_config

    def old_zbar(scanner: object, symbol: int, config: int, value: int) -> int:
        return 1 if config == 4 else int(real(scanner, symbol, config, value))

    monkeypatch.setattr(wrapper, "zbar_image_scanner_set_config", old_zbar)
    with pytest.raises(BackendUnavailableError, match="binary mode"):
        decode_image(code_of(PAYLOADS[0]), backend="pyzbar")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shape", [(1, 60000), (60000, 1), (2, MAX_SIDE)])
def test_thin_frames_read_without_the_second_pass_failing(
    backend: str, shape: tuple[int, int]
) -> None:
    """Issue 13: a valid 1 x 60000 image raised ValueError in the 2x second pass."""
    result = decode_image(np.full(shape, 255, np.uint8), backend=backend)
    assert result.cards == () and result.rejected == ()


@pytest.mark.parametrize("backend", BACKENDS)
def test_frames_longer_than_the_decoders_read_are_refused(backend: str) -> None:
    with pytest.raises(ImageShapeError, match=f"at most {MAX_SIDE} pixels a side"):
        decode_image(np.full((1, MAX_SIDE + 1), 255, np.uint8), backend=backend)
