"""The daemon: one process from camera to OLED (`companion run`), and `companion demo`."""
