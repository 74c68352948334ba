"""The cafe's bus (issue 14): every table of a cafe on one MQTT broker.

A table publishes under ``companion/<cafe>/<table>/``: ``status`` (``online``, or
``offline`` as its last will), ``state`` (the game, the devices, the idle time) and
``events`` (every journal event and game row, sent again from the journal until the
server's ``ack`` says it holds them); it reads ``command`` (staff actions, signed
with the cafe's staff key). The contract both sides follow is docs/cafe.md's.

Modules: ``contract`` (topics, version and every message, parsed and serialised: the
cafe server imports it too), ``messages`` (the game in play as the state's facts),
``commands`` (signed commands checked: fresh, once),
``outbox`` (the journal read as the outbox), ``client`` (the thread that talks to the
broker, :class:`~companion.bus.client.TableBus`). paho-mqtt is imported only when a
bus starts: without a ``[cafe]`` broker nothing here needs it.
"""
