"""Hidden information (RG-H) and goods as face-down cards (RG-K5, RG-P3)."""

import random

import msgspec

from events.rulesets.race_for_the_galaxy.decisions import ChooseActions, Consume, Windfall
from tests.race_for_the_galaxy.scenario import (
    RULES,
    arrange,
    ids,
    on,
    play,
    rejected,
    start,
    stock,
    table,
)


def test_rg_h1_hands_are_secret_their_sizes_public():
    game = start(3)
    seen = RULES.view(game, 0)
    assert seen.players[0].hand == game.players[0].hand
    assert [p.hand for p in seen.players[1:]] == [None, None]
    assert [p.hand_size for p in seen.players] == [6, 6, 6]
    assert all(p.hand is None for p in RULES.view(game, None).players)


def test_rg_h2_no_one_sees_the_deck_the_discard_pile_or_a_good():
    game = stock(table([["old_earth", "gem_world"], ["new_sparta"]]), 0, "gem_world")
    game = arrange(game, discard=game.deck[:3], deck=game.deck[3:])
    good = game.players[0].goods[0][1]
    seen = RULES.view(game, 0)
    assert (seen.deck_size, seen.discard_size) == (len(game.deck), 3)
    assert seen.players[0].goods_on == (on(game, 0, "gem_world"),)
    fields = {f.name for f in msgspec.structs.fields(seen)}
    fields |= {f.name for f in msgspec.structs.fields(seen.players[0])}
    assert not fields & {"deck", "discard", "goods"}  # where goods are, never which card
    dealt = RULES.resample(game, 1, random.Random(1))
    assert dealt.players[1].goods == game.players[1].goods
    assert sorted(dealt.deck + dealt.discard + (dealt.players[0].goods[0][1],)) == sorted(
        game.deck + game.discard + (good,)
    )
    assert dealt.deck != game.deck


def test_rg_k5_a_good_is_of_its_worlds_kind_and_goes_to_the_discard_pile():
    """The good on Gem World is the face-down Comet Zone card: still a Novelty good."""
    game = table([["old_earth", "consumer_markets", "gem_world"], ["new_sparta"]], step="consume")
    gem = on(game, 0, "gem_world")
    comet = ids("comet_zone")[0]
    game = arrange(game, 0, goods=((gem, comet),))
    game = arrange(game, deck=tuple(c for c in game.deck if c != comet))
    game, _ = play(game, Consume(on(game, 0, "consumer_markets"), worlds=(gem,)))
    assert game.players[0].goods == () and comet in game.discard


def test_rg_p3_a_world_holds_one_good_at_most():
    tableau = ["old_earth", "asteroid_belt", "gem_world"]
    game = table([tableau, ["new_sparta"]], step="produce", actions=[["produce"], []])
    game = stock(game, 0, "asteroid_belt", "gem_world")
    assert RULES.waiting(game).must == ()  # no empty windfall world: the bonus is not owed
    game = arrange(game, 0, goods=game.players[0].goods[1:])
    rejected(game, Windfall(world=on(game, 0, "gem_world")), "RG-P2")
    game, _ = play(game, Windfall(world=on(game, 0, "asteroid_belt")))
    assert len(game.players[0].goods) == 2


def test_rg_h3_explored_cards_and_a_sealed_choice_are_the_seats_own():
    game = start(2)
    choice = ChooseActions(actions=("explore_5",))
    drawn = game.deck[:2]
    game = arrange(game, 0, drawn=drawn, choice=choice)
    mine, theirs = RULES.view(game, 0).players[0], RULES.view(game, 1).players[0]
    assert (mine.drawn, mine.choice) == (drawn, choice)
    assert (theirs.drawn, theirs.choice, theirs.has_chosen) == (None, None, False)
    assert theirs.to_choose  # whether it has chosen is its own: still choosing, to the others


def test_the_round_and_the_end_are_public():
    game = arrange(start(2), phases=("develop", "produce"), advanced=True)
    ended = arrange(game, scores=(31, 27), winners=(0,))
    for seat in (0, 1, None):
        seen = RULES.view(ended, seat)
        assert (seen.phases, seen.advanced) == (("develop", "produce"), True)
        assert (seen.scores, seen.winners) == ((31, 27), (0,))


def test_a_resampled_table_deals_others_explored_cards_anew_and_keeps_every_card_once():
    game = start(2)
    game = arrange(game, 1, drawn=game.deck[:3])
    game = arrange(game, deck=game.deck[3:])

    def every_card(g):
        found = [*g.deck, *g.discard]
        for p in g.players:
            found += [*p.tableau, *p.hand, *p.drawn, *(good for _, good in p.goods)]
        return sorted(found)

    for chance in range(5):
        dealt = RULES.resample(game, 0, random.Random(chance))
        assert every_card(dealt) == every_card(game)
        assert len(dealt.players[1].drawn) == 3 and dealt.players[0] == game.players[0]
