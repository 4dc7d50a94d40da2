"""The invasion plans offered as legal options (and the bots' picks): a Tactic joins a plan only
when it brings strength the Units still lack and the energy left pays its play cost."""

import msgspec

from events.rulesets.core_worlds.decisions import Invade, Use
from events.rulesets.core_worlds.plans import invasion_plans
from events.rulesets.core_worlds.worth import worth

from .scenario import CARDS, arrange, cid, in_action

FLEET, GROUND, EITHER = cid("Fleet Command"), cid("Forced March"), cid("Ambush")  # play 1 each
FREE_GROUND = cid("Boarding Party")  # play 0


def _found(world, warzone, hand, **seat):
    """My turn, `world` alone in the Central Zone: the invasion plans. `seat` sets my other
    fields (2 energy and 4 action points unless it says)."""
    game = in_action(2, "plans")
    me = game.turn
    game = arrange(game, central=(cid(world),))
    units = tuple(cid(u) for u in warzone)
    game = arrange(game, me, warzone=units, hand=hand, **{"energy": 2, "action_points": 4, **seat})
    return [plan for plan, _ in invasion_plans(game, me)]


def _plans(world, warzone, hand, **seat):
    """The plans' (units, tactics)."""
    return [(p.units, p.tactics) for p in _found(world, warzone, hand, **seat)]


def test_a_tactic_joins_a_plan_only_for_strength_still_lacking():
    cutter, militia = cid("Patrol Cutter"), cid("Frontier Militia")
    # Mireth needs Fleet 2 and Ground 2; Fleet Command comes first but adds only Fleet
    assert _plans("Mireth", ["Patrol Cutter"], (FLEET, GROUND)) == [((cutter,), (GROUND,))]
    assert _plans("Mireth", ["Frontier Militia"], (GROUND, FLEET)) == [((militia,), (FLEET,))]
    # short by one, a Tactic beats adding a Unit: Kelvar Outpost (1, 2), Drift Colony (2, 1)
    plans = _plans("Kelvar Outpost", ["Frontier Militia", "Snub Fighter"], (FLEET,))
    assert plans == [((militia,), (FLEET,))]
    plans = _plans("Drift Colony", ["Patrol Cutter", "Galactic Grunts"], (GROUND,))
    assert plans == [((cutter,), (GROUND,))]


def test_a_tactic_that_chooses_its_side_joins_where_strength_lacks():
    cutter = cid("Patrol Cutter")
    assert _plans("Mireth", ["Patrol Cutter"], (EITHER,)) == [((cutter,), (EITHER,))]


def _uses(world, warzone, hand, **seat):
    """The one plan's (tactics, uses)."""
    [plan] = _found(world, warzone, hand, **seat)
    return plan.tactics, plan.uses


def test_a_chosen_side_is_where_more_strength_lacks_fleet_on_a_tie():
    ambush = (Use(card=EITHER, choice="fleet"),)
    # Mireth (2, 2) against a Patrol Cutter (2, 0) lacks Ground; against no Unit, both alike
    assert _uses("Mireth", ["Patrol Cutter"], (EITHER,)) == (
        (EITHER,),
        (Use(EITHER, choice="ground"),),
    )
    assert _uses("Mireth", [], (EITHER, GROUND), energy=3) == ((EITHER, GROUND), ambush)
    # the side chosen adds to that side alone, so the other still calls for its Tactic:
    # Drift Colony (2, 1) takes Ambush on Fleet, then Ground; Kelvar Outpost (1, 2) the reverse
    assert _uses("Drift Colony", [], (EITHER, GROUND), energy=3) == ((EITHER, GROUND), ambush)
    ground = (Use(card=EITHER, choice="ground"),)
    assert _uses("Kelvar Outpost", [], (EITHER, FLEET), energy=3) == ((EITHER, FLEET), ground)


def test_each_tactic_is_paid_from_the_energy_left_after_invading():
    scout = cid("Recon Scout")
    # Vesper Moon (3, 3) against a Recon Scout (1, 1): both Tactics, 1 energy each
    assert _plans("Vesper Moon", ["Recon Scout"], (GROUND, FLEET), energy=2) == []
    both = _plans("Vesper Moon", ["Recon Scout"], (GROUND, FLEET), energy=3)
    assert both == [((scout,), (GROUND, FLEET))]
    # Thessaly (4, 4) to Tactics alone: a free one leaves the 2 energy for two more
    three = _plans("Thessaly", [], (FREE_GROUND, GROUND, FLEET), energy=3)
    assert three == [((), (FREE_GROUND, GROUND, FLEET))]


def test_a_unit_pays_for_strength_from_the_energy_left_after_invading():
    # Haldor Station (0, 3) against a Heavy Repeating Assault (0, 1; pay 1 energy for Ground 2):
    # with 1 energy, all of it spent on invading, a free Tactic brings the Ground instead
    assault = cid("Heavy Repeating Assault")
    plans = _plans("Haldor Station", ["Heavy Repeating Assault"], (FREE_GROUND,), energy=1)
    assert plans == [((assault,), (FREE_GROUND,))]
    paid = _plans("Haldor Station", ["Heavy Repeating Assault"], (FREE_GROUND,), energy=2)
    assert paid == [((assault,), ())]


def test_a_unit_counts_the_ground_its_tokens_bring():
    # a Genetic Super Soldier (0, 2) adds Ground 2 for each token on it: with one, Haldor
    # Station (0, 3) falls with no Tactic; with none, the free Tactic is needed
    soldier = cid("Genetic Super Soldier")
    token = ((soldier, 1),)
    plans = _plans("Haldor Station", ["Genetic Super Soldier"], (FREE_GROUND,), counters=token)
    assert plans == [((soldier,), ())]
    plans = _plans("Haldor Station", ["Genetic Super Soldier"], (FREE_GROUND,))
    assert plans == [((soldier,), (FREE_GROUND,))]


def test_a_unit_discards_the_least_worth_cards_from_hand():
    # Tarn Reach (3, 1): Admiral Oskel (2, 0) discards one card for the Fleet short, the Heavy
    # Repeating Assault (0, 1) brings the Ground
    oskel = cid("Admiral Oskel")
    dear, cheap = cid("Veridia"), cid("Patrol Cutter")
    # the card first in hand is worth more, so it stays
    assert dear < cheap and worth(CARDS.cards[dear]) > worth(CARDS.cards[cheap])
    warzone = ["Admiral Oskel", "Heavy Repeating Assault"]
    [plan] = _found("Tarn Reach", warzone, (dear, cheap))
    assert plan.uses == (Use(card=oskel, discards=(cheap,)),)  # nothing paid for Ground


def test_a_unit_pays_for_what_is_lacking_up_to_its_limit():
    assault, raptor = cid("Heavy Repeating Assault"), cid("Raptor Bomber")  # up to 2, 1 times
    # Haldor Station (0, 3) lacks 2 Ground: one payment, though energy allows two
    paid = _uses("Haldor Station", ["Heavy Repeating Assault"], (), energy=3)
    assert paid == ((), (Use(card=assault),))
    # Oberon's Rest (2, 5) against a Raptor Bomber (2, 0) lacks 5 Ground: it pays once, the
    # free Tactic and Forced March bring the rest
    once = _uses("Oberon's Rest", ["Raptor Bomber"], (FREE_GROUND, GROUND), energy=3)
    assert once == ((FREE_GROUND, GROUND), (Use(card=raptor),))


def test_a_payment_leaves_less_energy_for_the_next_unit():
    # Oberon's Rest (2, 5): the Heavy Repeating Assault pays the 1 energy left after invading,
    # so the Raptor Bomber cannot, and the free Tactic brings the Ground still lacking
    assault = cid("Heavy Repeating Assault")
    warzone = ["Heavy Repeating Assault", "Raptor Bomber"]
    assert _uses("Oberon's Rest", warzone, (FREE_GROUND,)) == ((FREE_GROUND,), (Use(assault),))


def test_a_unit_discards_nothing_for_a_side_already_strong_enough():
    # Drift Colony (2, 1) against Admiral Oskel (2, 0; discards for Fleet) lacks only Ground,
    # which Forced March brings: Oskel keeps the hand, Forced March with it
    oskel = cid("Admiral Oskel")
    assert _plans("Drift Colony", ["Admiral Oskel"], (GROUND,)) == [((oskel,), (GROUND,))]


def test_a_unit_discards_no_more_times_than_its_limit():
    # Caldera (4, 7) against a Patrol Cutter, an Interceptor Wing (5 Fleet) and a Shock Legion
    # (Ground 4, discards for Ground up to twice): two discards, then Forced March
    legion = cid("Shock Legion")
    warzone = ["Patrol Cutter", "Interceptor Wing", "Shock Legion"]
    worthless = (cid("Alpha Prime"), cid("Nova Tarsis"), cid("Veridia"))  # worth 3, as the Tactic
    tactics, uses = _uses("Caldera", warzone, (*worthless, GROUND))
    assert (tactics, uses) == ((GROUND,), (Use(card=legion, times=2, discards=worthless[:2]),))


def test_a_payment_bound_by_the_energy_left_reads_back_as_offered():
    # Hera (8, 10): the Omega Bomber pays twice, then the Heavy Repeating Assault once (the 1
    # energy left), and the free Tactic brings the rest; the plan is a decision the codec reads
    omega, assault = cid("Omega Bomber"), cid("Heavy Repeating Assault")
    warzone = ["Omega Bomber", "Interceptor Wing", "Patrol Cutter", "Heavy Repeating Assault"]
    [plan] = _found("Hera", warzone, (FREE_GROUND,), energy=4)
    assert plan.uses == (Use(card=omega, times=2), Use(card=assault))
    assert msgspec.json.decode(msgspec.json.encode(plan), type=Invade) == plan


def test_plans_come_cheapest_first_counting_units_lost_energy_tactics_and_discards():
    def units(world, warzone, hand=(), energy=2):
        return [
            tuple(CARDS.cards[u].name for u in p)
            for p, _ in _plans(world, warzone, hand, energy=energy)
        ]

    # an Iron Vanguard survives its invasions, so the plans keeping it come first
    warzone = [
        "Iron Vanguard",
        "Snub Fighter",
        "Recon Scout",
        "Lancer Squadron",
        "Frontier Militia",
    ]
    assert units("Vesper Moon", warzone) == [
        ("Iron Vanguard", "Recon Scout"),
        ("Iron Vanguard", "Lancer Squadron"),
        ("Iron Vanguard", "Snub Fighter"),
    ]
    # Haldor Station: a Siege Walker (2 to deploy, 1 energy), a Heavy Repeating Assault paying
    # (2 and 2), Frontier Militia with Forced March (1, 2 energy, and the Tactic counting 2)
    warzone = ["Heavy Repeating Assault", "Siege Walker", "Frontier Militia"]
    assert units("Haldor Station", warzone, (GROUND,), energy=3) == [
        ("Siege Walker",),
        ("Heavy Repeating Assault",),
        ("Frontier Militia",),
    ]
    # Ruskar: Admiral Oskel and Orbital Marines with the free Tactic (3 + 1 + 2) before Oskel
    # discarding it beside a Shock Legion (5 + 1 + 1)
    warzone = ["Admiral Oskel", "Orbital Marines", "Shock Legion"]
    hand = (FREE_GROUND, EITHER, FLEET)
    assert units("Ruskar", warzone, hand, energy=1) == [
        ("Admiral Oskel", "Orbital Marines"),
        ("Shock Legion", "Admiral Oskel"),
    ]
    # Oberon's Rest: a Shock Legion with Commander Rhee (4 + 1) before the Legion discarding
    # beside Admiral Oskel (4 + 1 + 1)
    warzone = ["Commander Rhee", "Admiral Oskel", "Shock Legion"]
    assert units("Oberon's Rest", warzone, (cid("Nova Tarsis"),), energy=1) == [
        ("Shock Legion", "Commander Rhee"),
        ("Shock Legion", "Admiral Oskel"),
    ]


def test_discards_stop_when_the_hand_runs_out_and_each_counts():
    legion, assault, alpha = cid("Shock Legion"), cid("Heavy Repeating Assault"), cid("Alpha Prime")
    # Meridian (5, 7): the Shock Legion can discard the one card in hand only, so the Heavy
    # Repeating Assault pays for the Ground still lacking
    warzone = ["Patrol Cutter", "Interceptor Wing", "Shock Legion", "Heavy Repeating Assault"]
    once = (Use(card=legion, discards=(alpha,)), Use(card=assault))
    assert _uses("Meridian", warzone, (alpha,)) == ((), once)
    # Nyx Relay (4, 2): Admiral Oskel discards twice for the 2 Fleet lacking, then Forced March
    oskel, cutter = cid("Admiral Oskel"), cid("Patrol Cutter")
    twice = (Use(card=oskel, times=2, discards=(cutter, alpha)),)
    assert _uses("Nyx Relay", ["Admiral Oskel"], (cutter, alpha, GROUND)) == ((GROUND,), twice)


def test_a_set_is_tried_when_its_units_with_their_tokens_could_win():
    # a Genetic Super Soldier (0, 2) with one token brings Ground 4: Haldor Station (0, 3) falls
    # to it alone, with no Tactic in hand to help
    soldier = cid("Genetic Super Soldier")
    token = ((soldier, 1),)
    assert _plans("Haldor Station", ["Genetic Super Soldier"], (), counters=token) == [
        ((soldier,), ())
    ]
    # with its token it reaches furthest, so it leads Oberon's Rest's (2, 5) plan
    warzone = ["Frontier Militia", "Patrol Cutter", "Genetic Super Soldier"]
    [(units, _)] = _plans("Oberon's Rest", warzone, (), counters=token)
    assert units == (soldier, cid("Frontier Militia"), cid("Patrol Cutter"))
    # Kelvar Outpost (1, 2): the Fleet of an Interceptor Wing and the Ground of Frontier Militia
    wing, militia = cid("Interceptor Wing"), cid("Frontier Militia")
    assert _plans("Kelvar Outpost", ["Interceptor Wing", "Frontier Militia"], ()) == [
        ((wing, militia), ())
    ]


def test_plans_need_an_action_point_and_only_tactics_join_them():
    for points, found in ((0, 0), (1, 1)):
        assert len(_found("Mireth", ["Patrol Cutter"], (GROUND,), action_points=points)) == found
    # a Raptor Bomber in hand pays for Ground only once deployed: Forced March brings it
    cutter = cid("Patrol Cutter")
    plans = _plans("Mireth", ["Patrol Cutter"], (cid("Raptor Bomber"), GROUND))
    assert plans == [((cutter,), (GROUND,))]
