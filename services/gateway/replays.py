"""A match's replay, step by step: the gateway's one read that folds a match, from the
replay model's checkpoints (the archive). Every other read is a row the projection worker
wrote for its reader (issue 43). A replay shows the public's or a seat's own eyes while the
match runs, and the whole state only once the replay model itself holds the end (see
`projections.replay.at`)."""

import asyncpg

from projections import replay
from projections.replay import ReplayStep


async def step(
    pool: asyncpg.Pool, match_id: str, k: int, eyes: int | None, whole: bool
) -> ReplayStep | None:
    return await replay.at(pool, match_id, k, eyes, whole=whole)
