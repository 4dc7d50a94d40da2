"""Every refusal cites its rule and tells the player why, in the words they will read."""

import msgspec

from events.platform_rules import MALFORMED
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from tests.race_for_the_galaxy.scenario import RULES, arrange, on, play, rejected, stock, table

FILLER = ["gem_world", "comet_zone", "spice_world", "mining_world", "asteroid_belt", "space_port"]


class Surrender(msgspec.Struct, frozen=True):
    """A decision of no game."""


def _crowded(game):
    """Seat 0 holds a card past the hand limit of 10, from the deck."""
    return arrange(game, 0, hand=game.deck[:11])


def _refused(game, why, seat=0):
    for decision, (rule, reason) in why.items():
        assert rejected(game, decision, rule, seat) == reason, decision


def test_decisions_out_of_step():
    game = table([["old_earth"], ["new_sparta"]])
    assert rejected(game, Surrender(), MALFORMED) == "Surrender is not a decision of this game"
    assert rejected(arrange(game, step="over"), ChooseActions(("develop",)), "RG-G1") == (
        "the game is over"
    )
    assert rejected(game, Develop(), "RG-R1") == "now is the time to choose your action"
    explore = arrange(table([["old_earth"], ["new_sparta"]], step="explore"), 1, drawn=(5, 6))
    assert rejected(explore, Keep(cards=()), "RG-E1") == (
        "nothing is asked of you now; the others are choosing"
    )


def test_each_step_names_what_it_asks():
    def at(step, tableau=("old_earth",), hand=(), actions=("develop",)):
        return table([tableau, ["new_sparta"]], hands=[hand], step=step, actions=[actions])

    explore = arrange(at("explore"), 0, drawn=(40, 41))
    produce = at("produce", ("old_earth", "asteroid_belt"), actions=("produce",))
    trader = stock(at("consume", ("old_earth", "gem_world"), actions=("trade",)), 0, "gem_world")
    consumer = stock(at("consume", ("old_earth", "gem_world")), 0, "gem_world")
    cases = [
        (at("setup"), Develop(), "RG-S5", "discard"),
        (explore, Develop(), "RG-E1", "keep some of your explored cards"),
        (at("develop"), Settle(), "RG-D1", "develop"),
        (at("settle"), Develop(), "RG-W1", "settle"),
        (trader, Develop(), "RG-C1", "sell a good with your Trade bonus, before any consume power"),
        (consumer, Develop(), "RG-C3", "use your consume powers"),
        (produce, Develop(), "RG-P4", "put goods on your windfall worlds"),
        (_crowded(at("hand_limit")), Develop(), "RG-R5", "discard"),
    ]
    for game, decision, rule, words in cases:
        assert rejected(game, decision, rule) == f"now is the time to {words}", game.step


def test_action_cards():
    game = table([["old_earth"], ["new_sparta"]])
    one = "choose one action of explore_5, explore_1_1, develop, settle, trade, consume_2x, produce"
    assert rejected(game, ChooseActions(("attack",)), "RG-R1") == one
    advanced = arrange(game, advanced=True)
    two = "choose two actions: two different, or Develop or Settle twice"
    assert rejected(advanced, ChooseActions(("trade", "trade")), "RG-A1") == two
    assert RULES.options_error(3, {"advanced": True}) == (
        "the advanced game (two actions a round) is for 2 players"
    )


def test_discarding_and_keeping():
    setup = table([["old_earth"], ["new_sparta"]], hands=[FILLER], step="setup")
    hand = setup.players[0].hand
    _refused(
        setup,
        {
            Discard(cards=hand[:1]): ("RG-S5", "discard exactly 2 cards from your hand, each once"),
            Discard(cards=(hand[0], hand[0])): (
                "RG-S5",
                "discard exactly 2 cards from your hand, each once",
            ),
        },
    )
    full = _crowded(arrange(setup, step="hand_limit"))
    assert rejected(full, Discard(cards=()), "RG-R5") == (
        "discard exactly 1 card from your hand, each once"
    )
    explore = arrange(arrange(setup, step="explore"), 0, drawn=(40, 41))
    assert rejected(explore, Keep(cards=(40, 41)), "RG-E1") == (
        "keep exactly 1 card of the explored cards, each once"
    )


def test_developing():
    hand = ["investment_credits", "colony_ship", "gem_world", "comet_zone"]
    game = table(
        [["old_earth", "investment_credits"], ["new_sparta"]], hands=[hand], step="develop"
    )
    credits, ship, gem, comet = game.players[0].hand
    pay = "pay exactly 1 other card from your hand, each once"  # Investment Credits: 2 - 1
    _refused(
        game,
        {
            Develop(paying=(gem,)): ("RG-D2", "nothing to pay for when placing nothing"),
            Develop(card=gem): ("RG-D1", "develop a development from your hand"),
            Develop(card=game.deck[0]): ("RG-D1", "develop a development from your hand"),
            Develop(card=credits): ("RG-D4", "your tableau already holds that development"),
            Develop(card=ship, paying=(ship,)): ("RG-D2", pay),
            Develop(card=ship, paying=(gem, comet)): ("RG-D2", pay),
        },
    )
    plain = table([["old_earth"], ["new_sparta"]], hands=[hand], step="develop")
    ship, gem = plain.players[0].hand[1:3]
    twice = rejected(plain, Develop(card=ship, paying=(gem, gem)), "RG-D2")
    assert twice == "pay exactly 2 other cards from your hand, each once"


def test_settling():
    tableau = ["old_earth", "colony_ship", "new_military_tactics"]
    hand = ["gem_world", "deserted_alien_outpost", "former_penal_colony", "rebel_outpost"]
    game = table([tableau, ["new_sparta"]], hands=[[*hand, "public_works", "comet_zone"]])
    game = arrange(game, step="settle")
    earth, ship, tactics = game.players[0].tableau
    gem, alien, penal, outpost, works, comet = game.players[0].hand
    nothing = ("RG-W2", "nothing to pay for when placing nothing")
    give_up = ("RG-W7", "give up only tableau cards whose power says to discard them")
    _refused(
        game,
        {
            Settle(paying=(gem,)): nothing,
            Settle(discarding=(ship,)): ("RG-W7", "Colony Ship makes a world free: name the world"),
            Settle(discarding=(earth,)): give_up,
            Settle(pay_for_military=True): nothing,
            Settle(paying=(gem,), discarding=(tactics,)): nothing,
            Settle(card=works): ("RG-W1", "settle a world from your hand"),
            Settle(card=game.deck[0]): ("RG-W1", "settle a world from your hand"),
            Settle(card=gem, discarding=(ship, ship)): give_up,
            Settle(card=gem, discarding=(earth,)): give_up,
            Settle(card=alien, discarding=(ship,)): (
                "RG-W7",
                "Colony Ship cannot place an Alien world",
            ),
            Settle(card=penal, discarding=(ship,)): (
                "RG-W7",
                "Colony Ship places a military world only when it is paid for",
            ),
            Settle(card=gem, paying=(works, comet), pay_for_military=True): (
                "RG-W8",
                "pay for a military world whose kind is not Alien only",
            ),
            Settle(card=penal, paying=(works,), pay_for_military=True): (
                "RG-W8",
                "no power of yours pays for a military world",
            ),
            Settle(card=penal, paying=(works,)): (
                "RG-W3",
                "a military world is conquered, not paid for",
            ),
            Settle(card=outpost): (
                "RG-W3",
                "conquering Rebel Outpost needs Military 5; yours is 0",
            ),
            Settle(card=gem, paying=(gem, comet)): (
                "RG-W2",
                "pay exactly 2 other cards from your hand, each once",
            ),
        },
    )


def test_paying_for_a_military_world_takes_the_pay_for_military_discount_alone():
    """Contact Specialist pays for Rebel Outpost at 5 - 1; New Sparta's Military 2 is no help."""
    hand = ["rebel_outpost", *FILLER[:4]]
    game = table([["new_sparta", "contact_specialist"], ["old_earth"]], hands=[hand])
    game = arrange(game, step="settle")
    outpost, *pay = game.players[0].hand
    short = Settle(card=outpost, paying=tuple(pay[:3]), pay_for_military=True)
    assert rejected(game, short, "RG-W2") == "pay exactly 4 other cards from your hand, each once"
    play(game, Settle(card=outpost, paying=tuple(pay), pay_for_military=True))


def test_trading_and_consuming():
    tableau = ["old_earth", "gem_world", "gambling_world", "deficit_spending"]
    hand = ["comet_zone", "spice_world", "mining_world"]
    game = table([tableau, ["new_sparta"]], hands=[hand], step="consume", actions=[("trade",)])
    game = stock(game, 0, "gem_world")
    earth, gem, gambling, spending = game.players[0].tableau
    _refused(
        game,
        {
            Trade(world=earth): ("RG-C1", "sell a good from one of your worlds that holds one"),
            Consume(earth, worlds=(gem,)): (
                "RG-C1",
                "now is the time to sell a good with your Trade bonus, before any consume power",
            ),
        },
    )
    game = arrange(game, 0, actions=("develop",))
    cards = game.players[0].hand
    discard = ("RG-C6", "discard up to 2 cards from your hand, each once")
    _refused(
        game,
        {
            Consume(card=game.deck[0]): (
                "RG-C3",
                "use one of your row-IV powers you have not used and can use",
            ),
            Consume(earth, worlds=(gem, gem)): (
                "RG-C3",
                "take exactly 1 good from your worlds holding one, each once",
            ),
            Consume(gambling, power=1, number=8): ("RG-C6", "name a number from 1 to 7"),
            Consume(gambling, power=1, number=0): ("RG-C6", "name a number from 1 to 7"),
            Consume(spending, cards=(cards[0], cards[0])): discard,
            Consume(spending, cards=cards): discard,
            Consume(spending, cards=(game.deck[0],)): discard,
        },
    )


def test_a_whole_hand_may_be_discarded_for_vp():
    hand = [["comet_zone", "spice_world"]]
    game = table([["new_sparta", "deficit_spending"], ["old_earth"]], hands=hand, step="consume")
    play(game, Consume(on(game, 0, "deficit_spending"), cards=game.players[0].hand))


def test_producing():
    tableau = ["old_earth", "mining_robots", "asteroid_belt", "former_penal_colony"]
    game = table([tableau, ["new_sparta"]], step="produce")
    earth, robots, belt, penal = game.players[0].tableau
    _refused(
        game,
        {
            Windfall(world=belt): ("RG-P2", "you have no Produce bonus to use now"),
            Windfall(world=belt, card=earth): (
                "RG-P4",
                "use a windfall-produce power you have not used this phase",
            ),
            Windfall(world=penal, card=robots): (
                "RG-P4",
                "'windfall-produce Rare' fills an empty windfall world of its kind",
            ),
        },
    )
    chose = arrange(game, 0, actions=("produce",))
    assert rejected(chose, Windfall(world=earth), "RG-P2") == (
        "the bonus good goes on your windfall world without one"
    )
