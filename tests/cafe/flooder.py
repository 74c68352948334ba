"""A table's account flooding the broker, in a process of its own (as a hostile or
broken table would be): ``python flooder.py PORT USER PASSWORD TOPIC PAYLOAD_FILE QOS
SECONDS``. It publishes the payload in a loop as fast as paho takes it and, when the
broker drops it, connects again; it prints one line per connection's answer
(``accepted`` or ``refused <reason>``) and ``published N`` at its end."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion


def main(argv: list[str]) -> int:
    port, user, password, topic, payload_file, qos, seconds = argv
    payload = Path(payload_file).read_bytes()
    up = threading.Event()

    def connected(client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            print("refused", reason, flush=True)
            return
        print("accepted", flush=True)
        up.set()

    def gone(client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        up.clear()

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user)
    client.username_pw_set(user, password)
    client.on_connect, client.on_disconnect = connected, gone
    client.max_queued_messages_set(1000)
    client.reconnect_delay_set(1, 1)
    client.connect_async("127.0.0.1", int(port), 30)
    client.loop_start()
    published, end = 0, time.monotonic() + float(seconds)
    while time.monotonic() < end:
        if not up.wait(0.2):
            continue
        if client.publish(topic, payload, qos=int(qos)).rc == mqtt.MQTT_ERR_SUCCESS:
            published += 1
    client.disconnect()
    client.loop_stop()
    print("published", published, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
