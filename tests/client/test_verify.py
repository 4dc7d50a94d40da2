"""Given a match's archived entries, verify re-judges every decision and names the first entry
the judge would not have written: a tampered body, hash or ruling is caught."""

import asyncio
from collections.abc import Callable

import asyncpg
import msgspec
import pytest

from events.codec import encode
from events.envelope import Entry, Ruling
from events.rulesets.core_worlds.happenings import Drafted
from services.client import verify
from services.client.http import ClientError
from services.rules import rejudge
from services.rules.rejudge import Unverifiable
from services.selfplay import play_match

ENTRIES = play_match("core-worlds", "audited", 3, "seed-v", ["greedy"]).entries


def _tampered(index: int, **changes: object) -> list[Entry]:
    entries = list(ENTRIES)
    entries[index] = msgspec.structs.replace(entries[index], **changes)
    return entries


def test_an_untouched_match_verifies_with_progress() -> None:
    done: list[int] = []
    assert rejudge.verify(ENTRIES, done.append) is None
    assert done[-1] == ENTRIES[-1].seq and done == sorted(done)


def test_a_changed_event_is_the_first_difference() -> None:
    index, drafted = next((i, e) for i, e in enumerate(ENTRIES) if isinstance(e.body, Drafted))
    body = msgspec.structs.replace(drafted.body, cost=drafted.body.cost + 1)
    found = rejudge.verify(_tampered(index, body=body))
    assert found is not None and found.seq == drafted.seq
    assert found.what.startswith("differs in body")


def test_a_changed_hash_or_verdict_is_caught() -> None:
    tampered = _tampered(300, state_hash="0" * 32)
    found = rejudge.verify(tampered)
    assert found is not None and found.seq == ENTRIES[300].seq and "state_hash" in found.what
    tampered[400] = msgspec.structs.replace(tampered[400], state_hash="1" * 32)
    assert rejudge.verify(tampered) == found  # the first difference, not a later one
    index, ruling = next((i, e) for i, e in enumerate(ENTRIES[5:], 5) if isinstance(e.body, Ruling))
    refused = msgspec.structs.replace(ruling.body, accepted=False, reason="forged")
    found = rejudge.verify(_tampered(index, body=refused))
    assert found is not None and found.seq == ruling.seq


def test_another_ruleset_version_is_refused() -> None:
    entries = [msgspec.structs.replace(e, ruleset_version="0.9") for e in ENTRIES]
    with pytest.raises(Unverifiable, match=r"version 0\.9; this install has version"):
        rejudge.check_version("audited", entries)


async def _archive(database_url: str, match_id: str, entries: list[Entry]) -> None:
    conn = await asyncpg.connect(database_url)
    try:
        await conn.copy_records_to_table(
            "replay_steps", records=[(match_id, e.seq, e.seq, encode([e])) for e in entries]
        )
    finally:
        await conn.close()


async def test_verify_reads_the_archive_and_reports_in_a_line(
    database_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    forged = [
        msgspec.structs.replace(e, match_id="forged") for e in _tampered(300, state_hash="0" * 32)
    ]
    await _archive(database_url, "audited", ENTRIES)
    await _archive(database_url, "forged", forged)
    assert await _in_thread(verify.run, "audited") == 0
    assert capsys.readouterr().out.startswith(f"OK: match audited, {len(ENTRIES)} entries")
    assert await _in_thread(verify.run, "forged") == 1
    assert capsys.readouterr().out.startswith(
        f"DIFFERS: entry {ENTRIES[300].seq} of match forged differs in state_hash"
    )
    with pytest.raises(ClientError, match="no entries of match 'nowhere'"):
        await _in_thread(verify.run, "nowhere")


async def _in_thread(command: Callable[[str], int], match_id: str) -> int:
    """The command runs its own event loop, as from the command line."""
    return await asyncio.to_thread(command, match_id)
