"""Bot matches flow through the real rules service and every worker; each read model must
match what folding the same log in memory gives."""

import json
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from events.codec import encode
from events.envelope import Entry, SeedRevealed
from events.match import MatchRecord
from events.ruleset import get_ruleset, shown_waiting
from events.rulesets.core_worlds.happenings import Drafted, Invaded, InvasionFailed
from projections import audit, replay
from projections.lobby import status
from projections.projection import kind
from services.settings import Settings
from services.stats.game import game_stats
from tests.projections.expected import as_json, body_shown, decisions, record_at, ruling
from tests.projections.support import bot_decisions, wait_caught_up, workers
from tests.stats.test_kept_statistics import EVERY_CHOICE, EVERY_START
from tests.support import LogReader, RulesProcess, produce, rulings
from tests.workload import race_decisions


async def _log(settings: Settings, decision_ids: set[str]) -> LogReader:
    async with LogReader(settings, settings.match_log_topic) as log:

        def done(reader: LogReader) -> bool:
            return decision_ids <= {d for es in reader.entries().values() for d in rulings(es)}

        await log.until(done, timeout=120)
        return log


@pytest.mark.tansu_too
async def test_every_read_model_matches_the_log_folded_in_memory(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    stream = [
        *bot_decisions("cw-three", 3, "flow-1"),
        *bot_decisions("cw-four", 4, "flow-2"),
        *race_decisions(matches=8, seed=5),
    ]
    rules = RulesProcess(settings, tmp_path).start()
    try:
        async with workers(settings):
            await produce(settings, stream)
            log = await _log(settings, {d.decision_id for d in stream})
            await wait_caught_up(settings, pool)
    finally:
        rules.stop()
    entries = log.entries()
    matches = {m: record_at(es, len(es)) for m, es in entries.items()}  # ended ones whole
    assert {"cw-three", "cw-four"} <= {m for m, r in matches.items() if r.over}
    for match_id, match_entries in entries.items():
        match = matches[match_id]
        await _archive(pool, match, match_entries)
        await _seat_views(pool, match)
        await _lobby(pool, match)
        await _replay(pool, match, match_entries)
        await _audit(pool, match, match_entries)
    await _analytics(pool, entries, matches)


async def _archive(pool: asyncpg.Pool, match: MatchRecord, entries: list[Entry[Any]]) -> None:
    rows = await pool.fetch(
        "SELECT * FROM archive WHERE match_id = $1 ORDER BY seq", match.match_id
    )
    assert [r["seq"] for r in rows] == [e.seq for e in entries]
    rule = {run[0].decision_id: ruling(run).body.rule for run in decisions(entries)}
    for row, entry in zip(rows, entries, strict=True):
        assert row["kind"] == kind(entry.body)
        assert json.loads(row["body"]) == body_shown(entry, match)
        assert (row["decision_id"], row["state_hash"]) == (entry.decision_id, entry.state_hash)
        assert row["rule"] == rule[entry.decision_id]
        assert row["sealed"] == (not match.over and match.seed in encode(entry.body).decode())


async def _seat_views(pool: asyncpg.Pool, match: MatchRecord) -> None:
    ruleset = get_ruleset(match.ruleset)
    rows = await pool.fetch(
        "SELECT seat, seq, view FROM seat_views WHERE match_id = $1", match.match_id
    )
    assert {r["seat"]: (r["seq"], json.loads(r["view"])) for r in rows} == {
        seat: (match.seq, as_json(ruleset.view(match.state, seat))) for seat in range(match.seats)
    }
    public = await pool.fetchrow(
        "SELECT seq, view FROM public_views WHERE match_id = $1", match.match_id
    )
    assert (public["seq"], json.loads(public["view"])) == (
        match.seq,
        as_json(ruleset.view(match.state, None)),
    )


async def _lobby(pool: asyncpg.Pool, match: MatchRecord) -> None:
    row = await pool.fetchrow("SELECT * FROM lobby WHERE match_id = $1", match.match_id)
    ruleset = get_ruleset(match.ruleset)
    assert row["game"] == match.ruleset
    assert row["status"] == status(match)
    assert row["players"] == match.seat_players
    assert row["seq"] == match.seq
    shown = shown_waiting(ruleset.waiting(match.state), None)
    assert row["to_act"] == ([] if match.over else list(shown.must))
    assert int(row["last_activity"].timestamp() * 1000) == match.last_entry_ms
    standing = ruleset.standing(match.state)
    assert (row["round"], row["phase"]) == (standing.round, standing.phase)
    assert row["scores"] == list(standing.scores) and len(row["scores"]) == match.seats
    assert row["winners"] == (list(standing.winners) if match.over else None)


async def _replay(pool: asyncpg.Pool, match: MatchRecord, entries: list[Entry[Any]]) -> None:
    ruleset = get_ruleset(match.ruleset)
    for k in sorted({1, 2, 3, *range(5, len(entries), 23), len(entries)}):
        expected = record_at(entries, k)
        public = await replay.at(pool, match.match_id, k)
        whole = await replay.at(pool, match.match_id, k, whole=True)
        if expected.state is not None:  # the public view unless the whole is allowed: fail closed
            assert not public.full
            assert as_json(public.shown) == as_json(ruleset.view(expected.state, None))
        if match.over:
            assert whole.full and whole.shown == expected.state
        elif expected.state is not None:
            assert not whole.full and as_json(whole.shown) == as_json(public.shown)
        if expected.state is not None:
            own = await replay.at(pool, match.match_id, k, seat=1)
            assert not own.full and own.shown == ruleset.view(expected.state, 1)
    assert await replay.at(pool, match.match_id, len(entries) + 1) is None


async def _audit(pool: asyncpg.Pool, match: MatchRecord, entries: list[Entry[Any]]) -> None:
    runs = decisions(entries)
    rows = await pool.fetch(
        "SELECT * FROM audit WHERE match_id = $1 ORDER BY first_seq", match.match_id
    )
    assert len(rows) == len(runs)
    hash_before = ""
    for row, run in zip(rows, runs, strict=True):
        verdict = ruling(run)
        assert (row["first_seq"], row["last_seq"], row["ruling_seq"]) == (
            run[0].seq,
            run[-1].seq,
            verdict.seq,
        )
        assert row["decision_id"] == verdict.decision_id
        assert (row["seat"], row["sender"], row["sent_at_ms"]) == (
            verdict.body.seat,
            verdict.body.sender,
            verdict.body.sent_at_ms,
        )
        assert (row["accepted"], row["rule"], row["reason"]) == (
            verdict.body.accepted,
            verdict.body.rule,
            verdict.body.reason,
        )
        assert json.loads(row["caused"]) == [kind(e.body) for e in run]
        assert (row["hash_before"], row["hash_after"]) == (hash_before, run[-1].state_hash)
        hash_before = run[-1].state_hash
    for entry in entries[:: max(1, len(entries) // 10)]:
        explained = await audit.explain(pool, match.match_id, entry.seq)
        assert explained["decision_id"] == entry.decision_id
    refused = [ruling(run) for run in runs if not ruling(run).body.accepted]
    assert [(r["ruling_seq"], r["rule"]) for r in await audit.rejections(pool, match.match_id)] == [
        (e.seq, e.body.rule) for e in refused
    ]


async def _analytics(
    pool: asyncpg.Pool, entries: dict[str, list[Entry[Any]]], matches: dict[str, MatchRecord]
) -> None:
    every = [e for es in entries.values() for e in es]
    totals = {
        (r["kind"], r["subject"]): r
        for r in await pool.fetch("SELECT * FROM analytics_fact_totals WHERE game = 'core-worlds'")
    }
    drafted = sum(r["facts"] for (kind, _), r in totals.items() if kind == "drafted")
    assert drafted == sum(isinstance(e.body, Drafted) for e in every)
    invaded = [r for (kind, _), r in totals.items() if kind == "invaded"]
    succeeded = sum(isinstance(e.body, Invaded) for e in every)
    failed = sum(isinstance(e.body, InvasionFailed) for e in every)
    assert (sum(r["facts"] for r in invaded), sum(r["total"] for r in invaded)) == (
        succeeded + failed,
        succeeded,
    )
    homes = [r for (kind, _), r in totals.items() if kind == "home world"]
    assert sum(r["seats"] for r in homes) == sum(
        m.seats for m in matches.values() if m.ruleset == "core-worlds"
    )
    # the start and choice totals kept as matches end are what aggregating every fact gives
    kept = await game_stats(pool, "core-worlds")
    starts = await pool.fetch(EVERY_START, "core-worlds")
    choices = (await pool.fetch(EVERY_CHOICE, "core-worlds"))[: len(kept.choices)]
    for found, aggregated in ((kept.starts, starts), (kept.choices, choices)):
        assert [(c.kind, c.subject, c.taken, c.wins.seats) for c in found] == [
            (r["kind"], r["subject"], r["taken"], r["seats"]) for r in aggregated
        ]
        rates = [pytest.approx(r["win_rate"]) for r in aggregated]
        assert [c.wins.win_rate for c in found] == rates
    assert kept.starts and kept.choices
    rejections = {
        r["rule"]: r["rejections"]
        for r in await pool.fetch("SELECT * FROM analytics_rejections_by_rule")
    }
    expected: dict[str, int] = {}
    for e in every:
        if kind(e.body) == "ruling" and not e.body.accepted:
            expected[e.body.rule] = expected.get(e.body.rule, 0) + 1
    assert rejections == expected
    for match_id, match in matches.items():
        row = await pool.fetchrow("SELECT * FROM analytics_matches WHERE match_id = $1", match_id)
        first = entries[match_id][0]
        assert (row["entries"], row["finished"]) == (match.seq, match.over)
        assert (row["started_ms"], row["last_ms"]) == (first.recorded_at_ms, match.last_entry_ms)
        shares = [
            r["win_share"]
            for r in await pool.fetch(
                "SELECT win_share FROM analytics_seats WHERE match_id = $1 ORDER BY seat", match_id
            )
        ]
        if match.over:
            winners = getattr(match.state, "winners", None) or [match.state.winner]
            assert shares == [1 / len(winners) if s in winners else 0.0 for s in range(match.seats)]
            assert any(isinstance(e.body, SeedRevealed) for e in entries[match_id])
        else:
            assert shares == [None] * match.seats
