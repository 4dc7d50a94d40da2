"""What people and the platform read: descriptions, standing, facts, the card lookup."""

import random

from events.ruleset import Fact
from events.rulesets.star_realms.decisions import Buy, Play, Use
from events.rulesets.star_realms.happenings import Setup
from tests.star_realms.scenario import RULES, named, play, start, table


def _shown(description) -> set[int]:
    return {
        face.id
        for section in description.sections
        for cards in section.cards
        for face in cards.cards
    }


def test_descriptions_show_a_seat_its_hand_and_nobody_else_s():
    game = start()
    for seat in (None, 0, 1):
        described = RULES.describe(RULES.view(game, seat), ["Ana", "Ben"])
        shown = _shown(described)
        for other in (0, 1):
            hand = set(game.players[other].hand)
            assert (hand <= shown) if other == seat else not (hand & shown)
        assert set(game.row) <= shown and not set(game.trade_deck) & shown
        assert described.waiting.must == (game.active,)
        assert described.title.startswith("Star Realms")


def test_a_pending_choice_and_the_pools_are_described():
    game = table(bases=["Barter World"], trade=3)
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    fields = {
        f.label: f.value for s in RULES.describe(RULES.view(game, 0)).sections for f in s.fields
    }
    assert fields["Waiting for a choice"] == "Barter World: +2 Authority or +2 Trade"
    assert fields["Trade"] == "3" and fields["Authority"] == "50"


def test_standing_is_authority():
    game = table(authority=(42, 17))
    standing = RULES.standing(game)
    assert standing.scores == (42, 17) and standing.winners == () and standing.phase == "main"


def test_facts_count_the_first_player_buys_and_authority():
    setup = next(e for e in RULES.initial(2, {}, random.Random(1)) if isinstance(e, Setup))
    game = start()
    facts = RULES.facts(game, setup)
    assert Fact("player number", "1", setup.first) in facts
    shop = table(row=["Cutter"], trade=2)
    shop_events = play(shop, Buy(card=named(shop, "Cutter")))[1]
    assert RULES.facts(shop, shop_events[0]) == [Fact("bought", "Cutter", 0)]


def test_the_card_lookup_lists_the_set():
    cards = {c.name: c for c in RULES.cards({})}
    assert len(cards) == 49 and sum(c.copies for c in cards.values()) == 110
    pod = cards["Battle Pod"]
    assert pod.cost == 2 and pod.kind == "Blob ship" and pod.deck == "Trade Deck"
    assert pod.abilities == (
        "+4 Combat, scrap up to 1 from the Trade Row",
        "Ally (Blob): +2 Combat",
    )
    assert cards["Scout"].cost is None and (
        cards["Blob Wheel"].cost,
        cards["Blob Wheel"].numbers,
    ) == (3, {"defense": 5})


def test_narration_names_cards_played_to_everyone():
    game = table(hand=["Viper"])
    event = play(game, Play(card=game.players[0].hand[0]))[1][0]
    for seat in (None, 0, 1):
        assert RULES.narrate(game, event, seat, ["Ana", "Ben"]) == "Ana played the ship Viper"


def test_each_players_bases_tell_their_defense_outposts_first():
    game = table(bases=["Barter World", "Space Station"], their_bases=["Blob World"])
    laid = RULES.describe(RULES.view(game, 1), ["Ann", "Bo"])
    defense = {s.title: dict((f.label, f.value) for f in s.fields) for s in laid.sections}
    assert defense["Ann"]["Bases' defense"] == "Space Station 4 (Outpost), Barter World 4"
    assert defense["Bo (you)"]["Bases' defense"] == "Blob World 7"
