"""The OLED user interface: views, screens (pure functions to images), menus and flows."""
