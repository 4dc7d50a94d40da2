"""A turn declared on the kit, as Star Realms declares its own: only the seat in turn decides,
each decision it is asked carries itself out (citing a finer rule where one applies), what
happens on its own is written while the seat still owes, the game's own words refuse a
decision it has no type for and one the prompt does not ask, a seat not in turn hears so
before its decision is read, help shows the forms asked now, and `legal` works out no
outcome."""

import random
from enum import StrEnum
from typing import Any

import msgspec

from events.kit.batch import Batch
from events.kit.evolve import dispatch
from events.kit.phases import Ask, Prompt, Table, decide, legal, react, text_help
from events.platform_rules import MALFORMED
from events.ruleset import Accepted, Rejection

CHANCE = random.Random(0)


class Moments(StrEnum):
    TURN = "turn"


class Raise(msgspec.Struct, frozen=True, tag="t.raise"):
    amount: int


class Stop(msgspec.Struct, frozen=True, tag="t.stop"):
    pass


class Double(msgspec.Struct, frozen=True, tag="t.double"):
    pass


class Raised(msgspec.Struct, frozen=True, tag="t.raised"):
    seat: int
    amount: int


class Stopped(msgspec.Struct, frozen=True, tag="t.stopped"):
    seat: int


class Won(msgspec.Struct, frozen=True, tag="t.won"):
    seat: int


class Tally(msgspec.Struct, frozen=True):
    scores: tuple[int, int] = (0, 0)
    active: int = 0
    doubled: bool = False  # the forms say so
    winner: int | None = None


def _raised(tally: Tally, e: Raised) -> Tally:
    scores = tuple(s + e.amount if n == e.seat else s for n, s in enumerate(tally.scores))
    return msgspec.structs.replace(tally, scores=scores)


evolve = dispatch(
    "tally",
    {
        Raised: _raised,
        Stopped: lambda t, e: msgspec.structs.replace(t, active=1 - e.seat),
        Won: lambda t, e: msgspec.structs.replace(t, winner=e.seat),
    },
)
carried_out: list[Any] = []  # what the asks carried out, to see `legal` carry out none


def _one_to_three(tally: Tally, seat: int, d: Raise) -> Rejection | None:
    return Rejection("T-1", "raise 1 to 3") if not 1 <= d.amount <= 3 else None


def _raise(batch: Batch[Tally], seat: int, d: Raise) -> str | None:
    carried_out.append(d)
    batch.emit(Raised(seat=seat, amount=d.amount))
    return "T-1.3" if d.amount == 3 else None  # the rule of the biggest raise


def _stop(batch: Batch[Tally], seat: int, d: Stop) -> None:
    batch.emit(Stopped(seat=seat))


def _five_wins(batch: Batch[Tally]) -> None:
    winners = [seat for seat, score in enumerate(batch.game.scores) if score >= 5]
    if winners:
        batch.emit(Won(seat=winners[0]))


def _asks(raise_form: str) -> tuple[Ask, ...]:
    return (
        Ask(Raise, "T-1", "raise", raise_form, _one_to_three, _raise),
        Ask(Stop, "T-2", "stop", "stop", carry_out=_stop),
    )


ASKS, DOUBLED = _asks("raise <1-3>"), _asks("raise <1-3>, doubled")
TABLE = Table(
    prompts={
        Moments.TURN: Prompt(
            name=Moments.TURN,
            asks=ASKS,
            owes=lambda tally, seat: seat == tally.active,
            asking=lambda tally, seat: DOUBLED if tally.doubled else ASKS,
            meanwhile=_five_wins,
            refuse_idle=lambda tally, seat: Rejection("T-0", "it is not your turn"),
            refuse_unasked=lambda tally, seat, d: Rejection("T-3", "nothing doubles now"),
            offers=lambda tally, seat: [Stop(), *(Raise(amount=n) for n in range(5))],
        )
    },
    current=lambda tally: Moments.TURN,
    seats=lambda tally: 2,
    over=lambda tally: tally.winner is not None,
    ended=Rejection("T-4", "the game is over"),
    decisions=(Raise, Stop, Double),
    batch=lambda tally, chance: Batch(tally, chance, evolve),
    foreign=lambda d: Rejection("T-R", f"Tally has no decision {type(d).__name__}"),
    turn_first=True,
)
START = Tally()


def _decide(tally: Tally, seat: int, decision: Any, table: Table = TABLE) -> Any:
    return decide(table, tally, seat, decision, CHANCE)


def test_each_ask_carries_out_its_decision_and_may_cite_a_finer_rule() -> None:
    assert _decide(START, 0, Raise(amount=2)) == Accepted("T-1", [Raised(seat=0, amount=2)])
    assert _decide(START, 0, Raise(amount=3)) == Accepted("T-1.3", [Raised(seat=0, amount=3)])
    assert _decide(START, 0, Stop()) == Accepted("T-2", [Stopped(seat=0)])


def test_what_happens_on_its_own_is_written_while_the_seat_in_turn_still_owes() -> None:
    assert react(TABLE, START, CHANCE) == []
    five = evolve(START, Raised(seat=0, amount=5))
    assert react(TABLE, five, CHANCE) == [Won(seat=0)]
    assert react(TABLE, evolve(five, Won(seat=0)), CHANCE) == []


def test_a_decision_of_no_type_of_the_game_is_refused_in_its_words_before_all_else() -> None:
    over = msgspec.structs.replace(START, winner=1)
    assert _decide(over, 7, Won(seat=0)) == Rejection("T-R", "Tally has no decision Won")
    assert _decide(START, 0, Double()) == Rejection("T-3", "nothing doubles now")


def test_with_the_turn_first_a_seat_not_in_turn_hears_so_before_its_decision_is_read() -> None:
    unread = Raise(amount="3")  # type: ignore[arg-type]  # built in code, not decoded
    assert _decide(START, 1, unread) == Rejection("T-0", "it is not your turn")
    assert _decide(START, 0, unread).rule == MALFORMED
    read_first = msgspec.structs.replace(TABLE, turn_first=False)
    assert _decide(START, 1, unread, read_first).rule == MALFORMED


def test_help_shows_the_forms_asked_of_the_seat_now() -> None:
    doubled = msgspec.structs.replace(START, doubled=True)
    options = legal(TABLE, doubled, 0)
    lines = text_help(TABLE, doubled, options, lambda d: type(d).__name__, "Say:", "-", seat=0)
    assert lines.splitlines()[1] == "  raise <1-3>, doubled; e.g. 'Raise'"


def test_legal_is_what_the_judges_allow_and_carries_nothing_out() -> None:
    carried_out.clear()
    assert legal(TABLE, START, 0) == [Stop(), *(Raise(amount=n) for n in (1, 2, 3))]
    assert legal(TABLE, START, 1) == []
    assert carried_out == []
