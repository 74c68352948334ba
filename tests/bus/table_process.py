"""A table's bus in a process of its own, for the tests that kill it (a power cut).

    python table_process.py PORT PASSWORD JOURNAL

It prints ``online`` once the bus is connected, then waits until killed.
"""

from __future__ import annotations

import sys
import threading

from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings


def main() -> None:
    port, password, journal = sys.argv[1:4]
    settings = BusSettings("127.0.0.1", int(port), Topics("rosie", "t1"), "table-t1", password)
    bus = TableBus(settings, journal, key=None)
    bus.start()
    if not bus.online.wait(10.0):
        sys.exit("the bus did not connect")
    print("online", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
