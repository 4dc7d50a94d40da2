"""The whole stack on three Apache Kafka brokers, as `deploy/` runs them (replication factor 3,
min.insync.replicas 2, every producer acks=all): the broker leading a partition the matches use
is killed with SIGKILL in the middle of a burst of decisions sent through the gateway, the burst
goes on, the broker starts again and catches up. Nothing the gateway took is lost, nothing is
judged twice, every match re-judges from its log to the same state hashes, and the stack
serves on."""

import asyncio
from collections import Counter
from pathlib import Path

import httpx
import pytest
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.partitioner import murmur2

from services.broker.cluster import KafkaCluster
from services.broker.jars import kafka_runs_here
from services.rules.rejudge import verify
from services.settings import Settings
from tests.conftest import Broker, fresh_settings
from tests.stack import running_stack
from tests.support import all_ruled, rulings, wait_for
from tests.test_identity_stack import bearer, open_match, ruled, seated

pytestmark = pytest.mark.skipif(not kafka_runs_here(), reason="needs Java 17+ for Apache Kafka")

MATCHES = 6
TURNS = 30  # decisions per match in the burst, the seats in turn


class Seats:
    """One match's two seat tokens, and the ids of the decisions the gateway took for it."""

    def __init__(self, match_id: str, tokens: list[str]) -> None:
        self.match_id, self.tokens = match_id, tokens
        self.taken: list[str] = []

    async def play(self, http: httpx.AsyncClient, turn: int) -> str:
        """Sends the turn's decision until the gateway takes it: a retry keeps its id, so the
        rules service drops a copy it already judged."""
        decision_id = f"{self.match_id}-turn-{turn}"
        body = {"decision_id": decision_id, "body": {"type": "race.add", "amount": 1}}
        headers = bearer(self.tokens[turn % 2])
        while True:
            try:
                sent = await http.post(
                    f"/matches/{self.match_id}/decisions", headers=headers, json=body
                )
            except httpx.TransportError:
                sent = None
            if sent is not None and sent.status_code == 202:
                self.taken.append(decision_id)
                return decision_id
            assert sent is None or sent.status_code >= 500, sent.text
            await asyncio.sleep(0.5)


async def _busiest_leader(settings: Settings, match_ids: list[str]) -> int:
    """The node leading the most partitions the matches use, of `decisions` and the match-log."""
    used = {(murmur2(m.encode()) & 0x7FFFFFFF) % settings.partitions for m in match_ids}
    described = await _described(settings, [settings.decisions_topic, settings.match_log_topic])
    leaders = Counter(
        p["leader"] for t in described for p in t["partitions"] if p["partition"] in used
    )
    return leaders.most_common(1)[0][0]


async def _described(settings: Settings, topics: list[str]) -> list[dict]:
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        return await admin.describe_topics(topics)
    finally:
        await admin.close()


async def _all_in_sync(settings: Settings, nodes: int) -> bool:
    topics = [settings.decisions_topic, settings.match_log_topic]
    described = await _described(settings, topics)
    return all(len(p["isr"]) == nodes for t in described for p in t["partitions"])


async def test_a_broker_killed_mid_burst_loses_nothing_and_judges_nothing_twice(
    database_url: str, tmp_path: Path
) -> None:
    with KafkaCluster(tmp_path / "kafka", log_dir=tmp_path) as cluster:
        broker = Broker(cluster.bootstrap, idempotent=True)
        settings = await fresh_settings(broker, database_url, replication_factor=3)
        async with (
            running_stack(settings, tmp_path) as stack,
            httpx.AsyncClient(base_url=stack.gateway, timeout=60) as http,
        ):
            matches = []
            for _ in range(MATCHES):
                match_id = await open_match(http, stack, target=1000)
                tokens = [await seated(http, match_id, seat, player=f"p{seat}") for seat in (0, 1)]
                matches.append(Seats(match_id, tokens))
            victim = cluster.nodes[await _busiest_leader(settings, [m.match_id for m in matches])]

            def taken() -> int:
                return sum(len(m.taken) for m in matches)

            async def burst(match: Seats) -> None:
                for turn in range(TURNS):
                    await match.play(http, turn)

            sending = asyncio.gather(*(burst(m) for m in matches))
            try:
                await wait_for(lambda: taken() >= MATCHES * TURNS // 3, timeout=60, step=0.01)
                victim.kill()
                assert not sending.done(), "the burst ended before the broker was killed"
                await wait_for(lambda: taken() >= 2 * MATCHES * TURNS // 3, timeout=60)
                await asyncio.to_thread(victim.start)  # on its ports and data folder
                await asyncio.wait_for(sending, timeout=120)
            finally:
                sending.cancel()  # a failed test leaves no sender retrying
            for _ in range(120):  # the restarted broker catches up with every partition
                if await _all_in_sync(settings, len(cluster.nodes)):
                    break
                await asyncio.sleep(0.5)
            else:
                raise AssertionError("the restarted broker did not catch up")

            for match in matches:  # the stack serves on: a turn more, ruled through the gateway
                decision_id = await match.play(http, TURNS)
                verdict = await ruled(http, match.match_id, decision_id, bearer(match.tokens[0]))
                assert verdict["status"] == "accepted", verdict
            log = await all_ruled(settings, {d for m in matches for d in m.taken}, timeout=120)

    entries = log.entries()
    for match in matches:
        match_entries = entries[match.match_id]
        assert [e.seq for e in match_entries] == list(range(1, len(match_entries) + 1))
        ruled_once = rulings(match_entries)  # asserts no decision was judged twice
        assert all(ruled_once[d].accepted for d in match.taken)  # in order, none lost between
        assert verify(match_entries) is None  # a clean fold re-judges every entry and hash
