"""A throwaway certificate authority and a broker certificate for the TLS tests, and a
Mosquitto with a TLS listener (docs/cafe.md "TLS").

:func:`make_certificates` runs Debian's ``openssl`` with the commands docs/cafe.md
gives the operator (a CA, then the broker's key and a certificate the CA signs for
the names the clients use: here 127.0.0.1 and localhost), in a temporary folder; a
second call makes another CA, which the broker's certificate does not chain to (a
table given the wrong file). :class:`broker_harness.Broker` given them listens with
TLS, with the lines docs/cafe.md adds to the broker (``certfile`` and ``keyfile``
after the listener), and its test clients, :meth:`Broker.settings` and a bridge to it
(:func:`broker_harness.bridge_lines`, ``bridge_cafile``) use TLS too.

The fixture (``tls_broker``) is imported by the test modules that use it, like the
fixtures of broker_harness.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from broker_harness import MOSQUITTO, Broker

#: Debian's openssl (the ``openssl`` package), or None where it is not installed.
OPENSSL: str | None = shutil.which("openssl")
#: The names the broker's certificate is for: the tests connect to 127.0.0.1.
NAMES = "DNS:localhost,IP:127.0.0.1"
#: A P-256 key: made at once (an RSA key takes a while), read by Mosquitto and Python.
KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]


@dataclass(frozen=True)
class Certificates:
    """A CA and the broker certificate it signed, as PEM files."""

    ca: Path  # what the tables and the server trust (cafe-ca.pem of docs/cafe.md)
    cert: Path  # the broker's certificate (broker.pem)
    key: Path  # its private key (broker.key)

    def listener_lines(self) -> list[str]:
        """What follows a ``listener`` line of Mosquitto to make it a TLS one."""
        return [f"certfile {self.cert}", f"keyfile {self.key}"]


def _openssl(*args: str) -> None:
    assert OPENSSL is not None, "openssl is not installed (apt-get install openssl)"
    done = subprocess.run([OPENSSL, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"openssl {args[0]} failed: {done.stderr.strip()}"


def make_certificates(folder: Path, names: str = NAMES) -> Certificates:
    """A new CA in ``folder`` and a certificate it signs for ``names`` (1 day)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = Certificates(folder / "cafe-ca.pem", folder / "broker.pem", folder / "broker.key")
    ca_key, request = folder / "cafe-ca.key", folder / "broker.csr"
    _openssl(
        *("req", "-x509", *KEY, "-days", "1", "-subj", "/CN=test cafe CA"),
        *("-addext", "keyUsage=critical,keyCertSign,cRLSign"),
        *("-keyout", str(ca_key), "-out", str(made.ca)),
    )
    _openssl(
        *("req", "-new", *KEY, "-subj", "/CN=localhost", "-addext", f"subjectAltName={names}"),
        *("-keyout", str(made.key), "-out", str(request)),
    )
    _openssl(
        *("x509", "-req", "-in", str(request), "-CA", str(made.ca), "-CAkey", str(ca_key)),
        *("-copy_extensions", "copy", "-days", "1", "-out", str(made.cert)),
    )
    return made


def tls_broker_in(folder: Path, certificates: Certificates) -> Broker:
    """A secured Mosquitto (passwords, the contract's ACL) listening with TLS only,
    configured, not started."""
    folder.mkdir()
    made = Broker(folder, tls=certificates)
    made.configure()
    return made


@pytest.fixture(name="certificates")
def certificates_fixture(tmp_path: Path) -> Certificates:
    """A throwaway CA and the broker's certificate for 127.0.0.1 and localhost."""
    return make_certificates(tmp_path / "certs")


@pytest.fixture(name="tls_broker")
def tls_broker_fixture(tmp_path: Path, certificates: Certificates) -> Iterator[Broker]:
    """Mosquitto on a free loopback port with TLS only, passwords and the ACL."""
    if MOSQUITTO is None:
        pytest.fail("mosquitto is not installed (scripts/bootstrap.sh test installs it)")
    running = tls_broker_in(tmp_path / "tls-broker", certificates)
    running.start()
    yield running
    running.kill()
