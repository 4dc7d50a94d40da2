"""A mail tells a seat's position as of its notice's entry, composed later, from rows the worker
wrote (`mail_views`, `seat_lines`, the lobby): the same view, commands and lines that folding
the match up to that entry gives, though the match has moved on since (issue 43)."""

from email.message import EmailMessage

import asyncpg

from events.codec import decode_record
from events.envelope import EntryBatch
from events.match import PartitionMatches
from events.narration import seat_names
from events.ruleset import get_ruleset
from projections import replay
from projections.lobby import Lobby
from projections.narrating import Narrations
from projections.projection import Folded
from projections.replay import Replay
from projections.seat_lines import SeatLines
from projections.seat_views import SeatViews
from services.client.render import render
from services.mail import compose
from services.mail.compose import Part
from services.mail.outbox import Outbox
from services.settings import Settings
from tests.projections.support import bot_decisions, judged, project

MATCH = "cw-mail"
DECISIONS = 60  # of the bots' match: enough for seat 0's turn to come and go a few times


async def _played(pool: asyncpg.Pool) -> tuple[list[int], list[int]]:
    """The match's first decisions projected one batch each, seat 0 with mail from the start;
    the entries where seat 0's turn began, and each batch's last once the match was set up."""
    await pool.execute(
        "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
        " from_seq, told_seq) VALUES ($1, 0, 'player-0', 'p0@mail.test', '{turn}', 0, 0, 0, 0)",
        MATCH,
    )
    ruleset, folded, turns, batches, asked = (
        get_ruleset("core-worlds"),
        PartitionMatches(),
        [],
        [],
        False,
    )
    records = [decode_record(v) for v in judged(bot_decisions(MATCH, 3, "mail"), 1)[0]]
    for record in [r for r in records if isinstance(r, EntryBatch)][:DECISIONS]:
        narrations = Narrations()
        counted, match = folded.fold_match(record, narrations.before)
        assert match is not None
        step = Folded(counted, "", match, narrations.narrated(match))
        for projection in (Lobby, Replay, SeatLines, SeatViews):
            await project(pool, projection, step)
        batches += [match.seq] if match.state is not None else []
        now = match.state is not None and 0 in ruleset.waiting(match.state).must
        if now and not asked:
            turns.append(match.seq)
        asked = now
    return turns, batches


async def test_a_mail_composed_later_tells_the_position_of_its_notice(
    pool: asyncpg.Pool, settings: Settings
) -> None:
    turns, _ = await _played(pool)
    latest = await pool.fetchval("SELECT seq FROM seat_views WHERE match_id = $1", MATCH)
    upto, after = turns[1], turns[0]
    assert upto < latest  # the match moved on before the mail was composed
    part = Part(MATCH, 0, "turn", upto, after, "token")
    mail = "\n".join(await compose.body(pool, settings, part))

    ruleset = get_ruleset("core-worlds")
    record = await replay.record_at(pool, MATCH, upto)
    names = seat_names(record.seat_players)
    view = render(ruleset.describe(ruleset.view(record.state, 0), names))
    commands = [ruleset.write_text(record.state, 0, d) for d in ruleset.legal(record.state, 0)]
    told = await replay.narrated(pool, MATCH, 0, after, upto, 0)
    assert "\n".join(["Your view:", *view]) in mail
    assert "\n".join(f"  {c}" for c in commands[: compose.MAX_COMMANDS]) in mail
    assert f"keep `#{upto}` on a line of its own" in mail
    assert "\n".join(f"  #{t.seq} {t.line}" for t in told) in mail
    now = await replay.record_at(pool, MATCH)
    moved = render(ruleset.describe(ruleset.view(now.state, 0), seat_names(now.seat_players)))
    assert moved != view  # the latest position would have read otherwise


async def test_only_seats_with_mail_keep_their_views_and_a_mail_sent_drops_the_older(
    pool: asyncpg.Pool, settings: Settings
) -> None:
    turns, batches = await _played(pool)
    kept = await pool.fetch("SELECT seat, seq FROM mail_views WHERE match_id = $1", MATCH)
    assert {r["seat"] for r in kept} == {0}
    assert sorted(r["seq"] for r in kept) == batches
    sent: list[EmailMessage] = []

    async def send(mail: EmailMessage) -> None:
        sent.append(mail)

    notice = {"delivery_id": "turn", "match_id": MATCH, "seat": 0, "kind": "turn"}
    notice |= {"upto_seq": turns[1], "told_seq": 0, "token": "t", "detail": None, "attempts": 0}
    await Outbox(settings, pool, b"k" * 64, send).mail("p0@mail.test", [notice], 0)
    assert len(sent) == 1
    kept = await pool.fetch("SELECT seq FROM mail_views WHERE match_id = $1", MATCH)
    assert sorted(r["seq"] for r in kept) == [b for b in batches if b >= turns[1]]
