"""What a game may declare beyond the kit's defaults, each used by Core Worlds: its own first
checks in its own order (`screen`), the refusal of a decision out of its time (`untimely`),
a judge that writes its outcome as it judges (`verdict`), what happens on its own while a seat
still owes (`meanwhile`), and the examples help picks (`pick`)."""

import random
from enum import StrEnum
from typing import Any

import msgspec

from events.kit.batch import Batch
from events.kit.evolve import dispatch
from events.kit.phases import Ask, Prompt, Table, decide, help_lines, react
from events.ruleset import Accepted, Rejection


class Stage(StrEnum):
    BUY = "buy"
    PLAY = "play"
    OVER = "over"


class Buy(msgspec.Struct, frozen=True, tag="h.buy"):
    cost: int


class Play(msgspec.Struct, frozen=True, tag="h.play"):
    pass


class Bought(msgspec.Struct, frozen=True, tag="h.bought"):
    seat: int
    cost: int
    lucky: bool


class Played(msgspec.Struct, frozen=True, tag="h.played"):
    seat: int
    forced: bool


class Shop(msgspec.Struct, frozen=True):
    stage: Stage
    turn: int = 0
    coins: tuple[int, int] = (2, 0)  # seat 1 has nothing, so it plays without being asked


def _bought(shop: Shop, e: Bought) -> Shop:
    return msgspec.structs.replace(shop, stage=Stage.PLAY)


def _played(shop: Shop, e: Played) -> Shop:
    return msgspec.structs.replace(shop, turn=shop.turn + 1)


evolve = dispatch("shop", {Bought: _bought, Played: _played})


def _buy(shop: Shop, seat: int, buy: Buy, chance: random.Random) -> Accepted | Rejection:
    if buy.cost > shop.coins[seat]:
        return Rejection("H-2", f"that costs {buy.cost}; you have {shop.coins[seat]}")
    return Accepted("H-2.1", [Bought(seat=seat, cost=buy.cost, lucky=chance.random() < 2)])


def _plays_on_its_own(batch: Batch[Shop]) -> None:
    if batch.game.coins[batch.game.turn] == 0:
        batch.emit(Played(seat=batch.game.turn, forced=True))


def _screen(shop: Shop, seat: Any, decision: Any) -> Any:
    if not isinstance(decision, Buy | Play):
        return Rejection("H-0", f"the shop has no decision {type(decision).__name__}")
    return Rejection("H-9", "the shop is shut") if shop.stage == Stage.OVER else decision


TABLE = Table(
    prompts={
        Stage.BUY: Prompt(
            name=Stage.BUY,
            asks=(
                Ask(
                    Buy,
                    "H-2",
                    "buy",
                    verdict=_buy,
                    untimely=lambda shop: Rejection("H-2", "buying is over"),
                ),
            ),
            owes=lambda shop, seat: seat == 0,
            accept=lambda shop, seat, d, chance: [],
        ),
        Stage.PLAY: Prompt(
            name=Stage.PLAY,
            asks=(Ask(Play, "H-3", "play"),),
            owes=lambda shop, seat: seat == shop.turn,
            accept=lambda shop, seat, d, chance: [Played(seat=seat, forced=False)],
            meanwhile=_plays_on_its_own,
        ),
    },
    current=lambda shop: shop.stage,
    seats=lambda shop: 2,
    over=lambda shop: shop.stage == Stage.OVER,
    ended=Rejection("H-9", "the shop is shut"),
    decisions=(Buy, Play),
    batch=lambda shop, chance: Batch(shop, chance, evolve),
    screen=_screen,
)
CHANCE = random.Random(0)


def test_the_games_own_first_checks_come_before_the_kits() -> None:
    assert decide(TABLE, Shop(Stage.BUY), 0, Bought(0, 1, False), CHANCE) == Rejection(
        "H-0", "the shop has no decision Bought"
    )
    assert decide(TABLE, Shop(Stage.OVER), 0, Buy(cost=1), CHANCE) == Rejection(
        "H-9", "the shop is shut"
    )


def test_a_decision_out_of_its_time_is_refused_in_its_own_words_whoever_sends_it() -> None:
    play = Shop(Stage.PLAY)
    assert decide(TABLE, play, 1, Buy(cost=1), CHANCE) == Rejection("H-2", "buying is over")
    assert decide(TABLE, play, 0, Buy(cost=1), CHANCE) == Rejection("H-2", "buying is over")
    # a decision whose ask declares no such words keeps the kit's refusal
    assert decide(TABLE, Shop(Stage.BUY), 0, Play(), CHANCE) == Rejection(
        "H-2", "now is the time to buy"
    )


def test_a_verdict_judges_and_writes_the_outcome_under_its_own_rule() -> None:
    shop = Shop(Stage.BUY)
    assert decide(TABLE, shop, 0, Buy(cost=3), CHANCE) == Rejection(
        "H-2", "that costs 3; you have 2"
    )
    assert decide(TABLE, shop, 0, Buy(cost=2), CHANCE) == Accepted(
        "H-2.1", [Bought(seat=0, cost=2, lucky=True)]
    )


def test_while_a_seat_owes_what_happens_meanwhile_acts_for_a_seat_with_no_choice() -> None:
    assert react(TABLE, Shop(Stage.PLAY, turn=0), CHANCE) == []
    assert react(TABLE, Shop(Stage.PLAY, turn=1), CHANCE) == [Played(seat=1, forced=True)]


def test_help_shows_the_examples_the_game_picks_and_a_form_alone_when_none() -> None:
    def shortest(kind: type, said: list[str], form: str) -> list[str]:
        return sorted((s for s in said if s != form), key=len)[:1]

    lines = help_lines(
        [(Buy, "buy <cost>"), (Play, "play")],
        [Buy(cost=10), Buy(cost=2), Play()],
        lambda d: f"buy {d.cost}" if isinstance(d, Buy) else "play",
        shortest,
    )
    assert lines == ["  buy <cost>; e.g. 'buy 2'", "  play"]
