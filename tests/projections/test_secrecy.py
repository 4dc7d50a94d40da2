"""Hidden information stays hidden: no stored seat view ever shows another seat's hand, no
row shows a match's seed before the match reveals it, nor a sealed choice before its reveal."""

import json
from collections.abc import Iterator
from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, EntryBatch, Say
from events.match import PartitionMatches
from projections import analytics_totals
from projections.analytics import Analytics
from projections.archive import Archive
from projections.audit import Audit
from projections.projection import Folded
from projections.seat_views import SeatViews
from projections.secrecy import revealed, seed_sealed, shown
from projections.writes import run
from services.rules.judge import rule_on
from tests.projections.support import folded_of, project
from tests.sealed_ruleset import Pick
from tests.support import decision


async def test_no_stored_seat_view_ever_holds_another_seats_hand(pool: asyncpg.Pool) -> None:
    checked = 0
    for step in folded_of([("two", 2, "h2"), ("three", 3, "h3"), ("four", 4, "h4")]):
        await project(pool, SeatViews, step)
        match = step.match
        if match.state is None:
            continue
        rows = await pool.fetch(
            "SELECT seat, view FROM seat_views WHERE match_id = $1", match.match_id
        )
        for row in rows:
            view: dict[str, Any] = json.loads(row["view"])
            own = match.state.players[row["seat"]]
            assert view["hand"] == list(own.hand) and view["discard"] == list(own.discard)
            for seat, player in enumerate(match.state.players):
                shown = set(view["hand"]) | set(view["discard"])
                if seat != row["seat"]:
                    assert not shown & (set(player.hand) | set(player.draw))
                assert not {"hand", "draw", "discard"} & set(view["players"][seat])
            checked += 1
    assert checked > 1000  # every seat of every stored version of three matches


SEED = 'the "secret" seed\\é'  # JSON escapes it: sealing and unsealing must not care


async def test_the_seed_is_sealed_until_the_match_reveals_it(pool: asyncpg.Pool) -> None:
    """The seed has one place on the log, `match.created`; no stored body or ruling shows it
    while the match runs, and the archive gives it back once the match reveals it."""
    escaped = json.dumps(SEED, ensure_ascii=False)[1:-1]
    sealed_rows = set()
    for step in folded_of([("secret", 3, SEED)]):
        for projection in (Archive, Audit):
            await project(pool, projection, step)
        text = await pool.fetchval(
            "SELECT string_agg(body::text, '') FROM archive WHERE match_id = 'secret'"
        ) + await pool.fetchval("SELECT string_agg(asked::text, '') FROM audit")
        if not step.match.over:
            assert escaped not in text
            sealed_rows |= {
                r["seq"] for r in await pool.fetch("SELECT seq FROM archive WHERE sealed")
            }
    assert sealed_rows == {1}  # match.created
    created = await pool.fetchval("SELECT body FROM archive WHERE seq = 1")
    assert json.loads(created)["seed"] == SEED
    assert await pool.fetchval("SELECT count(*) FROM archive WHERE sealed") == 0


SECRET = "quasar"
KEPT_BY = (Archive, Audit, Analytics)


MISSPELT = Say(f"pick {SECRET}9")


def _sealed_picks(match_id: str, second: Any = MISSPELT) -> Iterator[Folded]:
    """A sealed-picks match, each decision's step yielded as soon as it is folded (as a worker
    hands it on): seat 0 picks the secret and sends `second` (its misspelling), seat 1 picks
    (the reveal); then a second round to the end."""
    judge, folded = PartitionMatches(), PartitionMatches()  # the rules service's, and a worker's
    moves = [(0, Pick(SECRET)), (0, second), (1, Pick("comet"))]
    moves += [(0, Pick("nebula")), (1, Pick("pulsar"))]
    sent = [
        decision(match_id, None, CreateMatch(ruleset="sealed-picks", seats=2, seed="s")),
        *(decision(match_id, s, ClaimSeat(player=f"p{s}")) for s in range(2)),
        *(decision(match_id, s, body) for s, body in moves),
    ]
    for n, d in enumerate(sent):
        d = msgspec.structs.replace(d, decision_id=f"d{n}")
        entries = rule_on(judge, encode(d), partition=0, offset=n, now_ms=0, fresh_seed=str)
        assert isinstance(entries, list)
        before = folded.matches.get(match_id)
        hash_before = before.state_hash if before else ""
        batch = EntryBatch(writer="w", decision_partition=0, decision_offset=n, entries=entries)
        counted, match = folded.fold_match(batch)
        assert match is not None
        yield Folded(counted, hash_before, match)


async def _rows(pool: asyncpg.Pool, match_id: str) -> dict[str, list[str]]:
    """Every row of the match in the tables sealed choices touch, less its match id (a game's
    totals take a match in only once it ended, every seal open: they have no match id)."""
    tables = [t for p in KEPT_BY for t in p.tables if t not in analytics_totals.TABLES]
    return {
        t: [
            r[0]
            for r in await pool.fetch(
                f"SELECT (to_jsonb(t) - 'match_id')::text FROM {t} AS t WHERE match_id = $1"
                " ORDER BY 1",
                match_id,
            )
        ]
        for t in tables
    }


async def test_sealed_choices_are_stored_sealed_until_revealed_however_batched(
    pool: asyncpg.Pool,
) -> None:
    """Projected a step at a time, no table shows seat 0's pick until the reveal, after which
    archive, audit and analytics show it and nothing waits; projected in one batch (the
    reveal after the pick in the same transaction), the tables end up the same."""
    revealed = False
    for step in _sealed_picks("one-by-one"):
        for projection in KEPT_BY:
            await project(pool, projection, step)
        revealed = revealed or step.match.revealed_seq > 0
        rows = await _rows(pool, "one-by-one")
        shown = {t: any(SECRET in r for r in found) for t, found in rows.items()}
        for table in ("archive", "audit", "analytics_facts"):
            assert shown[table] == revealed, (table, step.entries[0].seq)
    assert not any(rows[t] for t in ("archive_sealed", "audit_sealed", "analytics_sealed_facts"))
    assert not rows["analytics_sealed_rejections"] and rows["analytics_rejections"]

    batches = [p() for p in KEPT_BY]
    for step in _sealed_picks("at-once"):
        for batch in batches:
            batch.take(step)
    for batch in batches:
        batch.finish()
        async with pool.acquire() as conn:
            await run(conn, batch.writes())
    assert await _rows(pool, "at-once") == rows


def test_read_as_each_step_comes_a_hidden_pick_shows_whose_it_was_and_the_reveals_show_once() -> (
    None
):
    """Seat 0's pick shows anyone else only whose it was; the created entry's seed shows as
    its commitment, every other body as it is; seat 1's pick reveals the round, the end the
    rest, and no other step reveals anything."""
    reveals = []
    for n, step in enumerate(_sealed_picks("read")):
        reveals += revealed(step)
        first = step.entries[0]
        stored, sealed = seed_sealed(first.body, step.match)
        if n == 0:
            seed = f"sealed:{step.match.seed_commitment}"
            assert sealed and json.loads(stored)["seed"] == seed
        else:
            assert (stored, sealed) == (encode(first.body), False)
        if n == 3:  # seat 0 picks the secret
            assert bytes(shown(first, step.match.revealed_seq).asked) == encode("sealed:seat 0")
    assert reveals == [("read", 14), ("read", 20)]  # the misspelling's refusal among them


async def test_a_refused_sealed_choice_is_stored_as_an_accepted_one_until_revealed(
    pool: asyncpg.Pool,
) -> None:
    """Seat 0 misspells its pick in one match and changes it in the other: until seat 1's pick
    reveals them, every row of the two reads the same (no verdict, kinds as `match.sealed`,
    the hashes of states holding a pick as `sealed`); then each tells its own, whole."""
    refused, changed = _sealed_picks("refused"), _sealed_picks("changed", Pick("pulsar"))
    seen: list[tuple[dict[str, list[str]], ...]] = []
    for steps in zip(refused, changed, strict=True):
        for step in steps:
            for projection in KEPT_BY:
                await project(pool, projection, step)
        seen.append((await _rows(pool, "refused"), await _rows(pool, "changed")))
        if steps[0].match.revealed_seq:
            break
    *before, (after_refused, after_changed) = seen
    for n, (one, other) in enumerate(before):
        for table in (t for t in one if "sealed" not in t):  # what readers read
            assert one[table] == other[table], (n, table)
    refusal = [r for r in before[-1][0]["audit"] if '"accepted": null' in r]
    assert len(refusal) == 2 and all('"hash_after": "sealed"' in r for r in refusal)
    assert any('"kind": "match.sealed"' in r for r in before[-1][0]["archive"])
    assert after_refused["audit"] != after_changed["audit"]
    for rows in (after_refused, after_changed):
        left = [r for r in rows["archive"] if '": "sealed"' in r or '"match.sealed"' in r]
        assert not left, left
        assert not any('"accepted": null' in r or '": "sealed"' in r for r in rows["audit"])
    assert any('"kind": "match.sealed_refusal"' in r for r in after_refused["archive"])
