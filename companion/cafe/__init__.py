"""The cafe's server (``companion cafe``): what every table of a cafe sends over MQTT,
stored once and acknowledged (:mod:`~companion.cafe.ingest`, :mod:`~companion.cafe.writer`),
read back for the dashboard (:mod:`~companion.cafe.server`), and a table that floods
shut out at the broker (:mod:`~companion.cafe.doorman`). docs/cafe.md sets it up,
docs/security.md says what bounds each way in."""
