from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from services.settings import Settings
from tests.stack import Stack, running_stack


@pytest.fixture
async def stack(settings: Settings, tmp_path: Path) -> AsyncIterator[Stack]:
    async with running_stack(settings, tmp_path) as running:
        yield running
