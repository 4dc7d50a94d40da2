"""Standing orders, judged in this process: an order names a prompt its game declares and a
condition it understands; when the seat is asked, the first order whose condition holds
answers with a legal decision, or is dropped with the reason; orders run out when the seat
said. The judge records an order's cause in the ruling, verify re-judges it, and a prompt the
game makes automatic is answered by the judge (platform rules 3 on) where it has one answer."""

import random
from typing import Any

import msgspec

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Ruling
from events.ruleset import Accepted, get_ruleset
from events.rulesets.race_for_the_galaxy.decisions import Keep
from events.rulesets.star_realms.decisions import PlayAll
from events.standing_orders import (
    Answered,
    Dropped,
    OrderCause,
    StandingOrder,
    answer,
    cause_words,
    expired,
    order_error,
)
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.random_play import Table

STAR_REALMS = get_ruleset("star-realms")
RACE = get_ruleset("race-for-the-galaxy")
PLAY_ALL_AT_START = StandingOrder(3, "main", "play all", "at the start of my turn", left_at=412)


def _started(game: str, seats: int = 2, seed: str = "orders") -> Table:
    table = Table(f"{game}-orders")
    table.send(None, CreateMatch(ruleset=game, seats=seats, seed=seed))
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=f"p{seat}"))
    return table


def _state(table: Table) -> Any:
    return table.folded.matches[table.match_id].state


def _in_turn(table: Table) -> int:
    return STAR_REALMS.waiting(_state(table)).must[0]


def test_an_order_names_a_prompt_its_game_declares_and_a_condition_it_understands() -> None:
    assert order_error(STAR_REALMS, "main", "at the start of my turn", "play all") is None
    assert "asks no prompt 'explore'" in (order_error(STAR_REALMS, "explore", "", "x") or "")
    assert "understands no condition" in (order_error(STAR_REALMS, "main", "if rich", "end") or "")
    assert "needs an answer" in (order_error(STAR_REALMS, "main", "", " ; ") or "")
    assert order_error(RACE, "explore", "", "keep the highest-cost") is None


def test_at_the_start_of_my_turn_play_all_answers_once_the_turn_begins_and_not_after() -> None:
    table = _started("star-realms")
    seat = _in_turn(table)
    found = answer(STAR_REALMS, _state(table), seat, [PLAY_ALL_AT_START], 2, random.Random(1))
    assert found == Answered(PLAY_ALL_AT_START, PlayAll())
    table.send(seat, PlayAll())
    later = answer(STAR_REALMS, _state(table), seat, [PLAY_ALL_AT_START], 2, random.Random(1))
    assert later is None  # the turn has begun: the condition no longer holds
    other = 1 - seat
    assert (
        answer(STAR_REALMS, _state(table), other, [PLAY_ALL_AT_START], 2, random.Random(1)) is None
    )


def test_in_explore_keep_the_highest_cost_card() -> None:
    table = _started("race-for-the-galaxy")
    ruleset, rng = RACE, random.Random(4)
    order = StandingOrder(1, "explore", "keep the highest-cost")
    while ruleset.prompt_asking(_state(table), 0) != "explore":
        for seat in ruleset.waiting(_state(table)).must:
            state = _state(table)
            if ruleset.prompt_asking(state, seat) == "select":
                table.send(seat, ruleset.read_text(state, seat, "choose explore +5"))
            else:
                table.send(seat, ruleset.default_decision(state, seat, "random", rng))
    state = _state(table)
    found = answer(ruleset, state, 0, [order], 2, rng)
    assert isinstance(found, Answered) and isinstance(found.decision, Keep)
    drawn = state.players[0].drawn
    cost = {card: state.cards.card(card).cost for card in drawn}
    assert [cost[c] for c in found.decision.cards] == [max(cost.values())]


def test_an_order_no_longer_legal_is_dropped_with_the_reason_and_the_next_is_tried() -> None:
    table = _started("star-realms")
    seat = _in_turn(table)
    buy = StandingOrder(1, "main", "buy nothing-of-the-sort")
    found = answer(STAR_REALMS, _state(table), seat, [buy, PLAY_ALL_AT_START], 2, random.Random(1))
    assert isinstance(found, Dropped) and found.order == buy
    assert "'buy nothing-of-the-sort'" in found.why
    alternatives = StandingOrder(2, "main", "attack player; play all")
    found = answer(STAR_REALMS, _state(table), seat, [alternatives], 2, random.Random(1))
    assert found == Answered(alternatives, PlayAll())  # no Combat yet: the next alternative


def test_orders_run_out_when_the_seat_said() -> None:
    this_round = StandingOrder(1, "explore", "keep the highest-cost", until="round", left_round=3)
    assert not expired(this_round, RACE, 3, 2) and expired(this_round, RACE, 4, 2)
    turn = StandingOrder(1, "main", "play all", until="turn", left_round=5)
    assert not expired(turn, STAR_REALMS, 9, 2)  # not answered yet: it waits for its turn
    used = msgspec.structs.replace(turn, used_round=9)
    assert not expired(used, STAR_REALMS, 9, 2) and expired(used, STAR_REALMS, 10, 2)
    # Star Realms counts turns: a round is both seats' turns
    rounds = StandingOrder(1, "main", "play all", until="round", left_round=5)
    assert not expired(rounds, STAR_REALMS, 6, 2) and expired(rounds, STAR_REALMS, 7, 2)
    assert not expired(StandingOrder(1, "main", "play all", left_round=1), STAR_REALMS, 99, 2)


def test_the_ruling_records_the_orders_cause_and_verify_re_judges_it() -> None:
    table = _started("star-realms")
    seat = _in_turn(table)
    sent = Decision(
        decision_id="by-order",
        match_id=table.match_id,
        seat=seat,
        body=msgspec.Raw(encode(PlayAll())),
        sender=f"p{seat}",
        order=PLAY_ALL_AT_START.cause,
    )
    entries = rule_on(table.folded, encode(sent), partition=0, offset=50, now_ms=0, fresh_seed=str)
    assert isinstance(entries, list)
    ruling = entries[0].body
    assert isinstance(ruling, Ruling) and ruling.accepted
    assert ruling.order == OrderCause(3, 412)
    assert cause_words(ruling.order) == "by standing order #3, left at entry 412"
    assert verify([*table.entries, *entries]) is None


def _choice_with_one_answer(version: int) -> list[Any]:
    """A Star Realms match played by bots until the judge answers a prompt by itself."""
    table = Table(f"automatic-{version}")
    table.send(None, CreateMatch(ruleset="star-realms", seats=2, seed="auto"))
    table.folded.matches[table.match_id].platform_rules = version
    for seat in range(2):
        table.send(seat, ClaimSeat(player=f"p{seat}"))
    rng = random.Random(2)
    record = table.folded.matches[table.match_id]
    while not record.over:
        seat = STAR_REALMS.waiting(record.state).must[0]
        decision = STAR_REALMS.default_decision(record.state, seat, "greedy", rng)
        for entry in table.send(seat, decision)[1:]:
            if isinstance(entry.body, Ruling):
                return [table, entry]
    return [table, None]


def test_a_prompt_made_automatic_with_one_legal_answer_asks_nobody_from_platform_rules_3() -> None:
    assert "main" in STAR_REALMS.automatic_prompts()
    assert RACE.automatic_prompts() == ("explore", "produce")
    table, entry = _choice_with_one_answer(rules.AUTOMATIC)
    assert entry is not None, "no prompt with one answer came up"
    ruling = entry.body
    assert ruling.sender == rules.AUTOMATIC_SENDER and ruling.accepted
    assert verify(table.entries) is None
    _, before = _choice_with_one_answer(rules.AUTOMATIC - 1)
    assert before is None  # a match opened under platform rules 2 is judged as it was


def test_the_judge_answers_only_what_the_game_accepts() -> None:
    table = _started("star-realms")
    seat = _in_turn(table)
    state = _state(table)
    assert STAR_REALMS.automatic(state, seat) is None  # a whole hand to choose from
    assert isinstance(STAR_REALMS.decide(state, seat, PlayAll(), random.Random(0)), Accepted)
