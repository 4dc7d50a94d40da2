"""The bots worker answers a position once: a refusal moves the seq but not the state, and
asking again would only add refusals to the log; a changed state is answered at once. A sealed
window's answer is held (SL-28): the state stays, so the seat is asked only while the window
still owes its answer."""

from typing import Any

import msgspec
import pytest

from events.envelope import ClaimSeat, CreateMatch
from events.held_answers import unanswered
from events.ruleset import get_ruleset
from services.bots import worker as bots
from services.settings import load_settings
from tests.random_play import Table
from tests.tiny_ruleset import Add
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK
from tests.twilight_imperium_3.test_sealed_window_secrecy import _window

MATCH = "answered"


class Sent(list):
    async def submit(self, match_id: str, seat: int | None, body: Any, **fields: Any) -> str:
        self.append((seat, body, fields["decision_id"]))
        return fields["decision_id"]


async def test_a_bot_answers_each_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(MATCH)
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    table.send(0, ClaimSeat(player="bot:greedy"), sender="organiser")
    table.send(1, ClaimSeat(player="ann"))
    record = table.folded.matches[MATCH]
    shown = [record]

    async def record_at(_pool: Any, match_id: str) -> Any:
        return shown[-1]

    async def no_orders(_pool: Any, match_id: str) -> dict:
        return {}

    monkeypatch.setattr(bots.replay, "record_at", record_at)
    monkeypatch.setattr(bots.orders, "standing", no_orders)  # no seat left standing orders
    worker = bots.BotsWorker(load_settings())
    worker.submitter = sent = Sent()
    worker.pool = None  # record_at is given the match above, and no orders
    await worker.play(MATCH)
    assert [seat for seat, *_ in sent] == [0]
    refused = msgspec.structs.replace(record, seq=record.seq + 1)  # the same state, refused
    shown.append(refused)
    await worker.play(MATCH)
    assert len(sent) == 1
    table.send(0, sent[0][1], sent[0][2], "bot:greedy")  # the bot's, accepted; seat 1 plays
    table.send(1, Add(amount=1))
    shown.append(table.folded.matches[MATCH])
    await worker.play(MATCH)
    assert [seat for seat, *_ in sent] == [0, 0] and sent[1][2] != sent[0][2]


async def test_a_bot_answers_a_sealed_window_once_and_not_again_once_its_answer_is_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, _ = _window("bot-window", "sabotage")  # the window asks Mentak and Jol-Nar
    record = table.folded.matches[table.match_id]
    record.seat_players[MENTAK] = "bot:pass"

    async def record_at(_pool: Any, match_id: str) -> Any:
        return record

    async def no_orders(_pool: Any, match_id: str) -> dict:
        return {}

    monkeypatch.setattr(bots.replay, "record_at", record_at)
    monkeypatch.setattr(bots.orders, "standing", no_orders)
    sent = Sent()
    for _ in range(2):  # a worker started afresh knows nothing of what it sent before
        worker = bots.BotsWorker(load_settings())
        worker.submitter, worker.pool = sent, None
        before = len(sent)
        await worker.play(table.match_id)
        for seat, body, decision_id in sent[before:]:  # judged: held, Mentak's alone
            table.send(seat, body, decision_id, "bot:pass")
    assert [seat for seat, *_ in sent] == [MENTAK]
    assert unanswered(record, get_ruleset("twilight-imperium-3")) == [JOL_NAR]
