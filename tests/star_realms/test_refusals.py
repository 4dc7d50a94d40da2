"""Every refusal cites its rule and tells the player why, in the words they will read."""

import msgspec
import pytest

from events.rulesets.star_realms.decisions import (
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.happenings import Chosen
from tests.star_realms.scenario import RULES, accepted, arrange, named, play, rejected, table


class Surrender(msgspec.Struct, frozen=True):
    """A decision of no game."""


def _in_play(*hand: str, their_bases: tuple[str, ...] = ()):
    game, _ = play(table(hand=hand, their_bases=their_bases), PlayAll())
    return game


def _waiting():
    """Trade Bot's scrap waits for a choice."""
    game = table(hand=["Trade Bot", "Scout"])
    game, _ = play(game, Play(card=named(game, "Trade Bot")))
    return game


def test_decisions_outside_a_turn():
    game = table(hand=["Scout"])
    assert rejected(game, Surrender(), "SR-R1") == "Star Realms has no decision Surrender"
    over = arrange(game, winner=1)
    assert rejected(over, EndTurn(), "SR-G2") == "the game is over"
    assert rejected(game, EndTurn(), "SR-T5", seat=1) == "it is not your turn"
    assert rejected(game, Select(), "SR-P6") == "no ability asks a choice now"
    waiting = _waiting()
    assert rejected(waiting, EndTurn(), "SR-P6") == "an ability waits for your choice first"


def test_plays_and_abilities():
    game = table(hand=["Scout"], their_bases=["Blob Wheel"])
    assert rejected(game, Play(card=999), "SR-P1") == "that card is not in your hand"
    cutter = _in_play("Cutter", "Scout")
    ship = named(cutter, "Cutter")
    why = {
        Use(card=ship, slot="x"): ("SR-R1", "a card's abilities are primary, ally, scrap, not 'x'"),
        Use(card=-1, slot="ally"): ("SR-P3", "-1 is not in play on your side"),
        Use(card=0, slot="ally"): ("SR-P3", "Federation Shuttle is not in play on your side"),
        Use(card=named(cutter, "Scout"), slot="ally"): ("SR-P3", "Scout has no ally ability"),
        Use(card=ship, slot="primary"): ("SR-P2", "Cutter's primary ability is used already"),
        Use(card=ship, slot="ally"): (
            "SR-P3",
            "Cutter: no other Trade Federation card of yours has been in play with it",
        ),
    }
    for decision, (rule, reason) in why.items():
        assert rejected(cutter, decision, rule).removesuffix(" this turn") == reason, decision
    allied = _in_play("Cutter", "Federation Shuttle")  # an ally that only gains is used at once
    again = rejected(allied, Use(card=named(allied, "Cutter"), slot="ally"), "SR-P3")
    assert again == "Cutter's ally ability is used already this turn"


def test_buying():
    game = table(row=["Dreadnaught", "Cutter"], trade=3)
    dreadnaught = named(game, "Dreadnaught")
    assert rejected(game, Buy(card=dreadnaught), "SR-A1") == "Dreadnaught costs 7 Trade; you have 3"
    assert rejected(game, Buy(card=999), "SR-A3") == "that card is not in the Trade Row"
    on_top = rejected(game, Buy(card=named(game, "Cutter"), top=True), "SR-E7")
    assert on_top == "only the next ship after a top-deck ability may go on top"
    assert rejected(table(trade=1), BuyExplorer(), "SR-A1") == "Explorer costs 2 Trade; you have 1"


def test_choices():
    waiting = _waiting()
    assert rejected(waiting, Choose(option=0), "SR-P6") == (
        "this ability asks for cards, not a choice of effect"
    )
    needle = _in_play("Cutter", "Viper", "Stealth Needle")
    two = Select(cards=(named(needle, "Cutter"), named(needle, "Viper")))
    assert rejected(needle, two, "SR-E13") == "choose up to 1"


def test_a_free_explorer_is_chosen_as_one():
    game = _in_play("Blob Carrier", "Blob Fighter")
    game, _ = play(game, Use(card=named(game, "Blob Carrier"), slot="ally"))
    events = accepted(game, Select(explorer=True))
    assert Chosen(seat=0, cards=(), explorer=True) in events


def test_a_seat_not_in_turn_has_only_its_bases_in_play():
    game = _in_play("Cutter", their_bases=("Blob Wheel",))
    reply = RULES.read_text(game, 1, "use cutter ally")
    assert reply.rule == "SL-2" and reply.reason.startswith("no 'cutter' in play on your side")


def test_an_event_of_no_kind_is_refused_by_name():
    with pytest.raises(TypeError, match="star-realms has no event"):
        RULES.evolve(table(), Surrender())
