"""Setup (RG-S) and the round (RG-R): given a table, when the seats choose, then these events."""

import random
from collections import Counter

import pytest

from events.rulesets.race_for_the_galaxy.decisions import ChooseActions, Develop, Discard, Keep
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    Chosen,
    GoodPlaced,
    Revealed,
    RoundBegan,
    StepBegan,
)
from tests.race_for_the_galaxy.scenario import (
    CARDS,
    RULES,
    all_play,
    fold,
    play,
    rejected,
    start,
    table,
)


def _every_card(game) -> Counter:
    found = [*game.deck, *game.discard]
    for p in game.players:
        found += [*p.hand, *p.tableau, *p.drawn, *(g for _, g in p.goods)]
    return Counter(found)


def test_rg_s1_two_to_four_players_seven_action_cards_each():
    assert (RULES.min_seats, RULES.max_seats) == (2, 4)
    game = start(3)
    game, _ = all_play(game, *(Discard(p.hand[:2]) for p in game.players))
    assert all(len(RULES.legal(game, s)) == 7 for s in range(3))


def test_rg_s2_the_pool_holds_12_vp_per_player():
    assert start(2).pool == 24 and start(3).pool == 36 and start(4).pool == 48


def test_rg_s3_one_start_world_each_and_every_card_once():
    game = start(4)
    starts = [p.tableau[0] for p in game.players]
    assert len(set(starts)) == 4 and all(CARDS.card(s).start is not None for s in starts)
    assert _every_card(game) == Counter(range(114))


def test_rg_s4_alpha_centauri_gets_its_windfall_good():
    for seed in range(40):
        events = RULES.initial(2, {}, random.Random(seed))
        game = fold(events)
        dealt = [CARDS.card(p.tableau[0]).id for p in game.players]
        placed = [e for e in events if isinstance(e, GoodPlaced)]
        assert (len(placed) == 1) == ("alpha_centauri" in dealt)
        if placed:
            assert CARDS.card(placed[0].world).id == "alpha_centauri"
            return
    raise AssertionError("Alpha Centauri never dealt")


def test_rg_s5_six_dealt_two_discarded_at_once_and_secretly():
    game = start(2)
    assert [len(p.hand) for p in game.players] == [6, 6]
    assert RULES.waiting(game).simultaneous and RULES.waiting(game).must == (0, 1)
    mine = game.players[0].hand[:2]
    game, events = play(game, Discard(cards=mine))
    assert events == [Chosen(seat=0, choice=Discard(cards=mine))]
    assert len(game.players[0].hand) == 6  # nothing happens before the other has chosen
    assert RULES.view(game, 1).players[0].choice is None
    assert not RULES.view(game, 1).players[0].has_chosen  # seat 1 sees it still choosing
    assert RULES.view(game, 0).players[0].has_chosen
    game, events = play(game, Discard(cards=game.players[1].hand[:2]), seat=1)
    assert [len(p.hand) for p in game.players] == [4, 4]
    assert game.step == "select" and game.round == 1


def test_rg_s5_discard_exactly_two_of_your_cards():
    game = start(2)
    rejected(game, Discard(cards=game.players[0].hand[:3]), "RG-S5")
    rejected(game, Discard(cards=game.players[1].hand[:2]), "RG-S5")


def test_rg_r1_a_sealed_choice_may_change_until_all_have_chosen():
    game = table([["old_earth"], ["new_sparta"]])
    game, _ = play(game, ChooseActions(actions=("develop",)))
    assert RULES.waiting(game).must == (1,) and RULES.waiting(game).may == (0,)
    game, _ = play(game, ChooseActions(actions=("settle",)))
    game, events = play(game, ChooseActions(actions=("settle",)), seat=1)
    reveal = next(e for e in events if isinstance(e, ActionsRevealed))
    assert reveal.actions == (("settle",), ("settle",))


def test_rg_r1_one_action_of_the_seven():
    game = table([["old_earth"], ["new_sparta"]])
    rejected(game, ChooseActions(actions=("develop", "settle")), "RG-R1")
    rejected(game, ChooseActions(actions=("attack",)), "RG-R1")


def test_rg_r2_the_choices_are_revealed_together_once_all_have_chosen():
    game = table([["old_earth"], ["new_sparta"]])
    game, events = play(game, ChooseActions(actions=("produce",)))
    assert not any(isinstance(e, Revealed) for e in events)
    game, events = play(game, ChooseActions(actions=("develop",)), seat=1)
    revealed = next(e for e in events if isinstance(e, Revealed))
    assert revealed.choices == (
        ChooseActions(actions=("produce",)),
        ChooseActions(actions=("develop",)),
    )


def test_rg_r3_only_the_chosen_phases_run_in_order():
    game = table([["old_earth"], ["new_sparta"]], hands=[["gem_world"], ["comet_zone"]])
    game, events = all_play(
        game, ChooseActions(actions=("produce",)), ChooseActions(actions=("explore_5",))
    )
    assert next(e for e in events if isinstance(e, ActionsRevealed)).phases == (
        "explore",
        "produce",
    )
    assert [e.step for e in events if isinstance(e, StepBegan)] == ["explore"]


def test_rg_r4_everyone_acts_only_the_chooser_has_the_bonus():
    game = table([["old_earth"], ["new_sparta"]])
    game, _ = all_play(
        game, ChooseActions(actions=("explore_5",)), ChooseActions(actions=("develop",))
    )
    assert [len(p.drawn) for p in game.players] == [7, 2]


def test_rg_r5_hand_limit_of_ten_at_the_end_of_the_round():
    hand = ["gem_world", "comet_zone", "spice_world", "mining_world", "new_earth"]
    hand += ["asteroid_belt", "space_port", "new_vinland", "distant_world", "tourist_world"]
    game = table([["old_earth"], ["new_sparta"]], hands=[hand, []])
    game, _ = all_play(
        game, ChooseActions(actions=("explore_1_1",)), ChooseActions(actions=("explore_5",))
    )
    game, _ = all_play(game, Keep(cards=game.players[0].drawn[:2]), Keep(game.players[1].drawn[:1]))
    assert game.step == "hand_limit" and RULES.waiting(game).must == (0,)
    rejected(game, Discard(cards=game.players[0].hand[:1]), "RG-R5")
    game, _ = play(game, Discard(cards=game.players[0].hand[:2]))
    assert len(game.players[0].hand) == 10 and game.step == "select" and game.round == 2


def test_rg_r6_timing_order_from_the_lowest_start_world():
    for seed in range(10):
        game = start(3, seed=str(seed))
        numbers = [CARDS.card(game.players[s].tableau[0]).start for s in game.order]
        first = numbers[0]
        assert first == min(numbers)
        assert list(game.order) == [(game.order[0] + i) % 3 for i in range(3)]


def _chosen(game, *decisions):
    """Each seat's decision sealed, with nothing settled after it."""
    for seat, decision in enumerate(decisions):
        game = fold(RULES.decide(game, seat, decision, random.Random(0)).events, game)
    return game


def _step(game):
    """What follows once all have chosen, one step only."""
    events = RULES.react(game, random.Random(0))
    return fold(events, game), events


def test_rg_r3_a_round_step_by_step_reveal_phases_hand_limit_next_round():
    game = table([["old_earth"], ["new_sparta"]])
    develop = ChooseActions(actions=("develop",))
    game, events = _step(_chosen(game, develop, develop))
    assert events == [
        Revealed(step="select", choices=(develop, develop)),
        ActionsRevealed(actions=(("develop",), ("develop",)), phases=("develop",)),
        StepBegan(step="develop"),
    ]
    assert game.step == "develop" and game.phases == ()
    assert [p.choice for p in game.players] == [None, None]
    game, events = _step(_chosen(game, Develop(), Develop()))
    assert events[1:] == [StepBegan(step="hand_limit")]
    game, events = _step(game)
    assert events == [RoundBegan(round=2)]
    assert game.step == "select" and RULES.waiting(game).must == (0, 1)


def test_a_log_with_a_foreign_event_or_a_wrong_seat_count_does_not_fold():
    game = table([["old_earth"], ["new_sparta"]])
    with pytest.raises(TypeError, match="race-for-the-galaxy has no event 'develop'"):
        RULES.evolve(game, "develop")
    with pytest.raises(ValueError):
        fold([ActionsRevealed(actions=(("develop",),), phases=("develop",))], game)
