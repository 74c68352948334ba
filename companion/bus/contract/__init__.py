"""The cafe bus's contract (docs/cafe.md), the one both sides import: the table
(:mod:`companion.bus`) and the cafe server (:mod:`companion.cafe`).

Every topic is ``companion/<cafe>/<table>/<leaf>``; every JSON payload is compact UTF-8
with ``"v": 1``. A table publishes ``status`` (``online``/``offline``, retained, the
offline one also its last will), ``state`` (retained: the game, the devices, the idle
time), ``events`` (one per journal event or game row) and ``log``; it reads ``ack``
(the server's retained receipt) and ``command`` (signed staff actions).

Each message is a frozen dataclass that serialises itself (``payload``, ``body``) and
parses itself (``parse``) with the limits both sides run (:mod:`companion.bus.limits`);
a message that breaks the contract is a :class:`~companion.bus.errors.MessageError`
naming the rule, never a ``KeyError``. Parsing is strict where storing depends on it
(ids, sequence numbers, times, names) and lenient elsewhere (a state's device report is
shown as sent).

===========  ================================  ===========================
leaf         type                              module
===========  ================================  ===========================
(all)        :class:`Topics`, :data:`VERSION`  ``topics``
``ack``      :class:`Ack`                      ``ack``
``events``   :class:`Update` (a game row and   ``events``
             an event)
``state``    :class:`TableState` (its game:      ``state``, ``facts``
             :class:`GameFacts`)
``status``   :func:`parse_status`              ``state``
``log``      :class:`LogEntry`                 ``state``
``command``  :class:`Command`                  ``command``
===========  ================================  ===========================
"""

from companion.bus.contract.ack import OPEN_LISTED, Ack
from companion.bus.contract.command import ACTIONS, MESSAGE_CHARS, Command, sign, signature
from companion.bus.contract.events import EventRow, GameRow, Update, peek_numbers
from companion.bus.contract.facts import Answer, GameFacts, PageLink
from companion.bus.contract.state import LogEntry, TableState, parse_status
from companion.bus.contract.topics import (
    JOURNAL,
    NAME,
    OFFLINE,
    ONLINE,
    PREFIX,
    VERSION,
    Topics,
    check_name,
    dump,
    key_of,
    parse_topic,
    split_key,
    subscriptions,
    topic,
)
from companion.bus.errors import MessageError

__all__ = [
    "ACTIONS",
    "JOURNAL",
    "MESSAGE_CHARS",
    "NAME",
    "OFFLINE",
    "ONLINE",
    "OPEN_LISTED",
    "PREFIX",
    "VERSION",
    "Ack",
    "Answer",
    "Command",
    "EventRow",
    "GameFacts",
    "GameRow",
    "LogEntry",
    "MessageError",
    "PageLink",
    "TableState",
    "Topics",
    "Update",
    "check_name",
    "dump",
    "key_of",
    "parse_status",
    "parse_topic",
    "peek_numbers",
    "sign",
    "signature",
    "split_key",
    "subscriptions",
    "topic",
]
