"""Clocks of a second or two on the real stack (rules service, projections, gateway, bots worker
and clock service as processes): a timeout applies the default decision, an excused miss is
forgiven, a bot takes a seat over and finishes the match, a clock service killed mid-match
loses no deadline and fires none twice, and an outage extends what fell due during it; and
the organiser's tools and a resignation over HTTP; a response window lapsing by its own short
deadline while a turn has a long one, and Twilight Imperium 3's Sabotage windows (one a bot
answers, one whose window time lapses, sealed meanwhile). Nobody plays the human seats: the
clock plays them. Every match but Last word's and Twilight Imperium's is a race to a small
total."""

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest

from events import platform_rules as rules
from events.calendar import due_after
from events.clock import (
    Clock,
    ClockResumed,
    DeadlineExtended,
    DeadlineReached,
    DeadlineSet,
    DefaultApplied,
    SeatHandedToBot,
)
from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling, SeedRevealed
from events.rulesets.twilight_imperium_3.card_events import CardsRevealed
from events.rulesets.twilight_imperium_3.happenings import Opened
from services.client import clock as clock_lines
from services.client.verify import archived
from services.mail.compose import headline
from services.mail.outbox import detail_of
from services.rules.rejudge import verify
from tests.conftest import Broker, fresh_settings
from tests.stack import Stack, running_stack
from tests.support import LogReader, decision, produce, rulings, wait_for

OUTAGE_S = 30  # a longer silence of the clock is an outage (a restart, even busy, is shorter)


@pytest.fixture(scope="module")
async def clock_stack(
    main_broker: Broker, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Stack]:
    settings = await fresh_settings(main_broker, database_url)
    settings = msgspec.structs.replace(settings, clock_tick_ms=200, clock_outage_ms=OUTAGE_S * 1000)
    async with running_stack(settings, tmp_path_factory.mktemp("clock")) as running:
        yield running


class Match:
    """A race match opened and joined over HTTP, and its log as the match-log topic holds it."""

    def __init__(self, stack: Stack, match_id: str, tokens: dict[int, str]) -> None:
        self.stack, self.match_id, self.tokens = stack, match_id, tokens

    @classmethod
    async def open(
        cls,
        stack: Stack,
        clock: dict[str, Any],
        target: int,
        bots: dict[int, str] | None = None,
        game: str = "race-to-21",
    ) -> "Match":
        bots = bots or {}
        async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
            opened = await http.post(
                "/matches",
                headers=stack.organiser(),
                json={
                    "game": game,
                    "seats": 2,
                    "options": {"target": target} if game == "race-to-21" else {},
                    "clock": clock,
                    "bots": [{"seat": s, "bot": level} for s, level in bots.items()],
                },
            )
            assert opened.status_code == 202, opened.text
            match_id = opened.json()["match_id"]
            await _until(lambda: _lobby(http, match_id))
            tokens = {}
            for seat, player in enumerate(("ann", "bob")):
                if seat not in bots:
                    joined = await http.post(
                        f"/matches/{match_id}/join", json={"seat": seat, "player": player}
                    )
                    tokens[seat] = joined.json()["token"]
        return cls(stack, match_id, tokens)

    async def log_until(
        self, done: Callable[[list[Entry[Any]]], bool], timeout: float = 60.0
    ) -> list[Entry[Any]]:
        async with LogReader(self.stack.settings, self.stack.settings.match_log_topic) as log:
            await log.until(lambda r: done(r.entries().get(self.match_id, [])), timeout)
            return log.entries()[self.match_id]

    async def played_out(self) -> list[Entry[Any]]:
        return await self.log_until(lambda es: any(isinstance(e.body, SeedRevealed) for e in es))

    async def lobby(self) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=self.stack.gateway, timeout=10) as http:
            return await _until(lambda: _lobby(http, self.match_id))


async def _lobby(http: httpx.AsyncClient, match_id: str) -> dict[str, Any] | None:
    reply = await http.get(f"/matches/{match_id}")
    return reply.json() if reply.status_code == 200 else None


async def _until(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    found: list[Any] = []

    async def poll() -> None:
        while (value := await check()) is None:
            await asyncio.sleep(0.1)
        found.append(value)

    await asyncio.wait_for(poll(), timeout)
    return found[0]


def of(kind: type, entries: list[Entry[Any]]) -> list[Any]:
    return [e.body for e in entries if isinstance(e.body, kind)]


def reached_once_each(entries: list[Entry[Any]]) -> None:
    """No deadline was reached twice, and each one set was reached in the end (nobody plays,
    and the match ended); an excused one is reached again at its new time."""
    reached = [(d.seat, d.at_seq, d.due_ms) for d in of(DeadlineReached, entries)]
    assert len(set(reached)) == len(reached)
    final = [(d.seat, d.at_seq) for d in of(DeadlineReached, entries) if d.outcome != "excused"]
    assert sorted(final) == sorted((d.seat, d.at_seq) for d in of(DeadlineSet, entries))
    rulings(entries)  # and no decision was judged twice


async def test_a_timeout_applies_the_default_decision_and_explain_says_why(
    clock_stack: Stack,
) -> None:
    clock = {"per_decision_s": 1, "on_timeout": "default", "level": "pass"}
    match = await Match.open(clock_stack, clock, target=3)
    row = await match.lobby()
    assert row["clock"]["per_decision_s"] == 1 and row["clock"]["on_timeout"] == "default"
    assert any("clock: 1 s a decision" in line for line in clock_lines.lines(row))
    entries = await match.played_out()
    applied = of(DefaultApplied, entries)
    assert [d.seat for d in applied] == [0, 1, 0] and {d.level for d in applied} == {"pass"}
    reached_once_each(entries)
    assert verify(await archived(clock_stack.settings.database_url, match.match_id)) is None

    first = next(e for e in entries if isinstance(e.body, DefaultApplied))
    async with httpx.AsyncClient(base_url=clock_stack.gateway, timeout=10) as http:
        ann = {"authorization": f"Bearer {match.tokens[0]}"}
        why = (await http.get(f"/matches/{match.match_id}/explain/{first.seq}", headers=ann)).json()
    lines = [told["line"] for told in why["narration"]]
    assert why["sender"] == "clock" and why["rule"] == rules.CLOCK
    assert any(line.startswith("ann's deadline of") for line in lines)
    assert "the pass bot decided for ann: add 1 (T-1)" in lines


async def test_an_excused_miss_is_forgiven_once(clock_stack: Stack) -> None:
    clock = {"per_decision_s": 1, "excuses": 1, "level": "pass"}
    match = await Match.open(clock_stack, clock, target=2)
    entries = await match.played_out()
    ann = [e.body for e in entries if getattr(e.body, "seat", None) == 0]
    excused = next(i for i, b in enumerate(ann) if isinstance(b, DeadlineExtended))
    assert ann[excused].reason == "excuse" and ann[excused - 1].outcome == "excused"
    assert not any(isinstance(b, DefaultApplied) for b in ann[:excused])
    assert [d.seat for d in of(DefaultApplied, entries)] == [0, 1]  # the second misses count
    reached_once_each(entries)


async def test_a_bot_takes_a_seat_over_and_finishes_the_match(clock_stack: Stack) -> None:
    clock = {"per_decision_s": 1, "on_timeout": "bot", "level": "greedy"}
    match = await Match.open(clock_stack, clock, target=9, bots={1: "greedy"})
    entries = await match.played_out()
    assert of(SeatHandedToBot, entries) == [SeatHandedToBot(0, "greedy", "ann", "timeout")]
    assert len(of(DeadlineReached, entries)) == 1  # a bot's seat has no deadline
    row = await _until_finished(match)
    assert row["players"] == ["bot:greedy", "bot:greedy"] and row["winners"]


async def _until_finished(match: Match) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=match.stack.gateway, timeout=10) as http:

        async def finished() -> dict[str, Any] | None:
            row = await _lobby(http, match.match_id)
            return row if row and row["status"] == "finished" else None

        return await _until(finished)


async def test_a_clock_killed_mid_match_loses_no_deadline_and_fires_none_twice(
    clock_stack: Stack,
) -> None:
    clock_process = clock_stack.processes["clock"]
    match = await Match.open(clock_stack, {"per_decision_s": 1}, target=6)
    await match.log_until(lambda es: len(of(DefaultApplied, es)) >= 2)
    clock_process.kill()
    await asyncio.sleep(1.5)  # a deadline falls due meanwhile; shorter than an outage
    clock_process.start()
    entries = await match.played_out()
    assert len(of(DefaultApplied, entries)) == 6
    assert not of(DeadlineExtended, entries)  # no outage: what fell due was fired late
    reached_once_each(entries)


async def test_an_outage_extends_what_fell_due_by_its_length(clock_stack: Stack) -> None:
    clock_process = clock_stack.processes["clock"]
    match = await Match.open(clock_stack, {"per_decision_s": 2}, target=2)
    entries = await match.log_until(lambda es: bool(of(DeadlineSet, es)))
    clock_process.kill()
    first = of(DeadlineSet, entries)[0]
    await asyncio.sleep(2.5)  # past the deadline
    # its last sweep set back beyond an outage, rather than waiting one out
    conn = await asyncpg.connect(clock_stack.settings.database_url)
    try:
        await conn.execute(
            "UPDATE clock_heartbeats SET seen_ms = seen_ms - $2 WHERE name = $1",
            clock_stack.settings.group("clock"),
            (OUTAGE_S + 2) * 1000,
        )
    finally:
        await conn.close()
    clock_process.start()
    entries = await match.played_out()
    [moved] = of(DeadlineExtended, entries)
    assert moved.reason == "outage" and moved.seat == first.seat
    assert moved.by_ms > OUTAGE_S * 1000 and moved.due_ms == first.due_ms + moved.by_ms
    reached = of(DeadlineReached, entries)
    assert (reached[0].seat, reached[0].due_ms) == (first.seat, moved.due_ms)
    reached_once_each(entries)
    await wait_for(lambda: "clock_outage" in clock_stack.log_text("clock"))


async def _ruled(
    http: httpx.AsyncClient, match_id: str, reply: httpx.Response, token: str
) -> dict[str, Any]:
    """The ruling on the decision a 202 answer names (the token's seat's, or the match's own)."""
    assert reply.status_code == 202, reply.text
    path = f"/matches/{match_id}/decisions/{reply.json()['decision_id']}"
    auth = {"authorization": f"Bearer {token}"}

    async def judged() -> dict[str, Any] | None:
        found = (await http.get(path, headers=auth)).json()
        return None if found["status"] == "pending" else found

    return await _until(judged)


async def test_the_organiser_extends_pauses_and_resumes_and_a_player_resigns(
    clock_stack: Stack,
) -> None:
    match = await Match.open(clock_stack, {"per_decision_s": 600}, target=21)
    first = (await match.lobby())["deadlines"]
    organiser, ann = clock_stack.organiser_token, match.tokens[0]
    path = f"/matches/{match.match_id}"
    async with httpx.AsyncClient(base_url=clock_stack.gateway, timeout=10) as http:
        as_organiser = {"headers": clock_stack.organiser()}
        extend = {"by_s": 60, "note": "flu"}
        moved = await http.post(f"{path}/deadlines/0/extend", json=extend, **as_organiser)
        assert (await _ruled(http, match.match_id, moved, organiser))["status"] == "accepted"
        assert (
            await _ruled(
                http,
                match.match_id,
                await http.post(f"{path}/clock/pause", **as_organiser),
                organiser,
            )
        )["status"] == "accepted"
        paused = await match.lobby()
        assert paused["clock"]["paused_since"] and paused["deadlines"][0]["due"] > first[0]["due"]
        swept = "SELECT count(*) FROM deadlines WHERE match_id = $1"
        pool = await asyncpg.connect(clock_stack.settings.database_url)
        try:
            assert await pool.fetchval(swept, match.match_id) == 0  # no deadline runs
            resumed = await http.post(f"{path}/clock/resume", **as_organiser)
            assert (await _ruled(http, match.match_id, resumed, organiser))["status"] == "accepted"
            as_ann = {"headers": {"authorization": f"Bearer {ann}"}}
            refused = await http.post(f"{path}/clock/pause", **as_ann)
            assert refused.status_code == 403
            resigned = await http.post(f"{path}/resign", **as_ann)
            assert (await _ruled(http, match.match_id, resigned, ann))["rule"] == rules.RESIGN
            played = await match.log_until(lambda es: len(of(DeadlineSet, es)) >= 2)
            assert of(SeatHandedToBot, played) == [SeatHandedToBot(0, "pass", "ann", "resigned")]
            late = await http.post(
                f"{path}/decisions",
                json={
                    "decision_id": f"{match.match_id}-ann",
                    "body": {"type": "race.add", "amount": 1},
                },
                **as_ann,
            )
            # ann's token acts no more: the gateway refuses it now (the judge, one in flight)
            assert late.status_code == 403 and "no longer yours" in late.text
            stop = await http.post(f"{path}/clock/pause", **as_organiser)  # so no deadline is left
            assert (await _ruled(http, match.match_id, stop, organiser))["status"] == "accepted"
            await wait_for_rows(pool, swept, match.match_id)
        finally:
            await pool.close()
    entries = await match.log_until(lambda es: bool(of(ClockResumed, es)))
    reasons = [d.reason for d in of(DeadlineExtended, entries)]
    assert reasons == ["organiser", "paused"]


async def wait_for_rows(conn: asyncpg.Connection, query: str, match_id: str) -> None:
    async def none_left() -> bool | None:
        return True if await conn.fetchval(query, match_id) == 0 else None

    await _until(none_left)


async def test_a_calendar_clock_is_told_in_its_zone_and_an_unknown_zone_refused(
    clock_stack: Stack,
) -> None:
    clock = {
        "per_decision_s": 600,
        "zone": "Europe/Rome",
        "days_off": ["sat", "sun"],
        "quiet_hours": [22, 7],
    }
    match = await Match.open(clock_stack, clock, target=21)
    row = await match.lobby()
    calendar = "runs in Europe/Rome time, not on sat, sun, nor from 22:00 until 07:00"
    assert row["clock"]["calendar"] == calendar
    assert row["deadlines"][0]["due_told"].endswith(" Europe/Rome")
    assert any(f"({calendar})" in line for line in clock_lines.lines(row))
    entries = await match.log_until(lambda es: bool(of(DeadlineSet, es)))
    set_ = next(e for e in entries if isinstance(e.body, DeadlineSet))
    sent = rulings(entries)[set_.decision_id].sent_at_ms  # the decision after which it was set
    assert set_.body.due_ms == due_after(msgspec.convert(clock, Clock), sent, 600_000)
    async with httpx.AsyncClient(base_url=clock_stack.gateway, timeout=10) as http:
        refused = await http.post(
            "/matches",
            headers=clock_stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "clock": {**clock, "zone": "Mars/Olympus"}},
        )
    assert refused.status_code == 422 and "no time zone 'Mars/Olympus'" in refused.text


async def test_a_window_lapses_by_its_own_deadline_and_its_seat_hears_of_a_window(
    clock_stack: Stack,
) -> None:
    clock = {"per_decision_s": 3600, "window_s": 1, "level": "pass"}
    match = await Match.open(clock_stack, clock, target=0, game="last-word")
    path = f"/matches/{match.match_id}"
    async with httpx.AsyncClient(base_url=clock_stack.gateway, timeout=10) as http:
        auth = {s: {"authorization": f"Bearer {t}"} for s, t in match.tokens.items()}
        for seat, player in enumerate(("ann", "bob")):
            mail = {"address": f"{player}@window.test"}
            assert (await http.put(f"{path}/mail", json=mail, headers=auth[seat])).is_success
        [striker] = await _until(lambda: _to_act(http, match.match_id))
        legal = (await http.get(f"{path}/legal", headers=auth[striker])).json()
        strike = {"decision_id": f"{match.match_id}-strike", "body": legal["decisions"][0]}
        assert (await http.post(f"{path}/decisions", json=strike, headers=auth[striker])).is_success
    answerer = 1 - striker
    entries = await match.log_until(
        lambda es: bool(of(DefaultApplied, es)) and len(of(DeadlineSet, es)) >= 3
    )
    _, window, turn = of(DeadlineSet, entries)  # the striker's turn, the window, the next turn
    assert window.seat == answerer
    assert window.window and not turn.window and turn.seat == answerer  # the next turn is its
    reached = of(DeadlineReached, entries)
    assert [(r.seat, r.due_ms, r.outcome) for r in reached] == [
        (answerer, window.due_ms, "default")  # one second, while turns have an hour
    ]
    assert turn.due_ms - window.due_ms >= 3600 * 1000 - 1000
    assert of(DefaultApplied, entries)[0].seat == answerer
    pool = await asyncpg.connect(clock_stack.settings.database_url)
    try:
        told = "SELECT seat, kind, detail FROM mail_outbox WHERE match_id = $1 AND kind = $2"
        notice = await _until(lambda: pool.fetchrow(told, match.match_id, "window"))
    finally:
        await pool.close()
    assert notice["seat"] == answerer  # the striker hears nothing of who is asked
    words = headline("window", detail_of(notice["detail"]))
    assert words.startswith("An answer window is open to you until ") and "your turn" not in words
    assert words.endswith(", or pass; with no answer, you pass.")  # the clock's `pass` level


async def _to_act(http: httpx.AsyncClient, match_id: str) -> list[int] | None:
    row = await _lobby(http, match_id)
    return row["to_act"] if row and row["to_act"] else None


TI3 = "twilight-imperium-3"
# a seed on which, Ann playing seat 1 by the clock's `pass` and seats 0 and 2 `greedy`, seat 2
# holding a Sabotage is asked first (about decision 55), then seats 2 and 1 at once (about 92)
TI3_SEED = "w14"
ANN, BOT = 1, 2


async def test_twilight_imperium_sabotage_windows_by_message(clock_stack: Stack) -> None:
    """A bot answers a Sabotage window at once, its answer held; Ann's lapses by the clock's
    window time (3 s against a decision's 1, long enough to look at it open) and the clock's bot
    answers `no sabotage` for her, held too; meanwhile she hears of a window, and neither her
    lines, her view nor the public's show that the bot answered there before the reveal."""
    match_id = "ti3-sabotage-windows"
    clock = Clock(per_decision_s=1, window_s=3, level="pass")
    create = CreateMatch(ruleset=TI3, seats=3, seed=TI3_SEED, clock=clock)
    seated = [
        decision(match_id, s, ClaimSeat(player="bot:greedy"), sender=rules.ORGANISER)
        for s in (0, BOT)
    ]
    opened = decision(match_id, None, create, sender=rules.ORGANISER)
    await produce(clock_stack.settings, [opened, *seated])
    async with httpx.AsyncClient(base_url=clock_stack.gateway, timeout=10) as http:
        await _until(lambda: _lobby(http, match_id))
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": ANN, "player": "ann"})
        token = joined.json()["token"]
        auth = {"authorization": f"Bearer {token}"}
        mail = {"address": "ann@window.test"}

        async def mailed() -> bool | None:  # once her seat is hers on the log
            put = await http.put(f"/matches/{match_id}/mail", json=mail, headers=auth)
            return put.is_success or None

        await _until(mailed)
        match = Match(clock_stack, match_id, {ANN: token})
        entries = await match.log_until(lambda es: _both_asked(es) is not None, timeout=240)
        window, bot_answer = _both_asked(entries) or (entries[0], entries[0])
        before = [e for e in entries if e.seq < window.seq]
        assert [e.body.sender for e in _answers(before, BOT)][:1] == ["bot:greedy"]  # at once

        assert bot_answer.held is True  # held off the numbered record until the window closes
        for eyes in (auth, {}):  # Ann's eyes, and the public's: one line a numbered entry
            reply = await http.get(f"/matches/{match_id}/narration", headers=eyes)
            told = [t["seq"] for t in reply.json()["entries"]]
            assert told == list(range(1, len(told) + 1))
        view = (await http.get(f"/matches/{match_id}/view", headers=auth)).json()["view"]
        assert view["stack"][-1]["prompt"] == "sabotage" and view["stack"][-1]["answered"] == []
    entries = await match.log_until(
        lambda es: any(isinstance(e.body, CardsRevealed) and e.seq > window.seq for e in es)
    )
    later = [e for e in entries if e.seq > window.seq]
    deadline = next(e for e in later if isinstance(e.body, DeadlineSet) and e.body.seat == ANN)
    assert deadline.body.window
    # the decision that opened it (an automatic answer after it shares its id)
    set_at = next(
        e.body.sent_at_ms
        for e in entries
        if isinstance(e.body, Ruling) and e.decision_id == deadline.decision_id
    )
    assert deadline.body.due_ms - set_at == 3000  # the window's 3 s, not a decision's 1
    reached = next(e.body for e in later if isinstance(e.body, DeadlineReached))
    assert (reached.seat, reached.due_ms, reached.outcome) == (ANN, deadline.body.due_ms, "default")
    # the bot's answer for her, held like one by hand (SL-28)
    held = next(e.body for e in later if e.held is True and e.sealed_seat == ANN)
    assert isinstance(held, Ruling) and (held.sender, held.rule) == ("bot:pass", "TI-Q2")
    assert msgspec.json.decode(held.asked) == {"type": "ti.no_sabotage"}
    pool = await asyncpg.connect(clock_stack.settings.database_url)
    try:
        query = "SELECT seat, detail FROM mail_outbox WHERE match_id = $1 AND kind = 'window'"
        notices = await _until(lambda: pool.fetch(query, match_id) or None)
    finally:
        await pool.close()
    assert {n["seat"] for n in notices} == {ANN}  # the bot's windows are told to nobody
    sabotage = [headline("window", detail_of(n["detail"])) for n in notices]
    assert any(
        told.startswith("A sabotage window is open to you until ")
        and "(against " in told
        and told.endswith(", or pass (no sabotage); with no answer, you let the card be.")
        for told in sabotage
    )


def _answers(entries: list[Entry[Any]], seat: int) -> list[Entry[Any]]:
    return [e for e in entries if e.sealed_seat == seat and isinstance(e.body, Ruling)]


def _both_asked(entries: list[Entry[Any]]) -> tuple[Entry[Any], Entry[Any]] | None:
    """The Sabotage window asking Ann and the bot, both holding a Sabotage, once the bot has
    answered it: its opening and the bot's answer."""
    for at, entry in enumerate(entries):
        body = entry.body
        if not isinstance(body, Opened) or body.window.prompt != "sabotage":
            continue
        if {ANN, BOT} <= set(body.window.asked):
            answers, anns = _answers(entries[at:], BOT), _answers(entries[at:], ANN)
            if anns and anns[0].body.sender == rules.AUTOMATIC_SENDER:
                continue  # she held no Sabotage: the game answered for her
            return (entry, answers[0]) if answers else None
    return None
