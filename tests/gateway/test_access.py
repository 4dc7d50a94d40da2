"""Who may do what, asked of the gateway's `Access` in this process: matches judged as the rules
service judges them and written to the lobby and audit as the workers write them, tokens issued
as the gateway issues them, and each check asked through a request as a handler asks it."""

import functools
import uuid
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.exceptions import HTTPException
from litestar.testing import RequestFactory

from events.clock import Resign
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, EntryBatch
from events.match import PartitionMatches
from events.platform_rules import ORGANISER
from events.seats import ReplacePlayer
from projections.audit import Audit
from projections.lobby import Lobby
from projections.projection import Folded
from services import db
from services.gateway import reads, tokens
from services.gateway.access import Access, request_token
from services.gateway.context import Context
from services.rules.judge import rule_on
from services.settings import Settings
from tests.projections.support import project
from tests.tiny_ruleset import Add


@pytest.fixture
async def ctx(own_database: str) -> AsyncIterator[Context]:
    """The gateway's context on a migrated database of its own, as `Context.start` leaves it
    (no broker: nothing here sends a decision). Its own: a gateway elsewhere that listens
    again reads the tokens revoked in the minute before, and these tests revoke some."""
    ctx = Context(Settings(database_url=own_database))
    ctx.pool = await db.connect(own_database, size=2)
    await db.migrate(ctx.pool)
    yield ctx
    await ctx.pool.close()


class Table:
    """One race-to-21 match: each decision judged as the rules service judges it, then folded
    and written to the lobby and audit as the workers do, and told to the gateway as its hub
    tells it (`forget_match`)."""

    def __init__(self, ctx: Context, seats: int = 2, target: int = 21) -> None:
        self.ctx, self.seats, self.target = ctx, seats, target
        self.match_id = f"access-{uuid.uuid4().hex[:10]}"  # the database serves the session
        self.judge, self.fold = PartitionMatches(), PartitionMatches()
        self.offset = 0

    async def send(self, seat: int | None, body: Any, sender: str = "") -> str:
        """Judge and project a decision; its id."""
        decision_id = self.next_id()
        await self.judged(decision_id, seat, body, sender)
        return decision_id

    def next_id(self) -> str:
        """A decision's id, as the gateway gives it before the rules service judges it."""
        self.offset += 1
        return f"{self.match_id}:d{self.offset}"

    async def judged(self, decision_id: str, seat: int | None, body: Any, sender: str) -> None:
        decision = Decision(
            decision_id=decision_id,
            match_id=self.match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender,
            sent_at_ms=tokens.now_ms(),
        )
        offset = int(decision_id.rpartition(":d")[2])
        entries = rule_on(
            self.judge,
            encode(decision),
            partition=0,
            offset=offset,
            now_ms=tokens.now_ms(),
            fresh_seed=lambda: "access",
        )
        assert isinstance(entries, list), entries
        before = self.fold.matches.get(self.match_id)
        batch = EntryBatch(writer="", decision_partition=0, decision_offset=offset, entries=entries)
        counted, match = self.fold.fold_match(batch)
        assert match is not None
        step = Folded(counted, before.state_hash if before else "", match)
        for projection in (Lobby, Audit):
            await project(self.ctx.pool, projection, step)
        self.ctx.forget_match(self.match_id)

    async def open(self) -> "Table":
        create = CreateMatch(
            ruleset="race-to-21", seats=self.seats, options={"target": self.target}
        )
        await self.send(None, create, ORGANISER)
        return self

    async def seat_token(
        self, seat: int, player: str, player_id: str | None = None, *, judge: bool = True
    ) -> str:
        """Join as `claim_seat` does: the claim sent, a token issued with its id (judged at
        once unless `judge` is False)."""
        claim = ClaimSeat(player=player)
        decision_id = self.next_id()
        bearer = tokens.Bearer(
            kind="seat",
            match_id=self.match_id,
            seat=seat,
            player=player,
            claim_decision_id=decision_id,
            player_id=player_id,
        )
        token = await tokens.issue(self.ctx.pool, bearer)
        if judge:
            await self.judged(decision_id, seat, claim, player)
        return token


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


@functools.cache
def gateway(ctx: Context) -> Litestar:
    """An app holding the context as the gateway's does; no handler is needed to ask `Access`."""
    return Litestar(route_handlers=[], state=ctx.as_state())


def request(ctx: Context, headers: dict[str, str]) -> Any:
    return RequestFactory(app=gateway(ctx)).get("/matches/m/view", headers=headers)


async def access(ctx: Context, token: str | None) -> Access:
    """The access a handler gets for a request with this token."""
    return await Access.of(request(ctx, bearer(token)))


async def refusal(check: Any) -> tuple[int, str]:
    """The status and reason a check refuses with (it must refuse)."""
    with pytest.raises(HTTPException) as refused:
        await check
    return refused.value.status_code, refused.value.detail


NO_TOKEN = (401, "a token is needed (Authorization: Bearer <token>)")
NO_SEAT = (403, "your token holds no seat of this match")
NOT_YET = (403, "other seats' decisions are open once the match ends")
NOT_EYES = (403, "other seats' eyes are open once the match ends")


async def organiser_token(ctx: Context) -> str:
    return await tokens.issue(ctx.pool, tokens.Bearer(kind="organiser"))


async def player_token(ctx: Context, name: str) -> tuple[str, str]:
    """A new player's (player_id, token), as `POST /players` makes them."""
    player_id, token, _ = await tokens.new_player(ctx.pool, name, days=1)
    return player_id, token


async def finish(table: Table) -> None:
    """Seat 0 brings the total to the target (at most 3)."""
    await table.send(0, Add(amount=table.target), "ann")
    assert (await reads.match(table.ctx.pool, table.match_id))["status"] == "finished"


def test_a_token_comes_from_the_bearer_header_or_only_a_streams_address() -> None:
    def token(headers: dict[str, str], path: str = "/matches/m/view", **query: str) -> str | None:
        return request_token(RequestFactory().get(path, headers=headers, query_params=query))

    assert token({"authorization": "Bearer abc"}) == "abc"
    assert token({"authorization": "bearer  abc "}) == "abc"
    assert token({"authorization": "BEARER abc"}) == "abc"
    assert token({"authorization": "Bearer "}) is None
    assert token({"authorization": "Basic abc"}) is None
    assert token({}) is None
    assert token({}, "/matches/m/stream", token="abc") == "abc"
    assert token({"authorization": "Bearer xyz"}, "/matches/m/stream", token="abc") == "xyz"
    assert token({}, "/matches/m/view", token="abc") is None
    assert token({}, "/matches/m/stream") is None


async def test_without_a_standing_token_nobody_acts_or_audits(ctx: Context) -> None:
    table = await Table(ctx).open()
    ann = await table.seat_token(0, "ann")
    m = table.match_id
    for unknown in ("not-a-token", await player_token(ctx, "gone")):
        if isinstance(unknown, tuple):
            await ctx.revoke([tokens.digest(unknown[1])], "test")
            unknown = unknown[1]
        assert await refusal(access(ctx, unknown)) == (401, "unknown, expired or revoked token")

    anyone = await access(ctx, None)
    assert anyone.bearer is None and anyone.token is None
    for check in (
        anyone.organiser(),
        anyone.acts_for(m),
        anyone.audits(m, 0),
        anyone.explains(m, None, 1),
        anyone.ruling_seat(m, "d", 0),
    ):
        assert await refusal(check) == NO_TOKEN
    with pytest.raises(HTTPException) as refused:
        anyone.player()
    assert (refused.value.status_code, refused.value.detail) == NO_TOKEN
    assert await anyone.own_seat(m) is None
    assert await anyone.replay_eyes(m) == (None, False)
    assert await refusal(anyone.replay_eyes(m, 0)) == NOT_EYES
    assert not await anyone.still_acts_for(m)
    assert await (await access(ctx, ann)).still_acts_for(m)


async def test_a_seat_token_acts_and_reads_for_its_own_seat_only(ctx: Context) -> None:
    table, elsewhere = await Table(ctx).open(), await Table(ctx).open()
    m = table.match_id
    ann, bob = await table.seat_token(0, "ann"), await table.seat_token(1, "bob")
    stranger = await elsewhere.seat_token(0, "sam")
    first = await table.send(0, Add(amount=1), "ann")

    me = await access(ctx, ann)
    assert await refusal(me.organiser()) == (403, "only an organiser may do this")
    with pytest.raises(HTTPException) as refused:
        me.player()
    assert refused.value.detail == "this needs a player token (POST /players)"
    seat = await me.acts_for(m)
    assert (seat.kind, seat.match_id, seat.seat, seat.player) == ("seat", m, 0, "ann")
    assert await me.acts_for(m, deciding=True) == seat
    assert await me.own_seat(m) == 0
    assert await me.audits(m, 0) is None
    assert await refusal(me.audits(m, 1)) == NOT_YET
    assert await refusal(me.audits(m, None)) == NOT_YET  # every seat's rejections
    assert await me.explains(m, None, 1) == 0  # the match's own decisions, for her eyes
    assert await me.explains(m, 0, 1) == 0
    assert await refusal(me.explains(m, 1, 1)) == NOT_YET
    assert await me.ruling_seat(m, first, None) == (0, None)
    assert await me.ruling_seat(m, first, 0) == (0, None)
    assert await refusal(me.ruling_seat(m, first, 1)) == NOT_YET
    assert await me.replay_eyes(m) == (0, False)
    assert await me.replay_eyes(m, 0) == (0, False)
    assert await refusal(me.replay_eyes(m, 1)) == NOT_EYES
    assert await (await access(ctx, bob)).own_seat(m) == 1

    other = await access(ctx, stranger)
    assert await refusal(other.acts_for(m)) == (
        403,
        "your token holds a seat of another match",
    )
    assert not await other.still_acts_for(m)
    assert await other.own_seat(m) is None
    for check in (other.audits(m, 0), other.explains(m, None, 1), other.ruling_seat(m, first, 0)):
        assert await refusal(check) == NO_SEAT
    assert await other.replay_eyes(m) == (None, False)
    assert await refusal(other.replay_eyes(m, 0)) == NOT_EYES
    assert await other.own_seat(elsewhere.match_id) == 0  # its own match is untouched


async def test_organisers_audit_anything_and_act_for_no_seat(ctx: Context) -> None:
    table = await Table(ctx).open()
    m = table.match_id
    await table.seat_token(0, "ann")
    await table.seat_token(1, "bob")
    first = await table.send(0, Add(amount=1), "ann")

    organiser = await access(ctx, await organiser_token(ctx))
    assert (await organiser.organiser()).kind == "organiser"
    assert await refusal(organiser.acts_for(m)) == (403, "you hold no seat of this match")
    assert await organiser.own_seat(m) is None  # sealed choices stay sealed to organisers
    for seat in (0, 1, None):
        assert await organiser.audits(m, seat) is None
        # a running match's seats told for the public's eyes until the organiser opens them
        assert await organiser.explains(m, seat, 1) is None
        assert await organiser.ruling_seat(m, first, seat) == (seat, None)
    assert await organiser.audits("no-such-match", 0) is None
    assert await organiser.replay_eyes(m) == (None, False)
    assert await refusal(organiser.replay_eyes(m, 0)) == NOT_EYES


async def test_the_loser_of_a_join_race_acts_and_reads_for_nobody(ctx: Context) -> None:
    """Two claims of seat 0, both given a token: the log seats the first, and the other token
    acts for nobody, on every path; it reads what anyone reads, and learns its claim lost."""
    table = await Table(ctx).open()
    m = table.match_id
    ann, eve = await table.seat_token(0, "ann"), await table.seat_token(0, "eve")
    await table.seat_token(1, "bob")
    won = await table.send(0, Add(amount=1), "ann")
    eve_claim = (await ctx.bearer_of(eve)).claim_decision_id
    ann_claim = (await ctx.bearer_of(ann)).claim_decision_id

    loser = await access(ctx, eve)
    assert await refusal(loser.acts_for(m)) == (
        403,
        f"your claim of seat 0 is not accepted (yet): see /matches/{m}/decisions/{eve_claim}",
    )
    assert await refusal(loser.acts_for(m, deciding=True)) == await refusal(loser.acts_for(m))
    assert not await loser.still_acts_for(m)
    assert await loser.own_seat(m) is None
    for seat in (0, 1, None):
        assert await refusal(loser.audits(m, seat)) == NO_SEAT
        assert await refusal(loser.explains(m, seat, 1)) == NO_SEAT
    for decision_id in (won, ann_claim):
        for seat in (0, None):
            assert await refusal(loser.ruling_seat(m, decision_id, seat)) == NO_SEAT
    assert await loser.ruling_seat(m, eve_claim, None) == (0, None)  # it learns it lost
    assert await loser.ruling_seat(m, eve_claim, 0) == (0, None)
    assert await refusal(loser.ruling_seat(m, eve_claim, 1)) == NO_SEAT
    assert await loser.replay_eyes(m) == (None, False)
    assert await refusal(loser.replay_eyes(m, 0)) == NOT_EYES

    winner = await access(ctx, ann)
    assert (await winner.acts_for(m)).player == "ann"
    assert await winner.ruling_seat(m, ann_claim, None) == (0, None)


async def test_a_claim_acts_once_the_log_accepted_it(ctx: Context) -> None:
    table = await Table(ctx).open()
    m = table.match_id
    ann = await table.seat_token(0, "ann", judge=False)
    claim = (await ctx.bearer_of(ann)).claim_decision_id
    waiting = await access(ctx, ann)
    assert await refusal(waiting.acts_for(m)) == (
        403,
        f"your claim of seat 0 is not accepted (yet): see /matches/{m}/decisions/{claim}",
    )
    assert await waiting.own_seat(m) is None
    assert await waiting.ruling_seat(m, claim, None) == (0, None)  # pending, then its verdict
    await table.judged(claim, 0, ClaimSeat(player="ann"), "ann")
    assert (await (await access(ctx, ann)).acts_for(m)).seat == 0
    assert await waiting.still_acts_for(m)


async def test_a_resigned_holder_sees_what_the_public_sees(ctx: Context) -> None:
    """A seat gone to a bot is no longer its player's: the token still stands but acts and
    reads for nobody, save for the rulings on what it sent itself."""
    table = await Table(ctx).open()
    m = table.match_id
    ann = await table.seat_token(0, "ann")
    await table.seat_token(1, "bob")
    was_acting = await access(ctx, ann)
    assert await was_acting.acts_for(m)
    added = await table.send(0, Add(amount=1), "ann")
    resigned = await table.send(0, Resign(), "ann")
    bobs = await table.send(1, Add(amount=1), "bob")

    former = await access(ctx, ann)
    assert former.bearer is not None  # its token still stands
    assert await refusal(former.acts_for(m)) == (
        403,
        "seat 0 is no longer yours (resigned, handed over or replaced):"
        " you see what the public sees",
    )
    assert not await was_acting.still_acts_for(m)
    assert await former.own_seat(m) is None
    for seat in (0, 1, None):
        assert await refusal(former.audits(m, seat)) == NO_SEAT
        assert await refusal(former.explains(m, seat, 1)) == NO_SEAT
    for decision_id in (added, resigned, bobs):  # its own sendings' alone (`reads.ruling`)
        assert await former.ruling_seat(m, decision_id, None) == (0, "ann")
        assert await former.ruling_seat(m, decision_id, 0) == (0, "ann")
    assert await refusal(former.ruling_seat(m, bobs, 1)) == NO_SEAT
    assert await former.replay_eyes(m) == (None, False)
    assert await refusal(former.replay_eyes(m, 0)) == NOT_EYES


async def test_a_replaced_player_holds_nothing_and_the_newcomer_acts(ctx: Context) -> None:
    """As `replace_player` does it: the seat's tokens revoked, the replacement sent, and the
    newcomer's token claimed by it."""
    table = await Table(ctx).open()
    m = table.match_id
    ann_id, ann_player = await player_token(ctx, "ann")
    ann = await table.seat_token(0, "ann", ann_id)
    await table.seat_token(1, "bob")
    hers = await access(ctx, ann_player)
    assert (await hers.acts_for(m)).seat == 0

    await ctx.revoke(await tokens.seat_digests(ctx.pool, m, 0), "replaced")
    replaced = await table.send(0, ReplacePlayer("cy"), ORGANISER)
    bearer = tokens.Bearer(kind="seat", match_id=m, seat=0, player="cy", claim_decision_id=replaced)
    cy = await tokens.issue(ctx.pool, bearer)

    assert await refusal(access(ctx, ann)) == (401, "unknown, expired or revoked token")
    former = await access(ctx, ann_player)
    assert await refusal(former.acts_for(m)) == (403, "you hold no seat of this match")
    assert await former.own_seat(m) is None
    assert await former.replay_eyes(m) == (None, False)
    assert await refusal(former.audits(m, 0)) == NO_SEAT
    newcomer = await access(ctx, cy)
    assert (await newcomer.acts_for(m)).player == "cy"
    assert await newcomer.own_seat(m) == 0
    assert await newcomer.ruling_seat(m, replaced, None) == (0, None)


async def test_a_player_token_acts_for_the_one_seat_its_player_holds(ctx: Context) -> None:
    """Through that seat's own token, while it stands; a lost claim is not a seat held."""
    table, other = await Table(ctx, seats=3).open(), await Table(ctx).open()
    m = table.match_id
    ann_id, ann = await player_token(ctx, "ann")
    await table.seat_token(0, "bob")
    await table.seat_token(0, "ann", ann_id)  # lost to bob
    seat_1 = await table.seat_token(1, "ann", ann_id)
    await other.seat_token(0, "ann", ann_id)

    mine = await access(ctx, ann)
    assert mine.player().player_id == ann_id
    seat = await mine.acts_for(m, deciding=True)
    assert (seat.kind, seat.seat, seat.player_id) == ("seat", 1, ann_id)
    assert await mine.own_seat(m) == 1
    assert await mine.audits(m, 1) is None
    assert await refusal(mine.audits(m, 0)) == NOT_YET
    assert await mine.explains(m, None, 1) == 1
    assert await mine.replay_eyes(m, 1) == (1, False)
    assert await mine.still_acts_for(m)
    assert await refusal(mine.organiser()) == (403, "only an organiser may do this")

    seat_token = await access(ctx, seat_1)  # a seat token of a player's is no player token
    with pytest.raises(HTTPException) as refused:
        seat_token.player()
    assert refused.value.status_code == 403

    await ctx.revoke([tokens.digest(seat_1)], "revoked by the organiser")
    now = await access(ctx, ann)
    assert await refusal(now.acts_for(m)) == (403, "you hold no seat of this match")
    assert await now.own_seat(m) is None
    assert await refusal(now.audits(m, 1)) == NO_SEAT
    assert not await mine.still_acts_for(m)


async def test_a_player_token_holding_two_seats_of_a_match_must_use_their_tokens(
    ctx: Context,
) -> None:
    table = await Table(ctx, seats=3).open()
    m = table.match_id
    ann_id, ann = await player_token(ctx, "ann")
    first = await table.seat_token(0, "ann", ann_id)
    second = await table.seat_token(2, "ann", ann_id)
    await table.seat_token(1, "bob")
    sent = await table.send(0, Add(amount=1), "ann")

    both = await access(ctx, ann)
    two = (409, "you hold seats 0, 2 of this match: use each seat's own token")
    for check in (
        both.acts_for(m),
        both.acts_for(m, deciding=True),
        both.own_seat(m),
        both.audits(m, 0),
        both.explains(m, None, 1),
        both.ruling_seat(m, sent, 0),
        both.replay_eyes(m),
    ):
        assert await refusal(check) == two
    assert not await both.still_acts_for(m)
    assert (await (await access(ctx, first)).acts_for(m)).seat == 0
    assert (await (await access(ctx, second)).acts_for(m)).seat == 2


async def test_once_a_match_ends_its_seats_audit_all_and_anyone_replays_it(ctx: Context) -> None:
    table = await Table(ctx, target=3).open()
    m = table.match_id
    ann = await table.seat_token(0, "ann")
    bob = await table.seat_token(1, "bob")
    eve = await table.seat_token(1, "eve")  # lost to bob
    bobs = await table.send(1, Add(amount=1), "bob")  # out of turn: rejected
    await finish(table)

    me = await access(ctx, ann)
    for seat in (0, 1, None):
        assert await me.audits(m, seat) is None
        assert await me.explains(m, seat, 1) == (0 if seat is None else seat)
    assert await me.ruling_seat(m, bobs, 1) == (1, None)
    assert await (await access(ctx, bob)).acts_for(m)
    loser = await access(ctx, eve)
    assert await refusal(loser.audits(m, 0)) == NO_SEAT
    for reader in (None, ann, eve):
        eyes = await access(ctx, reader)
        assert await eyes.replay_eyes(m) == (None, True)
        assert await eyes.replay_eyes(m, 1) == (1, True)


async def test_a_seat_decides_at_most_twenty_times_a_second_whichever_token_sends(
    ctx: Context,
) -> None:
    table = await Table(ctx).open()
    m = table.match_id
    ann_id, ann_player = await player_token(ctx, "ann")
    ann, bob = await table.seat_token(0, "ann", ann_id), await table.seat_token(1, "bob")
    for _ in range(30):  # reading is not deciding
        assert await (await access(ctx, ann)).acts_for(m)
    for _ in range(10):
        assert await (await access(ctx, ann)).acts_for(m, deciding=True)
        assert await (await access(ctx, ann_player)).acts_for(m, deciding=True)
    for token in (ann, ann_player):  # one budget for the seat, not one per token
        assert await refusal((await access(ctx, token)).acts_for(m, deciding=True)) == (
            429,
            "at most 20 decisions a second for a seat",
        )
    assert await (await access(ctx, bob)).acts_for(m, deciding=True)  # a budget per seat
