"""A whole Core Worlds match through the real service equals the same match judged in-process."""

from pathlib import Path

import msgspec

from events.envelope import CreateMatch, Decision, MatchCreated, Ruling
from events.platform_rules import CREATE
from services.selfplay import play_match
from services.settings import Settings
from tests.support import LogReader, RulesProcess, produce, rulings
from tests.workload import finished


def _decisions_behind(entries: list) -> list[Decision]:
    """The log answers 'what was asked': each ruling holds the decision as sent, but the
    create's, which leaves out the seed (MatchCreated alone holds it)."""
    seed = next(e.body.seed for e in entries if isinstance(e.body, MatchCreated))
    create = msgspec.json.Decoder(CreateMatch)
    decisions = []
    for e in entries:
        if not isinstance(e.body, Ruling):
            continue
        asked = e.body.asked
        if e.body.rule == CREATE:
            with_seed = msgspec.structs.replace(create.decode(asked), seed=seed)
            asked = msgspec.Raw(msgspec.json.encode(with_seed))
        decisions.append(
            Decision(
                decision_id=e.decision_id,
                match_id=e.match_id,
                seat=e.body.seat,
                body=asked,
                sender=e.body.sender,
            )
        )
    return decisions


def _comparable(entry) -> tuple:
    return entry.seq, entry.decision_id, msgspec.json.encode(entry.body), entry.state_hash


async def test_a_bot_match_through_the_service_matches_the_in_process_judge(
    settings: Settings, tmp_path: Path
) -> None:
    expected = play_match("core-worlds", "cw-1", 3, "seed-cw-1", ["greedy", "random"]).entries
    sent = _decisions_behind(expected)
    rules = RulesProcess(settings, tmp_path).start()
    try:
        await produce(settings, sent)
        async with LogReader(settings, settings.match_log_topic) as log:
            await log.until(lambda r: finished(r.entries().get("cw-1", [])), timeout=90)
            entries = log.entries()["cw-1"]
    finally:
        rules.stop()
    assert [_comparable(e) for e in entries] == [_comparable(e) for e in expected]
    assert len(rulings(entries)) == len(sent)
