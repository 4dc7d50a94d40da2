"""The window stack: who a window waits on, one by one or sealed, nested windows closing back,
a window no one can answer skipped, and a sealed window's answers kept from other seats."""

from enum import StrEnum

import msgspec

from events.kit import windows
from events.kit.windows import Window
from events.ruleset import Waiting, shown_waiting


class Prompts(StrEnum):
    ANSWER = "answer"
    SABOTAGE = "sabotage"


def test_a_window_taken_one_by_one_asks_its_responders_in_the_order_given() -> None:
    stack = windows.opened((), Window(Prompts.ANSWER, asked=(2, 0)))
    assert [s for s in range(3) if windows.owes(stack[-1], s)] == [2]
    stack = windows.answered(stack, 2)
    assert [s for s in range(3) if windows.owes(stack[-1], s)] == [0]
    stack = windows.answered(stack, 0)
    assert windows.settled(stack[-1]) and windows.next_up(stack[-1]) is None


def test_a_sealed_window_asks_all_its_responders_at_once_and_an_answer_may_change() -> None:
    stack = windows.opened((), Window(Prompts.ANSWER, asked=(0, 1, 2), sealed=True))
    stack = windows.answered(stack, 1)
    # seat 1 is still asked: a second answer refused would tell the others it had answered
    assert [s for s in range(3) if windows.owes(stack[-1], s)] == [0, 1, 2]
    assert [s for s in range(3) if windows.has_answered(stack[-1], s)] == [1]
    assert windows.answered(stack, 1) == stack  # its answer changed, counted once
    assert windows.waiting(stack[-1]) == Waiting(must=(0, 2), may=(1,), simultaneous=True)
    stack = windows.answered(windows.answered(stack, 2), 0)
    assert windows.settled(stack[-1]) and not windows.owes(stack[-1], 1)


def test_an_answer_to_an_answer_opens_on_top_and_closes_back_to_the_window_beneath() -> None:
    card = windows.opened((), Window(Prompts.ANSWER, asked=(1, 2), about=7))
    card = windows.answered(card, 1)
    nested = windows.opened(card, Window(Prompts.SABOTAGE, asked=(0, 2), about=8))
    assert nested[-1].prompt == Prompts.SABOTAGE and windows.owes(nested[-1], 0)
    assert windows.closed(nested) == card
    assert windows.owes(windows.closed(nested)[-1], 2)  # where play was: seat 2 yet to answer
    assert windows.closed(nested, 2) == ()


def test_a_window_no_one_can_answer_is_skipped() -> None:
    holding = {0: 0, 1: 2, 2: 0}
    order = windows.seat_order(1, 3, skip=1)
    assert order == (2, 0)
    assert windows.opening(Prompts.ANSWER, order, lambda s: holding[s] > 0) is None
    opened = windows.opening(Prompts.ANSWER, windows.seat_order(2, 3), lambda s: holding[s] > 0)
    assert opened == Window(Prompts.ANSWER, asked=(1,))
    sealed = windows.opening(Prompts.ANSWER, (0, 1), lambda s: True, sealed=True, about=4)
    assert sealed == Window(Prompts.ANSWER, asked=(0, 1), sealed=True, about=4)


def test_who_has_answered_a_sealed_window_is_each_seats_own_secret() -> None:
    sealed = windows.answered((Window(Prompts.SABOTAGE, asked=(2, 0, 1), sealed=True),), 1)[-1]
    assert windows.shown(sealed, 1).answered == (1,)
    assert windows.shown(sealed, 0).answered == () == windows.shown(sealed, None).answered
    # seat 0 and the public see every responder waited for; seat 1 its own answer made
    for reader in (0, 1, None):
        seen = windows.waiting(windows.shown(sealed, reader))
        assert seen == shown_waiting(windows.waiting(sealed), reader)
    assert windows.waiting(windows.shown(sealed, 0)) == Waiting(must=(0, 1, 2), simultaneous=True)
    assert windows.waiting(windows.shown(sealed, 1)) == Waiting((0, 2), (1,), simultaneous=True)
    open_ = windows.answered((Window(Prompts.ANSWER, asked=(0, 1, 2)),), 0)[-1]
    assert windows.shown(open_, 2) == open_
    assert windows.waiting(open_) == Waiting(must=(1,))


def test_a_window_encodes_its_prompt_as_the_prompts_plain_name() -> None:
    window = Window(Prompts.SABOTAGE, asked=(0,))
    assert msgspec.json.encode(window).startswith(b'{"prompt":"sabotage"')
