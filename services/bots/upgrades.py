"""The moves of running matches to another version of their game asked at the gateway
(`services.gateway.upgrades`, SL-26): each match's whole log re-judged under that version (off
the event loop: CPU work), and the move sent under the asked decision id, naming where the first
decision that version judges otherwise begins. The bots worker runs it: it may read a running
match's whole log, which the gateway may not. A move whose log the replay has not caught up
with waits for the next wake."""

import asyncio

import asyncpg
import structlog

from events.match import ContentChanged
from events.platform_rules import ORGANISER
from projections import replay
from services.gateway.submit import Submitter
from services.rules.rejudge import Unverifiable, upgrade

log = structlog.get_logger("bots")


async def make(pool: asyncpg.Pool, submitter: Submitter) -> bool:
    """Send each move asked for; whether one waits for the replay to catch up."""
    waiting = False
    for row in await pool.fetch(
        "SELECT u.decision_id, u.match_id, u.version, l.seq FROM upgrade_requests u"
        " JOIN lobby l USING (match_id) WHERE u.made_at IS NULL ORDER BY u.asked_at"
    ):
        match_id = row["match_id"]
        entries = await replay.entries(pool, match_id)
        if not entries or entries[-1].seq < row["seq"]:
            waiting = True
            continue
        try:
            move = await asyncio.to_thread(upgrade, match_id, entries, row["version"])
        except (Unverifiable, ContentChanged) as error:
            log.warning("upgrade_not_judged", match_id=match_id, reason=str(error))
        else:
            await submitter.submit(
                match_id, None, move, sender=ORGANISER, decision_id=row["decision_id"]
            )
            log.info("upgrade_sent", match_id=match_id, first=move.first)
        await pool.execute(
            "UPDATE upgrade_requests SET made_at = now() WHERE decision_id = $1",
            row["decision_id"],
        )
    return waiting
