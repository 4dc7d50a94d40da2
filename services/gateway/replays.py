"""A match's replay, step by step. While the match runs, from rows the projection worker wrote
for each eyes (issue 43): its views per batch (`replay_views`), its lines (`seat_lines`) and
the ruling as the archive shows it, so the gateway never holds a running match's seed or
hands. Once it has ended, the archive is folded (`projections.replay.at`): the one fold in the
gateway, where nothing is secret any more and the whole state may be shown."""

from typing import Any

import asyncpg
import msgspec

from events.codec import game_codec
from events.envelope import Ruling
from events.narration import seat_names
from projections import replay, seat_lines
from projections.replay import ReplayStep
from projections.seat_views import PUBLIC
from projections.secrecy import SEALED, SealedRuling


async def step(
    pool: asyncpg.Pool, match_id: str, k: int, eyes: int | None, whole: bool
) -> ReplayStep | None:
    match = await pool.fetchrow(
        "SELECT r.last_seq, r.over, l.game, l.players FROM replay_matches AS r"
        " JOIN lobby AS l USING (match_id) WHERE match_id = $1",
        match_id,
    )
    if match is None or not 1 <= k <= match["last_seq"]:
        return None
    if match["over"]:  # the archive folded: a finished match's seed and hands are out
        return await replay.at(pool, match_id, k, eyes, whole=whole)
    return await _running(pool, match_id, k, eyes, match)


async def _running(
    pool: asyncpg.Pool, match_id: str, k: int, eyes: int | None, match: Any
) -> ReplayStep:
    """Step k of a running match for `eyes`: the view after the batch that projected it (live,
    its decision; before the game is set up, the first view set up), and what changed since
    the batch before."""
    views = await pool.fetch(
        "WITH at AS (SELECT seq, view FROM replay_views WHERE match_id = $1 AND eyes = $2"
        " AND seq >= $3 ORDER BY seq LIMIT 1) SELECT seq, view::text FROM at UNION ALL"
        " (SELECT seq, view::text FROM replay_views WHERE match_id = $1 AND eyes = $2"
        " AND seq < (SELECT seq FROM at) ORDER BY seq DESC LIMIT 1)",
        match_id,
        PUBLIC if eyes is None else eyes,
        k,
    )
    told = await seat_lines.lines_between(pool, match_id, eyes, k - 1, k, eyes)
    line = told[0].line if told else ""  # the lines' worker, in a group of its own, may lag
    ruling, seq = await _ruling(pool, match_id, k, eyes)
    if not views:  # nothing set up yet, even after the batch of step k
        return ReplayStep(match_id, k, False, False, None, line, None, None, ruling, seq)
    codec = game_codec(match["game"])
    names = seat_names(match["players"])
    view = codec.view(views[0]["view"].encode())
    before = codec.view(views[1]["view"].encode()) if len(views) > 1 else None
    return ReplayStep(
        match_id,
        k,
        False,
        False,
        view,
        line,
        codec.ruleset.describe(view, names),
        codec.ruleset.describe(before, names) if before is not None else None,
        ruling,
        seq,
    )


async def _ruling(
    pool: asyncpg.Pool, match_id: str, k: int, eyes: int | None
) -> tuple[Ruling | SealedRuling | None, int]:
    """The ruling on the decision that caused entry k, as the archive shows it to anyone, or
    whole to the seat whose sealed choice it is; and its entry. Each answer a window tells as
    it closes (decision "": no one's, SL-28) is a decision of its own."""
    row = await pool.fetchrow(
        "SELECT a.seq, a.rule, s.body IS NOT NULL AS whole, coalesce(s.body, a.body)::text"
        " AS body FROM replay_steps AS r"
        " JOIN archive AS a ON a.match_id = r.match_id AND a.seq BETWEEN r.first_seq AND $2"
        " AND (a.seq = r.first_seq OR a.decision_id = '')"
        " LEFT JOIN archive_sealed AS s ON s.match_id = a.match_id AND s.seq = a.seq"
        " AND (a.body->>'seat')::int = $3"
        " WHERE r.match_id = $1 AND r.first_seq <= $2 AND r.last_seq >= $2 AND a.kind = 'ruling'"
        " ORDER BY a.seq DESC LIMIT 1",
        match_id,
        k,
        eyes,
    )
    if row is None:
        return None, 0
    kind = SealedRuling if row["rule"] == SEALED and not row["whole"] else Ruling
    return msgspec.json.decode(row["body"], type=kind), row["seq"]
