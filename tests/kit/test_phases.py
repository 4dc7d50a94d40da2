"""The generic judge over a declared table: a decision is refused for a seat the prompt does
not wait on, for a type the prompt does not ask and by the ask's own judge, each with the rule
that governs it; seats that chose and may change are `may`; once nobody owes, what follows is
written; `legal` keeps what the judge accepts; the default bot answers with the prompt's; an
ask tells its events, prefers for the greedy bots and may be sent on an older view."""

import random
from enum import StrEnum
from typing import Any

import msgspec
import pytest

from events.kit.batch import Batch
from events.kit.evolve import dispatch
from events.kit.phases import (
    Ask,
    Phased,
    Prompt,
    Table,
    asking,
    automatic,
    decide,
    default_bot,
    default_decision,
    help_lines,
    legal,
    preferred,
    react,
    text_help,
    waiting,
    window_words,
)
from events.platform_rules import SEAT
from events.ruleset import Accepted, Rejection, Waiting, window_ask


class Phases(StrEnum):
    BID = "bid"
    DONE = "done"


class Bid(msgspec.Struct, frozen=True, tag="t.bid"):
    amount: int


class Fold(msgspec.Struct, frozen=True, tag="t.fold"):
    pass


class Chosen(msgspec.Struct, frozen=True, tag="t.chosen"):
    seat: int
    choice: Bid | Fold


class Finished(msgspec.Struct, frozen=True, tag="t.finished"):
    pass


class Bids(msgspec.Struct, frozen=True):
    choices: tuple[Bid | Fold | None, ...]
    step: Phases = Phases.BID


def _chosen(state: Bids, e: Chosen) -> Bids:
    choices = tuple(e.choice if s == e.seat else c for s, c in enumerate(state.choices))
    return msgspec.structs.replace(state, choices=choices)


evolve = dispatch(
    "bids", {Chosen: _chosen, Finished: lambda s, e: msgspec.structs.replace(s, step=Phases.DONE)}
)


def _at_most_three(state: Bids, seat: int, bid: Bid) -> Rejection | None:
    return Rejection("B-2", "bid 1 to 3") if not 1 <= bid.amount <= 3 else None


TABLE = Table(
    prompts={
        Phases.BID: Prompt(
            name=Phases.BID,
            asks=(Ask(Bid, "B-1", "bid", "bid <1-3>", _at_most_three), Ask(Fold, "B-1", "fold")),
            owes=lambda state, seat: seat != 2,  # the dealer sits out
            answered=lambda state, seat: state.choices[seat] is not None,
            together=lambda state: True,
            accept=lambda state, seat, d, chance: [Chosen(seat=seat, choice=d)],
            follows=lambda batch: batch.emit(Finished()),
            offers=lambda state, seat: [Fold(), *(Bid(amount=n) for n in range(5))],
            default=lambda state, seat: Fold(),
        )
    },
    current=lambda state: state.step,
    seats=lambda state: len(state.choices),
    over=lambda state: state.step == Phases.DONE,
    ended=Rejection("B-3", "the bidding is over"),
    decisions=(Bid, Fold),
    batch=lambda state, chance: Batch(state, chance, evolve),
)
START = Bids(choices=(None, None, None))
CHANCE = random.Random(0)


def _decide(state: Bids, seat: Any, decision: Any) -> Any:
    return decide(TABLE, state, seat, decision, CHANCE)


def test_an_asked_decision_the_judge_allows_is_accepted_under_its_rule() -> None:
    assert _decide(START, 0, Bid(amount=2)) == Accepted("B-1", [Chosen(0, Bid(amount=2))])


def test_each_refusal_names_the_rule_that_governs_it() -> None:
    assert _decide(START, 2, Fold()) == Rejection(
        "B-1", "nothing is asked of you now; the others are choosing"
    )
    assert _decide(START, 0, Finished()).reason == "Finished is not a decision of this game"
    assert _decide(START, 0, Bid(amount=5)) == Rejection("B-2", "bid 1 to 3")
    assert _decide(START, 7, Fold()).rule == SEAT
    done = msgspec.structs.replace(START, step=Phases.DONE)
    assert _decide(done, 0, Fold()) == Rejection("B-3", "the bidding is over")


def test_seats_that_chose_may_change_and_once_none_owes_what_follows_is_written() -> None:
    assert waiting(TABLE, START) == Waiting(must=(0, 1), simultaneous=True)
    assert react(TABLE, START, CHANCE) == []
    one = evolve(START, Chosen(0, Fold()))
    assert waiting(TABLE, one) == Waiting(must=(1,), may=(0,), simultaneous=True)
    both = evolve(one, Chosen(1, Bid(amount=1)))
    assert react(TABLE, both, CHANCE) == [Finished()]
    assert waiting(TABLE, evolve(both, Finished())) == Waiting()


def test_legal_is_what_the_judge_accepts_of_the_offers_and_the_default_bot_folds() -> None:
    assert legal(TABLE, START, 0) == [Fold(), Bid(amount=1), Bid(amount=2), Bid(amount=3)]
    assert legal(TABLE, START, 2) == []
    assert default_bot(TABLE)(START, 1, CHANCE) == Fold()


def _read_bid(state: Bids, seat: int, rest: str) -> Bid:
    return Bid(amount=int(rest))


BID = Ask(
    Bid,
    "B-1",
    "bid",
    "bid <1-3>",
    _at_most_three,
    offers=lambda state, seat: [Bid(amount=n) for n in range(5)],
    verbs=("bid", "raise"),
    read=_read_bid,
    write=lambda state, seat, d: f"bid {d.amount}",
)
FOLD = Ask(Fold, "B-1", "fold", offers=lambda state, seat: [Fold()])
DECLARED = msgspec.structs.replace(
    TABLE,
    prompts={
        Phases.BID: msgspec.structs.replace(
            TABLE.prompts[Phases.BID], asks=(BID, FOLD), offers=None
        )
    },
)


def test_a_prompt_without_offers_of_its_own_offers_its_asks_offers_in_turn() -> None:
    assert legal(DECLARED, START, 0) == [Bid(amount=1), Bid(amount=2), Bid(amount=3), Fold()]
    assert legal(DECLARED, START, 2) == []


def test_an_ask_declares_its_command_read_by_its_words_and_written_back() -> None:
    readers = DECLARED.readers()
    assert set(readers) == {"bid", "raise"}
    said = readers["raise"](START, 0, "2")
    assert said == Bid(amount=2) and DECLARED.ask_for(said) is BID
    assert DECLARED.written(START, 0, said) == "bid 2"
    assert DECLARED.written(START, 0, Fold()) is None  # its ask writes no command: the game's
    assert DECLARED.ask_for(Finished()) is None and DECLARED.written(START, 0, Finished()) is None


def _narrated_chosen(state: Bids, e: Chosen, seat: int | None) -> str:
    return f"seat {e.seat} has chosen"


def _all_in(state: Bids, seat: int) -> Bid | None:
    """The greedy bots bid 3 once the other seat folded."""
    return Bid(amount=3) if Fold() in state.choices else None


ASKING = msgspec.structs.replace(
    TABLE,
    prompts={
        Phases.BID: msgspec.structs.replace(
            TABLE.prompts[Phases.BID],
            asks=(
                msgspec.structs.replace(BID, narrates={Chosen: _narrated_chosen}, prefer=_all_in),
                msgspec.structs.replace(FOLD, steady=True),
            ),
        )
    },
)


class Game(Phased):
    table = ASKING


def test_an_ask_tells_its_events_prefers_for_the_bots_and_may_be_sent_on_an_older_view() -> None:
    narrations = ASKING.narrations()
    assert set(narrations) == {Chosen}
    assert narrations[Chosen](START, Chosen(1, Fold()), 0) == "seat 1 has chosen"
    assert preferred(ASKING, START, 1) is None
    folded = evolve(START, Chosen(0, Fold()))
    assert preferred(ASKING, folded, 1) == Bid(amount=3)
    assert preferred(ASKING, msgspec.structs.replace(folded, step=Phases.DONE), 1) is None
    assert preferred(TABLE, folded, 1) is None  # no ask prefers anything there
    assert not Game().needs_fresh_view(Fold()) and Game().needs_fresh_view(Bid(amount=1))
    assert Game().needs_fresh_view(Finished())  # no ask of it: as the platform's default


FOLDING = msgspec.structs.replace(FOLD, form="fold: sit the round out")
HELPED = msgspec.structs.replace(
    TABLE,
    prompts={
        Phases.BID: msgspec.structs.replace(
            TABLE.prompts[Phases.BID],
            asks=(BID, FOLDING),
            asking=lambda state, seat: (BID,) if seat == 0 else (FOLDING,),  # seat 1 only folds
            default=lambda state, seat: Bid(amount=seat + 1),
            automatic=True,
        ),
        Phases.DONE: Prompt(name=Phases.DONE, asks=(), owes=lambda state, seat: True),
    },
)


class Bidding(Phased):
    table = HELPED
    help_naming = "Say amounts in figures."
    help_idle = "Nothing to bid."

    def write_text(self, state: Bids, seat: int, decision: Any) -> str:
        if isinstance(decision, Bid):
            return f"bid {decision.amount}"
        return "fold" if state.choices[seat] is None else "fold instead"  # a choice changed

    def legal(self, state: Bids, seat: int) -> list[Any]:
        return legal(DECLARED, state, seat)  # every offer, whatever the seat is asked


class SeatFirst(Bidding):
    def help_head(self, state: Bids, seat: int) -> str:
        return f"Seat {seat} at the {state.step}:"


def test_help_lists_the_forms_asked_of_the_seat_with_a_few_offers_each_then_the_naming() -> None:
    assert Bidding().text_help(START, 0) == (
        "You may say:\n  bid <1-3>; e.g. 'bid 1', 'bid 2', 'bid 3'\nSay amounts in figures."
    )
    assert Bidding().text_help(START, 1) == (
        "You may say:\n  fold: sit the round out; e.g. 'fold'\nSay amounts in figures."
    )
    assert Bidding().text_help(START, 2) == "Nothing to bid."
    bid = evolve(START, Chosen(1, Bid(amount=2)))
    assert SeatFirst().text_help(bid, 1).startswith("Seat 1 at the bid:\n  fold: sit the round out")
    assert "e.g. 'fold instead'" in SeatFirst().text_help(bid, 1)
    over = msgspec.structs.replace(START, step=Phases.DONE)
    assert Bidding().text_help(over, 0) == "The game is over."


def _one_bid(kind: type, said: list[str]) -> list[str]:
    """A game's pick of examples by kind: a single bid shown."""
    return said[:1] if kind is Bid else said


def test_help_without_naming_ends_with_its_forms_and_a_pick_may_show_fewer_by_kind() -> None:
    def render(d: Any) -> str:
        return "fold" if isinstance(d, Fold) else f"bid {d.amount}"

    offered = [Bid(amount=1), Bid(amount=2), Fold()]
    said = text_help(HELPED, START, offered, render, "Say:", "-")
    bids, fold = "  bid <1-3>; e.g. 'bid 1', 'bid 2'", "  fold: sit the round out; e.g. 'fold'"
    assert said == f"Say:\n{bids}\n{fold}"
    forms = [(Bid, "bid <1-3>"), (Fold, "fold")]
    one_bid = help_lines(forms, offered, render, lambda kind, said, form: _one_bid(kind, said))
    assert one_bid == ["  bid <1-3>; e.g. 'bid 1'", "  fold; e.g. 'fold'"]


def test_the_prompts_asking_name_their_asks_and_the_defaults_answer_for_each_seat() -> None:
    game = Bidding()
    assert game.prompts() == {"bid": "bid or fold"}  # a prompt that asks nothing is left out
    assert game.automatic_prompts() == ("bid",)
    assert asking(HELPED, START, 0) == "bid" and asking(HELPED, START, 2) is None  # the dealer
    over = msgspec.structs.replace(START, step=Phases.DONE)
    assert asking(HELPED, over, 0) is None and not automatic(HELPED, over, 0)
    assert default_bot(HELPED)(START, 1, CHANCE) == Bid(amount=2)
    silent = msgspec.structs.replace(TABLE.prompts[Phases.BID], default=None)
    with pytest.raises(LookupError, match=r"^prompt bid declares no default$"):
        default_decision(msgspec.structs.replace(TABLE, prompts={Phases.BID: silent}), START, 0)


class Check(msgspec.Struct, frozen=True, tag="t.check"):
    pass


def test_a_decision_of_the_game_the_prompt_does_not_ask_is_told_what_it_asks() -> None:
    table = msgspec.structs.replace(DECLARED, decisions=(Bid, Fold, Check))
    assert decide(table, START, 0, Check(), CHANCE) == Rejection(
        "B-1", "now is the time to bid or fold"
    )


def _drawn_bid(state: Bids, seat: int, bid: Bid, chance: random.Random) -> list[Any]:
    """A bid whose amount the platform's chance deals."""
    return [Chosen(seat=seat, choice=Bid(amount=chance.randint(1, 3)))]


def test_a_prompt_refuses_what_it_does_not_ask_in_its_own_words_and_accepts_with_chance() -> None:
    def only_bids(state: Bids, seat: int, decision: Any) -> Rejection:
        return Rejection("B-4", f"seat {seat} may only bid at the {state.step}")

    bidding = msgspec.structs.replace(
        TABLE.prompts[Phases.BID], asks=(BID,), refuse_unasked=only_bids, accept=_drawn_bid
    )
    table = msgspec.structs.replace(TABLE, prompts={Phases.BID: bidding})
    assert decide(table, START, 1, Fold(), CHANCE) == Rejection(
        "B-4", "seat 1 may only bid at the bid"
    )
    dealt = random.Random(5).randint(1, 3)
    verdict = decide(table, START, 0, Bid(amount=1), random.Random(5))
    assert verdict == Accepted("B-1", [Chosen(seat=0, choice=Bid(amount=dealt))])
    unwritten = msgspec.structs.replace(bidding, accept=None)
    with pytest.raises(LookupError, match=r"^prompt bid has no accept for Bid$"):
        decide(
            msgspec.structs.replace(TABLE, prompts={Phases.BID: unwritten}),
            START,
            0,
            Bid(amount=1),
            CHANCE,
        )


class Windows(StrEnum):
    OBJECTION = "objection"


class Answering(Bidding):
    table = TABLE


OBJECTING = msgspec.structs.replace(
    TABLE,
    prompts={
        Windows.OBJECTION: Prompt(
            name=Windows.OBJECTION,
            asks=(BID,),  # a fold, its pass, is no ask of it
            owes=lambda state, seat: True,
            default=lambda state, seat: state.choices[seat] or Fold(),  # a choice made stands
            window=True,
        )
    },
    current=lambda state: Windows.OBJECTION,
)


def test_a_window_asks_in_words_its_answers_and_its_default_as_the_pass() -> None:
    assert Answering().window_ask(START, 1) == window_ask(
        "a bid window", ["fold", "bid 1", "bid 2", "bid 3"], "fold", "fold"
    )

    def write(decision: Any) -> str:
        return f"say {decision.amount}" if isinstance(decision, Bid) else "no"

    written = window_words(OBJECTING, START, 2, write, "after a bid")
    assert written == window_ask(
        "an objection window", ["say 1", "say 2", "say 3"], "no", "pass", "after a bid"
    )
