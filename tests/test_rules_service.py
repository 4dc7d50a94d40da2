"""Scenarios through the real rules service, broker and database."""

from pathlib import Path

import pytest

from events.envelope import ClaimSeat, CreateMatch, Ruling, SeedRevealed
from services.settings import Settings
from tests.support import LogReader, RulesProcess, decision, produce, rulings
from tests.tiny_ruleset import Add, Won

pytestmark = pytest.mark.tansu_too


def _match_over(match_id: str):
    def done(reader: LogReader) -> bool:
        entries = reader.entries().get(match_id, [])
        return any(isinstance(e.body, SeedRevealed) for e in entries)

    return done


async def test_a_match_is_played_to_the_end_through_the_service(
    settings: Settings, tmp_path: Path
) -> None:
    rules = RulesProcess(settings, tmp_path).start()
    try:
        sent = [
            decision("m-1", None, CreateMatch(ruleset="race-to-21", seats=2, seed="s1")),
            decision("m-1", 0, ClaimSeat(player="ann")),
            decision("m-1", 1, ClaimSeat(player="bob")),
            *[decision("m-1", turn % 2, Add(amount=3)) for turn in range(7)],
        ]
        await produce(settings, sent)
        async with LogReader(settings, settings.match_log_topic) as log:
            await log.until(_match_over("m-1"))
            entries = log.entries()["m-1"]
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        judged = rulings(entries)
        assert set(judged) == {d.decision_id for d in sent}
        assert all(r.accepted for r in judged.values())
        assert [e.body for e in entries if isinstance(e.body, Won)] == [Won(seat=0)]
        assert isinstance(entries[-1].body, SeedRevealed) and entries[-1].body.seed == "s1"
    finally:
        rules.stop()
    assert "Traceback" not in rules.log_text()


async def test_a_resent_decision_is_judged_once(settings: Settings, tmp_path: Path) -> None:
    rules = RulesProcess(settings, tmp_path).start()
    try:
        create = decision("m-2", None, CreateMatch(ruleset="race-to-21", seats=2))
        claim = decision("m-2", 0, ClaimSeat(player="ann"))
        await produce(settings, [create, claim, claim, create, claim])
        async with LogReader(settings, settings.match_log_topic) as log:
            await log.until(lambda r: len(rulings(r.entries().get("m-2", []))) == 2)
            await log.poll(timeout_ms=1500)  # give a duplicate time to show up
            judged = rulings(log.entries()["m-2"])
        assert set(judged) == {create.decision_id, claim.decision_id}
        assert isinstance(judged[claim.decision_id], Ruling)
    finally:
        rules.stop()
