"""Debian's Chromium driven by Playwright: nothing downloads a browser (`make test` installs the
`chromium` package where it is missing), and the browser reaches nothing but the stack."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where each page's picture goes: the run's basetemp, beside the stacks' logs."""
    folder = tmp_path_factory.getbasetemp() / "web-screenshots"
    folder.mkdir(exist_ok=True)
    return folder
