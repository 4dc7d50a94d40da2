"""The Action phase: turns, drafting, deploying, "as an Action", passing, tokens (CW-A)."""

import pytest

from events.rulesets.core_worlds.decisions import (
    Deploy,
    Draft,
    Pass,
    UseAction,
    UseSurgeToken,
)
from events.rulesets.core_worlds.happenings import (
    ActionUsed,
    Deployed,
    Drafted,
    Drew,
    Passed,
    SurgeTokenUsed,
    TurnBegan,
)
from events.rulesets.core_worlds.loader import CARD_SETS_ENV, PROVISIONAL_FILE
from events.rulesets.core_worlds.state import Phase

from .scenario import RULES, accepted, arrange, cid, in_action, play, rejected, settle, start


def test_cw_a_turns_go_clockwise_one_option_each():
    game = in_action(3, "a")
    me = game.turn
    other = (me + 1) % 3
    assert rejected(game, other, Pass(), "CW-A") == f"it is seat {me}'s turn, not yours"
    game = arrange(game, central=(cid("Lancer Squadron"),))
    game = arrange(game, me, energy=5)
    game, events = play(game, me, Draft(card=cid("Lancer Squadron")))
    assert events[-1] == TurnBegan(seat=other) and RULES.waiting(game).must == (other,)


def test_cw_a1_draft_costs_an_action_point_and_the_draft_cost():
    game = in_action(2, "a1")
    me = game.turn
    cruiser, prestige, world = cid("Battle Cruiser"), cid("Crown of Stars"), cid("Mireth")
    game = arrange(game, central=(cruiser, prestige, world))
    game = arrange(game, me, energy=2)
    assert rejected(game, me, Draft(card=cruiser), "CW-A1") == (
        "drafting Battle Cruiser costs 4 energy; you have 2"
    )
    assert rejected(game, me, Draft(card=world), "CW-A1") == (
        "Worlds are never drafted; invade Mireth instead"
    )
    assert (
        rejected(game, me, Draft(card=cid("Leviathan")), "CW-A1")
        == "Leviathan is not in the Central Zone"
    )
    game = arrange(game, me, energy=9)
    after, events = play(game, me, Draft(card=cruiser))
    assert events[0] == Drafted(seat=me, card=cruiser, cost=4, token=False)
    assert after.players[me].discard[-1] == cruiser
    assert (after.players[me].energy, after.players[me].action_points) == (5, 3)
    after, _ = play(game, me, Draft(card=prestige))
    assert after.players[me].warzone[-1] == prestige


def test_cw_a2_deploy_units_in_order_each_an_action_point_and_its_cost():
    game = in_action(2, "a2")
    me = game.turn
    snubs = (cid("Snub Fighter", 10), cid("Snub Fighter", 11))
    dread, rover = cid("Dreadnought Cruiser"), cid("Armoured Rover", 2)
    home = game.players[me].home
    game = arrange(game, me, hand=(*snubs, dread, rover), warzone=(home,), energy=7)
    [deployed] = accepted(game, me, Deploy(units=(*snubs, dread)), "CW-A2")
    assert deployed == Deployed(seat=me, units=(*snubs, dread), costs=(1, 1, 5))
    assert rejected(game, me, Deploy(units=(dread, *snubs)), "CW-A2") == (
        "deploying Snub Fighter costs 1 energy; you have 0 left"
    )
    assert rejected(arrange(game, me, energy=6), me, Deploy(units=(dread,)), "CW-A2") == (
        "deploying Dreadnought Cruiser costs 7 energy; you have 6"
    )
    too_many = Deploy(units=(*snubs, dread, rover, rover))
    assert rejected(game, me, too_many, "CW-A2") == "a Unit is named twice"
    game = arrange(game, me, action_points=2)
    assert rejected(game, me, Deploy(units=(*snubs, rover)), "CW-A2") == (
        "deploying 3 Units costs 3 action points; you have 2"
    )
    surge = cid("Energy Surge")
    game = arrange(game, me, hand=(surge,))
    assert (
        rejected(game, me, Deploy(units=(surge,)), "CW-A2")
        == "Energy Surge is not a Unit; only Units are deployed"
    )
    assert rejected(game, me, Deploy(units=()), "CW-A2") == "name the Units to deploy, in order"
    assert rejected(game, me, Deploy(units=(rover,)), "CW-A2") == (
        "Armoured Rover is not in your hand"
    )
    assert rejected(game, me, 5, "CW-R") == "Core Worlds has no decision int"


@pytest.mark.parametrize(
    ("decision", "doing"),
    [
        (UseAction(card=0), 'using an "as an Action" ability'),
        (Deploy(units=(0,)), "deploying"),
        (Pass(), "passing"),
        (UseSurgeToken(), "using an Energy Surge token"),
    ],
)
def test_cw_a_turn_decisions_outside_the_action_phase_are_refused_in_words(decision, doing):
    declaring = start(2, "a-phase")
    assert rejected(declaring, declaring.order()[0], decision, "CW-R") == (
        f"{doing} happens in the Action phase; this is the Energy phase"
    )


def test_cw_a4_as_an_action_abilities_cost_an_action_point_and_their_costs():
    game = in_action(2, "a4")
    me = game.turn
    convoy, requisition = cid("Supply Convoy"), cid("Requisition")
    hand = game.players[me].hand
    game = arrange(game, me, hand=(convoy, requisition, *hand), energy=1)
    after, events = play(game, me, UseAction(card=convoy))
    assert events[0] == ActionUsed(
        seat=me, card=convoy, ability=0, energy=0, discards=(), gain=2, counter=0
    )
    player = after.players[me]
    assert (player.energy, player.action_points, player.discard[-1]) == (3, 3, convoy)
    after, events = play(game, me, UseAction(card=requisition))
    drew = next(e for e in events if isinstance(e, Drew))
    assert len(drew.cards) == 2 and set(drew.cards) <= set(after.players[me].hand)
    assert (
        rejected(game, me, UseAction(card=cid("Overcharge")), "CW-A4")
        == "Overcharge is neither in your hand nor in your Warzone"
    )
    home = game.players[me].home
    named = game.cards.cards[home].name
    assert rejected(game, me, UseAction(card=home), "CW-A4") == (
        f'{named} has no "as an Action" ability #0'
    )
    overcharge = cid("Overcharge")  # discards 1 card for 3 energy
    game = arrange(game, me, hand=(overcharge, convoy))
    assert rejected(game, me, UseAction(card=overcharge), "CW-A4") == (
        "Overcharge takes 1 cards from your hand, not 0"
    )
    wrong = UseAction(card=overcharge, discards=(requisition,))
    assert rejected(game, me, wrong, "CW-A4") == "Requisition is not in your hand"


def test_cw_a4_an_as_an_action_use_costs_what_it_costs_and_no_more():
    game = in_action(2, "a4-costs")
    me = game.turn
    convoy, overcharge, grunts = cid("Supply Convoy"), cid("Overcharge"), cid("Galactic Grunts")
    game = arrange(game, me, hand=(convoy, overcharge, grunts), energy=0)
    [used] = accepted(game, me, UseAction(card=convoy), "CW-A4")  # costs no energy
    assert (used.energy, used.gain) == (0, 2)
    assert rejected(game, me, UseAction(card=overcharge, discards=(overcharge,)), "CW-A4") == (
        "Overcharge is named twice; a card is used once"
    )


def _operator_set(tmp_path, monkeypatch, name, printed, reprinted):
    """Given: an operator's card set where one card's text differs, for a combination the
    provisional set lacks."""
    text = PROVISIONAL_FILE.read_text(encoding="utf-8")
    assert printed in text
    (tmp_path / name).write_text(text.replace(printed, reprinted, 1), encoding="utf-8")
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    return name


def test_cw_a4_a_tactic_used_as_an_action_costs_its_play_cost_too(tmp_path, monkeypatch):
    printed = 'draft = 1\nabilities = [{ kind = "action", gain = 2 }]'  # Supply Cache
    reprinted = 'draft = 1\nplay = 2\nabilities = [{ kind = "action", energy = 1, gain = 2 }]'
    card_set = _operator_set(tmp_path, monkeypatch, "a4-play.toml", printed, reprinted)
    game = in_action(2, "a4-play")
    me = game.turn
    cache = cid("Supply Cache")
    game = arrange(arrange(game, card_set=card_set), me, hand=(cache,), energy=2)
    assert rejected(game, me, UseAction(card=cache), "CW-A4") == (
        "using Supply Cache costs 3 energy; you have 2"
    )
    [used] = accepted(arrange(game, me, energy=3), me, UseAction(card=cache), "CW-A4")
    assert used.energy == 3


def test_cw_c1_a_card_full_of_tokens_still_gains_what_its_action_gives(tmp_path, monkeypatch):
    printed = '{ kind = "action", energy = 1, counter = 1, limit = 3 }'  # Genetic Super Soldier
    reprinted = '{ kind = "action", energy = 1, counter = 1, limit = 3, gain = 1 }'
    card_set = _operator_set(tmp_path, monkeypatch, "c1-gain.toml", printed, reprinted)
    soldier = cid("Genetic Super Soldier")
    game = in_action(2, "c1-gain")
    me = game.turn
    game = arrange(game, card_set=card_set)
    game = arrange(game, me, warzone=(soldier,), counters=((soldier, 3),), energy=1)
    [used] = accepted(game, me, UseAction(card=soldier), "CW-A4")
    assert (used.gain, used.counter) == (1, 0)


def test_cw_a5_a6_passing_and_a_token_take_no_action_point_and_only_in_ones_turn():
    game = in_action(4, "a6-turn")
    holder = next(s for s, p in enumerate(game.players) if p.surge_tokens)
    game = arrange(game, turn=(holder + 1) % 4)
    assert rejected(game, holder, UseSurgeToken(), "CW-A") == (
        f"it is seat {game.turn}'s turn, not yours"
    )
    spent = arrange(arrange(game, turn=holder), holder, action_points=0)
    assert accepted(spent, holder, UseSurgeToken(), "CW-A6") == [
        SurgeTokenUsed(seat=holder, gain=2)
    ]
    assert accepted(spent, holder, Pass(), "CW-A5") == [Passed(seat=holder)]


def test_cw_a5_pass_spends_every_action_point_and_forced_passes():
    game = in_action(2, "a5")
    me = game.turn
    game, events = play(game, me, Pass())
    assert events[0] == Passed(seat=me) and game.players[me].action_points == 0
    assert game.turn != me
    assert rejected(game, me, Draft(card=game.central[0]), "CW-A5") == (
        "you have passed; you take no further turns this round"
    )
    other = game.turn
    game, events = play(game, other, Pass())
    assert game.phase == Phase.DISCARD
    game = in_action(2, "a5")
    me = game.turn
    spent = arrange(game, me, action_points=0)
    assert rejected(spent, me, Draft(card=game.central[0]), "CW-A5") == (
        "you have no action points left; you must pass"
    )
    game, events = settle(spent)
    assert events[0] == Passed(seat=me, forced=True)
    game = in_action(2, "a5")
    me = game.turn
    game, events = settle(arrange(game, me, energy=0, surge_tokens=0))
    assert events[0] == Passed(seat=me, forced=True)
    game = in_action(2, "a5")
    game, events = settle(arrange(game, me, energy=0, surge_tokens=1))
    assert events == []
    assert rejected(game, me, Draft(card=game.central[0]), "CW-A5") == (
        "with no energy you must pass, unless you use an "
        '"as an Action" ability that costs no energy'
    )
    convoy = cid("Supply Convoy")
    game, events = settle(arrange(game, me, energy=0, surge_tokens=0, hand=(convoy,)))
    assert events == []


def test_cw_a6_energy_surge_token_any_time_in_own_turn():
    game = in_action(4, "a6")
    holder = next(s for s, p in enumerate(game.players) if p.surge_tokens == 2)
    game = arrange(game, turn=holder)
    greedy = RULES.bots["greedy"]
    assert greedy(arrange(game, holder, energy=1), holder, None) == UseSurgeToken()  # low
    assert greedy(arrange(game, holder, energy=2), holder, None) != UseSurgeToken()
    assert not RULES.needs_fresh_view(UseSurgeToken())  # nobody else changes a token
    energy = game.players[holder].energy
    before, (game, events) = game, play(game, holder, UseSurgeToken())
    assert events == [SurgeTokenUsed(seat=holder, gain=2)]
    names = ["ann", "bob", "cy", "di"]
    told = RULES.narrate(before, events[0], None, names)
    assert told == f"{names[holder]} used an Energy Surge token: +2 energy"
    assert game.players[holder].energy == energy + 2 and game.turn == holder
    assert not game.turn_done and game.players[holder].surge_tokens == 1
    game = arrange(game, holder, surge_tokens=0)
    assert rejected(game, holder, UseSurgeToken(), "CW-A6") == "you have no Energy Surge token left"


def test_cw_a5_a_free_action_spares_the_forced_pass_only_where_it_can_be_used():
    game = in_action(2, "a5-free")
    me = game.turn
    broke = arrange(game, me, energy=0, surge_tokens=0)
    prophet, overcharge, grunts = cid("Prophet Amun-Tal"), cid("Overcharge"), cid("Galactic Grunts")

    def forced(hand, warzone=()):
        _, events = settle(arrange(broke, me, hand=hand, warzone=warzone))
        return events[:1] == [Passed(seat=me, forced=True)]

    assert not forced((grunts,), warzone=(prophet,))  # discards a card for 2 energy
    assert forced((grunts, prophet))  # in hand the Prophet is a Unit to deploy
    assert forced((), warzone=(prophet,))  # no card to discard
    assert forced((overcharge,))  # Overcharge cannot discard itself
    assert not forced((overcharge, grunts))


def test_the_deployments_offered_are_each_affordable_set_of_names_once_discounts_last():
    game = in_action(2, "deploy-legal")
    me = game.turn
    grunts = (cid("Galactic Grunts", 0), cid("Galactic Grunts", 1))
    dread, legion = cid("Dreadnought Cruiser"), cid("Shock Legion")  # 7 and 3 energy
    hand = (grunts[0], dread, grunts[1], legion)
    game = arrange(game, me, hand=hand, energy=10, action_points=3)
    offered = [d for d in RULES.legal(game, me) if isinstance(d, Deploy)]
    assert [tuple(game.cards.cards[u].name for u in d.units) for d in offered] == [
        ("Galactic Grunts",),
        ("Dreadnought Cruiser",),
        ("Shock Legion",),
        ("Galactic Grunts", "Dreadnought Cruiser"),
        ("Galactic Grunts", "Galactic Grunts"),
        ("Galactic Grunts", "Shock Legion"),
        ("Shock Legion", "Dreadnought Cruiser"),  # a discount counts the Units deployed before
        ("Galactic Grunts", "Galactic Grunts", "Dreadnought Cruiser"),
        ("Galactic Grunts", "Galactic Grunts", "Shock Legion"),
    ]


def test_an_as_an_action_use_offered_discards_the_least_worth_other_cards():
    game = in_action(2, "action-legal")
    me = game.turn
    overcharge, veridia, cutter = cid("Overcharge"), cid("Veridia"), cid("Patrol Cutter")
    # Veridia comes first in the card list but is worth more (3) than the Patrol Cutter (2)
    game = arrange(game, me, hand=(overcharge, veridia, cutter), energy=3)
    offered = [d for d in RULES.legal(game, me) if isinstance(d, UseAction)]
    assert offered == [UseAction(card=overcharge, discards=(cutter,))]


def test_a_discount_takes_a_deploy_cost_down_to_nothing_never_below():
    # the Dreadnought Cruiser (7) costs 1 less for each Starfighter in the Warzone: with 8, none
    game = in_action(2, "a2-free")
    me = game.turn
    dread, snubs = cid("Dreadnought Cruiser"), tuple(cid("Snub Fighter", i) for i in range(8))
    home = game.players[me].home
    game = arrange(game, me, hand=(dread,), warzone=(home, *snubs), energy=1)
    [deployed] = accepted(game, me, Deploy(units=(dread,)), "CW-A2")
    assert deployed == Deployed(seat=me, units=(dread,), costs=(0,))
