"""A real headless browser for the tests of web pages (tests/test_viewer.py): Debian's
chromium driven through its chromium-driver by selenium, nothing downloaded at run time.

Where no browser can be started the test fails and says why (``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver``); it never passes or skips silently.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

#: Where Debian's packages put them (``apt-get install chromium chromium-driver``).
CHROMIUM = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")
DRIVER = ("/usr/bin/chromedriver", "chromedriver")


def _found(names: tuple[str, ...]) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


@contextmanager
def headless_browser() -> Iterator[Any]:
    """A selenium WebDriver on headless chromium, its console log kept."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("selenium is not installed: make setup installs it ('.[dev]')")
    binary, driver_path = _found(CHROMIUM), _found(DRIVER)
    if binary is None or driver_path is None:
        pytest.fail(
            "no headless browser: the browser tests need Debian's chromium and chromium-driver "
            "(apt-get install chromium chromium-driver; .ci/run installs them)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # chromium refuses root without it
        options.add_argument("--no-sandbox")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def console_errors(driver: Any) -> list[str]:
    """The page's console messages of level SEVERE (errors, failed loads)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
