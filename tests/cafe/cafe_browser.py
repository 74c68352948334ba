"""The dashboard served for real (uvicorn on a free loopback port, in a thread) and a
headless Chromium driven through Selenium (Debian's chromium and chromium-driver)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from broker_harness import free_port

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
#: A test module's mark: skipped, saying why, where Debian's chromium is not installed.
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="chromium and chromium-driver not installed"
)


class Served:
    """An ASGI app served by uvicorn on a thread of its own."""

    def __init__(self, app: Any, **options: Any) -> None:
        """``options``: uvicorn's, beside the test's host, port and quiet log."""
        self.port = free_port()
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=1,
            **options,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Served:
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            self.thread.join(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def chromium(profile: Path, lang: str | None = None) -> Any:
    """A headless Chromium that reaches nothing but what it is sent to; with ``lang``
    (``en-GB``) one set up in that language, as a browser of that region is: its
    ``Accept-Language`` and its own date fields."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,900",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    environ = dict(os.environ)
    if lang is not None:
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        environ["LANGUAGE"] = lang.replace("-", "_")  # Linux's Chromium: its date fields
    service = Service(executable_path=str(CHROMEDRIVER), env=environ)
    return webdriver.Chrome(service=service, options=options)


@pytest.fixture(name="phone")
def phone_fixture(tmp_path: Path) -> Iterator[Any]:
    """A headless Chromium with a small phone's viewport (360 x 740 CSS pixels)."""
    driver = chromium(tmp_path / "profile")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )
    yield driver
    driver.quit()


@pytest.fixture(name="artefacts")
def artefacts_fixture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots are kept to be looked at (``COMPANION_ARTEFACTS``, or a
    temporary folder)."""
    folder = Path(os.environ.get("COMPANION_ARTEFACTS") or tmp_path_factory.mktemp("artefacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wait_for(
    browser: Any, check: Any, what: str, timeout: float = 20.0, poll: float = 0.05
) -> None:
    """Until ``check()``; an element the live feed replaced while it was read is read again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(
        browser, timeout, poll_frequency=poll, ignored_exceptions=(StaleElementReferenceException,)
    ).until(lambda _: check(), message=what)
