"""Hardware ports (camera, display, buttons) and their Pi, desktop, replay and fake backends.

Vendor libraries (picamera2, cv2, luma.*, gpiozero) are imported only inside the
backend that needs them, so this package imports on any machine. It imports
nothing of ``companion`` nor of ``card_codes``.
"""
