"""The invasion plans offered as legal options (and the bots' picks): a Tactic joins a plan only
when it brings strength the Units still lack and the energy left pays its play cost."""

from events.rulesets.core_worlds.plans import invasion_plans
from events.rulesets.core_worlds.worth import worth

from .scenario import CARDS, arrange, cid, in_action

FLEET, GROUND, EITHER = cid("Fleet Command"), cid("Forced March"), cid("Ambush")  # play 1 each
FREE_GROUND = cid("Boarding Party")  # play 0


def _found(world, warzone, hand, energy=2, counters=()):
    """My turn, `world` alone in the Central Zone: the invasion plans."""
    game = in_action(2, "plans")
    me = game.turn
    game = arrange(game, central=(cid(world),))
    units = tuple(cid(u) for u in warzone)
    game = arrange(
        game, me, warzone=units, hand=hand, energy=energy, action_points=4, counters=counters
    )
    return [plan for plan, _ in invasion_plans(game, me)]


def _plans(world, warzone, hand, energy=2, counters=()):
    """The plans' (units, tactics)."""
    return [(p.units, p.tactics) for p in _found(world, warzone, hand, energy, counters)]


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
    assert [use.discards for use in plan.uses if use.card == oskel] == [(cheap,)]
