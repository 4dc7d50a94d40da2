"""Sending the webhook deliveries of the outbox (`mail_outbox`, channel 'webhook'), in order per
seat: a seat's next notice waits while an earlier one is under way or backs off. Each pass
starts the deliveries due and returns without waiting for them, so a slow target holds one of
`webhook_deliveries` places for at most `webhook_deadline_ms` (`poster`), and a target that
keeps failing is skipped while its breaker cools (`breaker`). A delivery is done once its
target answered 2xx; a retry sends the same body under the same delivery id."""

import asyncio

import asyncpg
import structlog

from events.narration import seat_names
from projections import seat_lines
from services.mail.compose import headline, messages_since, preference
from services.mail.outbox import STANDING, detail_of, now_ms, retry_later, settle
from services.settings import Settings
from services.webhooks import formats, targets
from services.webhooks.breaker import Breaker
from services.webhooks.poster import Failed, Poster

log = structlog.get_logger("webhooks")

MAX_LINES = 20  # of what happened since; the earliest are left out past it

Seat = tuple[str, int]


class Webhooks:
    def __init__(self, settings: Settings, pool: asyncpg.Pool) -> None:
        self.settings, self.pool = settings, pool
        self.poster = Poster(settings.webhook_allow_private, settings.webhook_deadline_ms / 1000)
        self.breaker = Breaker()
        self.sending: dict[Seat, asyncio.Task[None]] = {}  # a delivery under way, by seat

    async def close(self) -> None:
        """Deliveries under way are dropped: undone, they are sent again, under the same id."""
        for task in self.sending.values():
            task.cancel()
        await asyncio.gather(*self.sending.values(), return_exceptions=True)
        await self.poster.close()

    async def run_once(self) -> None:
        busy = set(self.sending)  # one that ends while the outbox is read still reads undone
        now = now_ms()
        rows = await self.pool.fetch(
            "SELECT o.delivery_id, o.match_id, o.seat, o.kind, o.upto_seq, o.attempts, o.next_ms,"
            f" o.detail, {STANDING} AS standing, w.url, w.format, w.kinds, w.secret,"
            " w.player = l.players[o.seat + 1] AS holds,"
            " r.last_seq >= o.upto_seq AS readable, COALESCE((SELECT max(p.upto_seq)"
            " FROM mail_outbox AS p WHERE p.channel = 'webhook' AND p.match_id = o.match_id"
            " AND p.seat = o.seat AND p.outcome = 'sent'),"
            " w.from_seq) AS after"
            " FROM mail_outbox AS o JOIN webhook_seats AS w USING (match_id, seat)"
            " JOIN lobby AS l USING (match_id) JOIN replay_matches AS r USING (match_id)"
            " WHERE o.channel = 'webhook' AND o.done_ms IS NULL"
            " ORDER BY o.upto_seq,"
            " array_position(ARRAY['timeout', 'turn', 'window', 'ended'], o.kind)",
            now,
        )
        waiting = busy | set(self.sending)  # seats with an earlier delivery not yet done
        for row in rows:
            seat = (row["match_id"], row["seat"])
            if seat in waiting:
                continue
            if not row["holds"]:
                await settle(self.pool, row["delivery_id"], now, "gone")
            elif preference(row["kind"]) not in row["kinds"]:
                await settle(self.pool, row["delivery_id"], now, "off")
            elif not row["standing"]:
                await settle(self.pool, row["delivery_id"], now, "late")  # its deadline moved
            else:
                waiting.add(seat)
                if (
                    row["next_ms"] <= now
                    and row["readable"]
                    and len(self.sending) < self.settings.webhook_deliveries
                    and self.breaker.allows(row["url"])
                ):
                    self.sending[seat] = asyncio.create_task(self.deliver(seat, row))

    async def deliver(self, seat: Seat, row: asyncpg.Record) -> None:
        ident = row["delivery_id"]
        try:
            notice = await self.notice(row)
            content = formats.body(notice, row["format"])
            headers = formats.headers(notice, row["format"], row["secret"], content)
            await self.poster.post(row["url"], content, headers)
            self.breaker.succeeded(row["url"])
            await settle(self.pool, ident, now_ms(), "sent")
            log.info("webhook_sent", delivery=ident)
        except (targets.Refused, Failed) as error:
            cools = self.breaker.failed(row["url"])
            wait = await retry_later(self.pool, [ident], row["attempts"], now_ms(), error)
            log.warning("webhook_failed", delivery=ident, error=str(error), retry_s=wait)
            if cools:
                log.warning("webhook_target_cools", delivery=ident, cool_s=self.breaker.cool_s)
        except Exception:  # a database hiccup: logged, the next pass tries again
            log.exception("webhook_delivery_failed", delivery=ident)
        finally:
            del self.sending[seat]

    async def notice(self, row: asyncpg.Record) -> formats.Notice:
        """The notice in words, from rows the projection worker wrote: the lobby's names and
        scores, the seat's lines (no match folded here, issue 43)."""
        match_id, seat, upto = row["match_id"], row["seat"], row["upto_seq"]
        match = await self.pool.fetchrow(
            "SELECT l.game, l.players, l.scores, r.over AND r.revealed_seq <= $2 AS over"
            " FROM lobby AS l JOIN replay_matches AS r USING (match_id) WHERE match_id = $1",
            match_id,
            upto,
        )
        assert match is not None  # a notice follows the start
        names = seat_names(match["players"])
        after = min(row["after"], upto)  # a reminder may follow a notice of later entries
        told = await seat_lines.lines_between(self.pool, match_id, seat, after, upto, seat)
        lines = [f"#{t.seq} {t.line}" for t in told[-MAX_LINES:]]
        head = f"{match['game']} match {match_id}, seat {seat} ({names[seat]}), entry {upto}:"
        words = [f"{head} {headline(row['kind'], detail_of(row['detail']))}"]
        if match["over"]:  # the end reached as of `upto`: the lobby's scores are its last
            pairs = zip(names, match["scores"] or [], strict=False)
            words.append(f"Scores: {', '.join(f'{n} {s}' for n, s in pairs)}.")
        said = await messages_since(self.pool, match_id, seat, after, upto, names)
        if said:  # the seat's own rows: a target hears only what its seat may read
            words += ["Messages:", *(line.strip() for line in said)]
        return formats.Notice(
            row["delivery_id"], match_id, seat, row["kind"], upto, "\n".join(words + lines), lines
        )
