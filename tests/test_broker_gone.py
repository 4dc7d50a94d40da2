"""A rules service whose broker is gone still stops when asked, promptly, and does not flood
its log meanwhile."""

import asyncio
import time
from pathlib import Path

from services.broker import TansuBroker
from tests.conftest import Broker, fresh_settings
from tests.support import RulesProcess, wait_for

GONE_S = 5.0  # how long the broker stays gone before the service is asked to stop
MOST_LOG_LINES = 200  # what a service retrying with backoff writes in that time, and more


async def test_a_rules_service_stops_on_sigterm_after_its_broker_went(
    database_url: str, tmp_path: Path
) -> None:
    with TansuBroker() as tansu:
        settings = await fresh_settings(Broker(tansu.bootstrap, tansu.idempotent), database_url)
        rules = RulesProcess(settings, tmp_path).start()
        try:
            await wait_for(lambda: "partitions_assigned" in rules.log_text(), timeout=60)
        except AssertionError:
            rules.kill()
            raise
    before = len(rules.log_text().splitlines())
    await asyncio.sleep(GONE_S)  # the broker is gone
    asked = time.monotonic()
    rules.process.terminate()
    await wait_for(lambda: rules.process.poll() is not None, timeout=30)
    stopped_s = time.monotonic() - asked
    written = len(rules.log_text().splitlines()) - before
    print(f"stopped {stopped_s:.1f} s after SIGTERM; {written} log lines while the broker was gone")
    assert written < MOST_LOG_LINES, rules.log_text()[-2000:]
