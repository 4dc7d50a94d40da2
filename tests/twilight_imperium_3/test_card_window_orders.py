"""The card windows by message (TI-Q2): the response windows declared as windows, so a clock
gives them its window time and a seat hears of a window, not of its turn; and the standing
orders that rule windows out before they open ("always no sabotage", "no sabotage unless the
card names me", "no cards before space battles"), answering as the seat would by hand."""

import random
from typing import Any

import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.held_answers import unanswered
from events.ruleset import in_window
from events.rulesets.twilight_imperium_3.card_decisions import NoCard, NoSabotage, PlayCard
from events.rulesets.twilight_imperium_3.card_orders import BEFORE_A_SPACE_BATTLE, NOT_NAMING_ME
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.standing_orders import Answered, StandingOrder, answer, order_error
from services.rules.judge import rule_on
from tests.random_play import Table
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, arena, said
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, step

ALWAYS_NO_SABOTAGE = StandingOrder(1, "sabotage", "no sabotage")
UNLESS_IT_NAMES_ME = StandingOrder(2, "sabotage", "no sabotage", NOT_NAMING_ME)
NO_CARDS_BEFORE_BATTLES = StandingOrder(3, "action card", "no card", BEFORE_A_SPACE_BATTLE)


def _played(card: PlayCard) -> Game:
    """Sol plays `card` as his action; Mentak and Jol-Nar each hold a Sabotage: the sealed
    window asks them both."""
    state = arena({}, {"Abyz": Holding(SOL), "Lodor": Holding(MENTAK, units={"ground_force": 1})})
    state = holding_cards(state, SOL, card.card)
    state = holding_cards(state, MENTAK, "sabotage")
    state = holding_cards(state, JOL_NAR, "sabotage")
    state = step(state, SOL, card)
    assert state.stack[-1].prompt == WindowPrompt.SABOTAGE
    return state


def _card_window(fleets: dict[Any, dict[str, int]], seat: int, card: str, *orders: str) -> Game:
    """Sol activates Abyz and Fria's system and gives these orders; `seat` holds `card`: the
    first card window of the action asks it."""
    state = holding_cards(arena(fleets), seat, card)
    state = step(state, SOL, Activate(system=AT))
    for order in orders:
        state = step(state, SOL, said(state, SOL, order))
    assert state.stack[-1].prompt == WindowPrompt.CARD
    return state


def _answer(state: Game, seat: int, *orders: StandingOrder) -> Any:
    return answer(GAME, state, seat, orders, 3, random.Random(0))


def test_ti_q2_the_response_windows_are_declared_windows_and_a_turns_steps_are_not() -> None:
    windows = set(GAME.window_prompts())
    assert {"sabotage", "action card", "secondary", "trade talks"} <= windows
    assert {"space cannon", "retreat"} <= windows  # a defender's PDS fire, a battle's retreat
    owed = {"casualties", "hand limit", "breaking agreements", "movement", "production"}
    assert not windows & owed  # owed, or the active player's own step: a decision's time
    state = _played(PlayCard("good_year"))
    assert in_window(GAME, state, MENTAK) and in_window(GAME, state, JOL_NAR)
    assert not in_window(GAME, arena({}), SOL)  # his action is his turn


def test_ti_q2_an_order_names_the_card_windows_with_conditions_the_game_understands() -> None:
    assert GAME.conditions("sabotage") == (NOT_NAMING_ME,)
    assert GAME.conditions("action card") == (BEFORE_A_SPACE_BATTLE,)
    assert order_error(GAME, "sabotage", NOT_NAMING_ME, "no sabotage") is None
    assert order_error(GAME, "action card", BEFORE_A_SPACE_BATTLE, "no card") is None
    refused = order_error(GAME, "secondary", NOT_NAMING_ME, "decline") or ""
    assert "understands no condition" in refused


def test_ti_q2_always_no_sabotage_answers_every_sabotage_window() -> None:
    state = _played(PlayCard("insubordination", seat=MENTAK))
    assert _answer(state, MENTAK, ALWAYS_NO_SABOTAGE) == Answered(ALWAYS_NO_SABOTAGE, NoSabotage())


def test_ti_q2_no_sabotage_unless_the_card_names_me_leaves_that_window_to_its_seat() -> None:
    state = _played(PlayCard("insubordination", seat=MENTAK))
    assert _answer(state, MENTAK, UNLESS_IT_NAMES_ME) is None  # named: Mentak weighs it himself
    assert _answer(state, JOL_NAR, UNLESS_IT_NAMES_ME) == Answered(UNLESS_IT_NAMES_ME, NoSabotage())
    unrest = _played(PlayCard("local_unrest", planet="Lodor"))  # a planet of his names him too
    assert _answer(unrest, MENTAK, UNLESS_IT_NAMES_ME) is None
    # the order after it answers what the first leaves: alternatives in the order they were left
    assert _answer(state, MENTAK, UNLESS_IT_NAMES_ME, ALWAYS_NO_SABOTAGE) == Answered(
        ALWAYS_NO_SABOTAGE, NoSabotage()
    )


def test_ti_q2_no_cards_before_space_battles_answers_only_those_windows() -> None:
    battle = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = _card_window(battle, MENTAK, "morale_boost", "move 1 dreadnought from 102")
    assert _answer(state, MENTAK, NO_CARDS_BEFORE_BATTLES) == Answered(
        NO_CARDS_BEFORE_BATTLES, NoCard()
    )
    landing = {("102", SOL): {"carrier": 1, "ground_force": 1}}
    moves = ("move 1 carrier 1 gf from 102", "land 1 gf on abyz")
    state = _card_window(landing, SOL, "rare_mineral", *moves)  # a neutral planet taken
    assert _answer(state, SOL, NO_CARDS_BEFORE_BATTLES) is None


def _at_window(name: str) -> tuple[Table, Game]:
    """A 3-seat match through the judge, put at `_played`'s Sabotage window."""
    table = Table(name)
    table.send(None, CreateMatch(ruleset="twilight-imperium-3", seats=3, seed=name))
    for seat in range(3):
        table.send(seat, ClaimSeat(player=f"p{seat}"))
    state = _played(PlayCard("good_year"))
    table.folded.matches[table.match_id].state = state
    return table, state


def _judged(by_order: bool) -> list[Entry[Any]]:
    table, _ = _at_window(f"window-{by_order}")
    cause = {"order": ALWAYS_NO_SABOTAGE.cause} if by_order else {}
    body = msgspec.Raw(encode(NoSabotage()))
    sent = Decision(
        decision_id="mentak-answers",
        match_id=table.match_id,
        seat=MENTAK,
        body=body,
        sender="p1",
        **cause,
    )
    entries = rule_on(table.folded, encode(sent), partition=0, offset=9, now_ms=5, fresh_seed=str)
    assert isinstance(entries, list)
    # the window owes an answer only to the seat not ruled out
    assert unanswered(table.folded.matches[table.match_id], GAME) == [JOL_NAR]
    return entries


def test_ti_q2_a_window_answered_by_order_looks_to_the_others_as_one_answered_by_hand() -> None:
    by_order, by_hand = _judged(True), _judged(False)
    for answered in (by_order, by_hand):  # held, Mentak's alone: nothing numbered for the rest
        assert [(e.held, e.sealed_seat) for e in answered] == [(True, MENTAK)] * len(answered)
    assert [(e.seq, type(e.body)) for e in by_order] == [(e.seq, type(e.body)) for e in by_hand]
    own = by_order[0].body
    assert isinstance(own, Ruling) and own.order == ALWAYS_NO_SABOTAGE.cause  # his own to read
