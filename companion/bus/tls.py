"""TLS to the cafe's broker, for the table (:mod:`companion.bus.client`) and the cafe
server (:mod:`companion.cafe.link`): the context that checks the broker's certificate,
and why a connection failed, in words that name the setting to change.

The context is made once, at start, so a CA file that is missing or is not a
certificate stops the start with one line (docs/cafe.md "TLS"), rather than failing
each connection later. A failed connection is said in one line too: a certificate the
CA file does not trust, one for another name or out of its dates (a Pi whose clock is
not set yet), a client without TLS on the TLS port (the broker closes it before any
answer), or TLS on a plain port.
"""

from __future__ import annotations

import logging
import ssl
import time
from dataclasses import dataclass

from companion.errors import ConfigError

#: OpenSSL's verify codes for a certificate that is not for the name connected to.
NAME_MISMATCH = (62, 64)  # X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH
#: ... and for one outside its dates (expired, or a Pi whose clock is not set yet).
OUT_OF_DATE = (9, 10)  # X509_V_ERR_CERT_NOT_YET_VALID, X509_V_ERR_CERT_HAS_EXPIRED


class Outage:
    """Says a failing link to the broker once per outage, on ``log`` with ``then`` (what
    happens next); the retries after it go to the debug log until :meth:`over`."""

    def __init__(self, log: logging.Logger, then: str) -> None:
        self.log, self.then = log, then
        self.failing = False

    def failed(self, why: str) -> None:
        if self.failing:
            self.log.debug("cafe: %s", why)
        else:
            self.log.warning("cafe: %s; %s", why, self.then)
        self.failing = True

    def over(self) -> None:
        """Connected: the next failure is a new outage."""
        self.failing = False


#: paho's reason when the broker said nothing until the keep-alive ran out.
SILENT = "Keep alive timeout"


@dataclass(frozen=True)
class Keys:
    """What one side calls its settings, for its messages."""

    cafile: str  # the CA file's key: "cafe.cafile"
    host: str  # where the broker's name is set: "cafe.broker"
    tls: str  # what turns TLS on: "tls = true in [cafe]"


#: The table's keys (its configuration's ``[cafe]``).
TABLE = Keys("cafe.cafile", "cafe.broker", "tls = true in [cafe]")


class ClosingSSLSocket(ssl.SSLSocket):
    """An SSL socket that closes itself when its handshake fails.

    paho-mqtt (2.2) wraps the connection and shakes hands in one step, and when the
    handshake fails (a certificate the CA file does not trust, a plain port) it raises
    without closing the socket: each retry would leave an open file for the garbage
    collector to find. The contexts here make their sockets of this class
    (``SSLContext.sslsocket_class``), so a failed handshake closes its own."""

    def do_handshake(self, block: bool = False) -> None:
        try:
            super().do_handshake(block)
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
            raise  # a non-blocking socket's handshake under way, not failed
        except BaseException:
            self.close()
            raise


def tls_context(cafile: str | None, key: str) -> ssl.SSLContext:
    """A client context trusting ``cafile`` (None: the system's CAs) and checking the
    broker's name; a :class:`ConfigError` naming ``key`` when the file cannot serve.
    Its sockets close themselves when their handshake fails (:class:`ClosingSSLSocket`)."""
    try:
        context = ssl.create_default_context(cafile=cafile or None)
    except ssl.SSLError as exc:  # before OSError: it is one
        raise ConfigError(
            f"{key} {cafile}: holds no PEM certificate ({exc.reason}): "
            "copy the cafe's CA certificate there (cafe-ca.pem)"
        ) from None
    except OSError as exc:
        raise ConfigError(
            f"{key} {cafile}: cannot read it ({exc.strerror}): "
            "copy the cafe's CA certificate there (cafe-ca.pem)"
        ) from None
    context.sslsocket_class = ClosingSSLSocket
    return context


def connect_failure(
    exc: BaseException | None, host: str, port: int, *, cafile: str | None, tls: bool, keys: Keys
) -> str:
    """Why connecting to the broker at ``host:port`` raised ``exc`` (None: not known)."""
    where = f"the broker {host}:{port}"
    if isinstance(exc, ssl.SSLCertVerificationError):
        if exc.verify_code in NAME_MISMATCH:
            return (
                f"{where}: its certificate is not for {host} ({exc.verify_message}): "
                f"set {keys.host} to a name the certificate holds, or make one for {host}"
            )
        if exc.verify_code in OUT_OF_DATE:
            today = time.strftime("%Y-%m-%d")
            return (
                f"{where}: its certificate is out of date ({exc.verify_message}; "
                f"today is {today} here): renew it, or set this machine's clock"
            )
        trusted = f"{keys.cafile} {cafile}" if cafile else f"the system's CAs (no {keys.cafile})"
        return (
            f"{where}: its certificate is not trusted by {trusted} ({exc.verify_message}): "
            f"{keys.cafile} must be the CA certificate that signed it"
        )
    if tls and isinstance(exc, ssl.SSLError | ConnectionResetError):
        return (
            f"{where} broke off the TLS handshake ({exc}): is that its TLS port? "
            "(Mosquitto's is usually 8883)"
        )
    if exc is None:
        return f"cannot reach {where}"
    return f"cannot reach {where}: {exc}"


def closed_before_accepting(
    host: str, port: int, *, tls: bool, keys: Keys, reason: object = None
) -> str:
    """The connection ended before the broker answered it, paho's ``reason`` why: on a
    TLS port, a client without TLS (Mosquitto closes it without a word). A broker that
    took the connection and said nothing until the keep-alive ran out (stopped, frozen,
    overloaded) is not that: no word of TLS then."""
    if str(reason) == SILENT:
        return (
            f"the broker {host}:{port} took the connection but did not answer it in time: "
            "is it stopped, frozen or overloaded? (systemctl status mosquitto)"
        )
    where = f"the broker {host}:{port} closed the connection before accepting it"
    if tls:
        return where
    return f"{where}: if that is its TLS port, set {keys.tls}"
