"""One stack for every game's end-to-end match: starting and stopping it costs more than a
match of a small game."""

from collections.abc import AsyncIterator

import pytest

from tests.conftest import Broker, fresh_settings
from tests.stack import Stack, running_stack


@pytest.fixture(scope="module")
async def shared_stack(
    main_broker: Broker, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Stack]:
    settings = await fresh_settings(main_broker, database_url)
    async with running_stack(settings, tmp_path_factory.mktemp("stack")) as running:
        yield running
