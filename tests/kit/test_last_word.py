"""Last word, the test game written on the kit (`tests/window_ruleset.py`): a strike answered by
a counter answered by a counter, each in a window of its own, closing back as they are
answered; the clock passing for a seat that lets its window lapse; bots playing it out."""

import random
from typing import Any

import msgspec

from events.clock import Clock, DefaultApplied
from events.codec import encode
from events.kit.windows import Window
from events.ruleset import Accepted, Rejection, Waiting
from services.selfplay import play_match
from tests.reacting import settled
from tests.test_clock import SECOND, START, Table, bodies
from tests.window_ruleset import (
    Closed,
    Dealt,
    Duel,
    LastWord,
    Opened,
    Pass,
    Play,
    Played,
    Prompts,
    Scored,
    TurnPassed,
)

GAME = LastWord()
CHANCE = random.Random(0)


def _dealt(*hands: tuple[int, ...]) -> Duel:
    return GAME.evolve(None, Dealt(hands=hands))


def _decide(duel: Duel, seat: int, decision: Any) -> tuple[Duel, list[Any]]:
    """The duel once `seat`'s decision and all that follows on its own are applied."""
    verdict = GAME.decide(duel, seat, decision, CHANCE)
    assert isinstance(verdict, Accepted), verdict
    for event in verdict.events:
        duel = GAME.evolve(duel, event)
    duel, followed = settled(GAME, duel, CHANCE)
    return duel, [*verdict.events, *followed]


def test_a_counter_countered_and_then_passed_lets_the_strike_score() -> None:
    duel = _dealt((3, 1), (2,), (1, 2))
    duel, happened = _decide(duel, 0, Play(card=3))  # LW-1: seats 1 and 2 may answer
    assert happened[-1] == Opened(Window(Prompts.ANSWER, asked=(1, 2), about=0))
    duel, happened = _decide(duel, 1, Play(card=2))  # a counter: seats 2 and 0 may answer it
    assert happened[-1] == Opened(Window(Prompts.ANSWER, asked=(2, 0), about=1))
    duel, happened = _decide(duel, 2, Play(card=1))  # the counter countered: 0 alone holds cards
    assert happened[-1] == Opened(Window(Prompts.ANSWER, asked=(0,), about=2))
    assert len(duel.stack) == 3 and GAME.waiting(duel) == Waiting(must=(0,))
    refused = GAME.decide(duel, 2, Pass(), CHANCE)
    assert refused == Rejection("LW-2", "nothing is asked of you now; the others are choosing")
    duel, happened = _decide(duel, 0, Pass())  # LW-3: the second counter cancels the first
    assert happened == [Played(seat=0, card=0), Closed(cards=2)]
    assert len(duel.stack) == 1 and GAME.waiting(duel) == Waiting(must=(2,))  # back where it was
    duel, happened = _decide(duel, 2, Pass())
    # seat 1 spent its last card: the turn goes on to seat 2 (LW-4)
    assert happened[1:] == [Scored(seat=0, points=3), Closed(cards=1), TurnPassed(seat=2)]
    assert duel.scores == (3, 0, 0) and duel.stack == ()


def test_a_window_no_one_can_answer_is_skipped_and_the_strike_scores_at_once() -> None:
    _, happened = _decide(_dealt((2, 1), ()), 0, Play(card=2))
    assert happened[1:3] == [Scored(seat=0, points=2), Closed(cards=1)]
    assert happened[3:] == [TurnPassed(seat=0)]  # seat 1 holds nothing: skipped (LW-4)


def test_the_clock_passes_for_a_seat_that_lets_its_window_lapse() -> None:
    clock = Clock(per_decision_s=60, grace_s=10, on_timeout="default", level="pass")
    table = Table(clock, game="last-word")
    duel = table.folded.matches["timed"].state
    striker = duel.active
    strike = Play(card=duel.hands[striker][0])
    table.send(striker, strike, at=START + SECOND, sender=["ann", "bob"][striker])
    answerer = 1 - striker
    assert GAME.waiting(table.folded.matches["timed"].state).must == (answerer,)
    due = table.timing.deadlines[answerer].due_ms
    wrote = bodies(table.timeout(answerer, at=due + 10 * SECOND))
    assert DefaultApplied(answerer, "pass", "LW-2", msgspec.Raw(encode(Pass()))) in wrote
    assert Scored(seat=striker, points=strike.card) in wrote


def test_bots_play_a_match_to_its_end_through_the_judge() -> None:
    played = play_match("last-word", "bots", 4, "bots", ["random", "pass"])
    answered = [e.body for e in played.entries if isinstance(e.body, Opened)]
    assert answered and sum(played.scores) > 0
    assert played.winners
