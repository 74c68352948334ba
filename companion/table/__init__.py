"""Reading the table: zones, change detection, the tracker and the reader on top.

The camera's frames become stable table events here (a card placed in a zone, a
card removed), the input the game flows consume:

    layout = default_layout()                 # or load_layout("table.toml")
    reader = TableReader(layout)              # change detection + decode + tracker
    for event in reader.feed(frame):          # a hardware.camera Frame
        ...                                   # CardPlaced / CardRemoved / DuplicateCard

Modules: ``layout`` (zones, seats' sides, rummy layouts), ``tracker`` (detections to
events; ``events`` and ``tracks`` its parts), ``seats`` (rummy sets in a seat's order),
``markers`` (a layout from SEATn cards), ``changes`` (which parts of a frame to
decode), ``reader`` (them together), ``calibration`` (checking the camera).
No vendor library is imported at this level.
"""
