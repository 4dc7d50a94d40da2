"""The stack stopped, its broker's data folder wiped, the stack started again: `up`'s start
restores the match-log from PostgreSQL, so every match goes on from where it was, with the
same state hashes and seeds, and the read models as they were."""

import shutil
from pathlib import Path
from typing import Any

import asyncpg

from events.codec import encode
from events.envelope import CreateMatch, Entry
from services import db
from services.broker import BrokerProcess, KafkaBroker, TansuBroker, free_port
from services.broker.jars import kafka_runs_here
from services.rules.rejudge import verify
from services.settings import Settings
from services.stack import prepare
from tests.conftest import Broker, fresh_settings
from tests.projections.support import checksums, wait_caught_up, workers
from tests.support import RulesProcess, all_ruled, decision, produce, rulings
from tests.workload import expected_outcome, outcome, race_decisions


def _ids(decisions: list) -> set[str]:
    return {d.decision_id for d in decisions}


async def _judged_and_projected(
    settings: Settings, pool: asyncpg.Pool, log_dir: Path, decisions: list, name: str
) -> dict[str, list[Entry[Any]]]:
    """A rules service judges `decisions`, the read models catch up; every entry, by match."""
    rules = RulesProcess(settings, log_dir, name).start()
    try:
        await produce(settings, decisions)
        log = await all_ruled(settings, _ids(decisions), timeout=120)
        async with workers(settings):
            await wait_caught_up(settings, pool)
    finally:
        rules.stop()
    return log.entries()


async def test_a_stack_whose_broker_lost_its_data_restores_it_and_every_match_goes_on(
    own_database: str, tmp_path: Path
) -> None:
    port, data = free_port(), tmp_path / "broker"

    def broker() -> BrokerProcess:
        return KafkaBroker(data, port=port) if kafka_runs_here() else TansuBroker(port=port)

    stream = race_decisions(matches=12, seed=81)
    unseeded = [  # their seeds are drawn by the rules service: only the log knows them
        decision(f"unseeded-{i}", None, CreateMatch(ruleset="race-to-21", seats=2))
        for i in range(2)
    ]
    half = len(stream) // 2
    pool = await db.connect(own_database, size=2)
    try:
        with broker() as first:
            settings = await fresh_settings(Broker(first.bootstrap, first.idempotent), own_database)
            before = await _judged_and_projected(
                settings, pool, tmp_path, [*stream[:half], *unseeded], "rules-before"
            )
            models = await checksums(pool)
        shutil.rmtree(data, ignore_errors=True)  # the broker's log is gone

        with broker():
            await prepare(settings)
            assert await checksums(pool) == models
            after = await _judged_and_projected(
                settings, pool, tmp_path, stream[half:], "rules-after"
            )
            archived = await pool.fetch("SELECT match_id, seq, state_hash FROM archive")
    finally:
        await pool.close()

    for match_id, entries in before.items():  # the same entries, seeds and all
        assert [encode(e) for e in after[match_id][: len(entries)]] == list(map(encode, entries))
    for entries in after.values():
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        rulings(entries)  # no decision judged twice
        assert verify(entries) is None
    expected = expected_outcome(stream)
    assert outcome({m: after[m] for m in expected}) == expected
    assert sorted(tuple(r) for r in archived) == sorted(
        (e.match_id, e.seq, e.state_hash) for es in after.values() for e in es
    )
