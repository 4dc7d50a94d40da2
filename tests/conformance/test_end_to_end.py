"""Every game through the real stack (rules service, projections, gateway, bots worker): the
test plays seat 0 over HTTP at random (in text commands where the game has them), driven by
its push stream, against one bot per other
seat (every level the game has, in turn), to the end; then the lobby, views, narration and
replay answer, and `verify` re-judges the archived log and agrees.

Random play can stall a game with no end of its own (a Star Realms seat that scrapped every
ship, against the bot that never attacks, went 6,900 rounds): past `DECISIONS`, ten times a
usual match's, the organiser hands seat 0 to the game's bot, which plays to the end."""

import asyncio
import time

import pytest

from events.envelope import Ruling
from events.match import apply
from events.platform_rules import AUTOMATIC_SENDER
from events.ruleset import Ruleset
from services.client.http import Gateway, segment
from services.client.verify import archived
from services.gateway import api
from services.rules.rejudge import verify
from tests.stack import Stack

from .games import GAMES, RULESETS
from .over_http import STALE, WAIT_S, SeatPlayer

DECISIONS = 1500  # seat 0's, played at random before a bot takes its seat


def _seats(game: str) -> int:
    """Room for a bot of every level, within the game's seat counts."""
    ruleset = RULESETS[game]
    return min(ruleset.max_seats, max(ruleset.min_seats, 1 + len(ruleset.bots)))


def _play(stack: Stack, game: str) -> tuple[str, dict, SeatPlayer]:
    ruleset, seats = RULESETS[game], _seats(game)
    levels = list(ruleset.bots)
    bots = [api.BotSeat(seat, levels[(seat - 1) % len(levels)]) for seat in range(1, seats)]
    with Gateway(stack.organiser_token, stack.gateway) as organiser:
        opened = organiser.post(
            "/matches", api.NewMatch(seats=seats, game=game, bots=bots), api.MatchOpened
        )
        assert organiser.ruling(opened.match_id, opened.decision_id).status == "accepted"
        path = f"/matches/{segment(opened.match_id)}"
        joined = organiser.post(f"{path}/join", api.Join(seat=0, player="tester"), api.Joined)
        assert organiser.ruling(opened.match_id, joined.decision_id, 0).status == "accepted"
        player = SeatPlayer(stack.gateway, joined.token, game, opened.match_id, 0)

        def over() -> bool:
            return organiser.get(path, dict)["status"] == "finished"

        if not player.play(over, DECISIONS):
            organiser.post(f"{path}/seats/0/hand-to-bot", api.HandOver(), api.Submitted)
            deadline = time.monotonic() + 10 * WAIT_S
            while not over():
                assert time.monotonic() < deadline, "the bots did not finish the match"
                time.sleep(0.5)
        return opened.match_id, organiser.get(path, dict), player


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_match_against_bots_checks_out(shared_stack: Stack, game: str) -> None:
    ruleset = RULESETS[game]
    match_id, row, player = await asyncio.to_thread(_play, shared_stack, game)
    assert player.rulings and all(r.accepted or r.rule == STALE for r in player.rulings), [
        r for r in player.rulings if not r.accepted
    ]

    entries = await archived(shared_stack.settings.database_url, match_id)
    assert verify(entries) is None
    record = None
    for entry in entries:
        record = apply(record, entry)
    standing = ruleset.standing(record.state)
    assert record.over and ruleset.is_over(record.state) and standing.winners
    assert (row["seq"], row["winners"]) == (record.seq, list(standing.winners))
    assert row["scores"] == list(standing.scores)
    bots = [e.body for e in entries if isinstance(e.body, Ruling) and e.body.sender[:4] == "bot:"]
    assert any(r.accepted for r in bots)
    assert all(r.accepted or r.rule == STALE for r in bots), [r for r in bots if not r.accepted]
    if type(ruleset).read_text is not Ruleset.read_text:  # seat 0 spoke in text commands alone
        moves = [r for r in player.rulings if r.accepted]
        said = {  # an automatic prompt's answer comes under the decision that led to it
            e.decision_id: bytes(e.body.read) != b"null"
            for e in entries
            if isinstance(e.body, Ruling) and e.body.sender != AUTOMATIC_SENDER
        }
        assert moves and all(said[r.decision_id] for r in moves)
    with Gateway(player.http.token, shared_stack.gateway) as seat:
        for move in player.rulings[-20:]:  # its ruling, not an automatic answer written after
            asked = f"/matches/{segment(match_id)}/decisions/{segment(move.decision_id)}"
            ruled = seat.get(asked, api.Ruling)
            status = "accepted" if move.accepted else "rejected"
            assert (ruled.status, ruled.rule) == (status, move.rule), ruled

    path = f"/matches/{segment(match_id)}"
    with Gateway(shared_stack.organiser_token, shared_stack.gateway) as organiser:
        public = organiser.get(f"{path}/public", api.SeatViewReply)
        assert public.seq == record.seq and public.description.title
        told = organiser.get(f"{path}/narration", api.NarrationReply, {"seat": 0}).entries
        assert [t.seq for t in told] == list(range(1, record.seq + 1))
        assert all(t.line.strip() for t in told)
        assert told[-1].line.startswith("The seed is revealed")
        last = organiser.get(f"{path}/replay/{record.seq}", api.ReplayReply)
        assert last.over
