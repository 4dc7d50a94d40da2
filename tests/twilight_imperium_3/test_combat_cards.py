"""The action cards of the tactical action's and the space battle's timing points (TI-Q25 to
TI-Q30): Sol (seat 0) activates Abyz and Fria's system (arena.py), where Mentak's ships wait;
the step reaching each point opens its card window, the action waits under it and then carries
on. Dice loaded to order."""

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import NoCard, NoSabotage, PlayCard
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.fleets import with_fleet
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding
from events.rulesets.twilight_imperium_3.orders import Lose
from events.rulesets.twilight_imperium_3.state import reinforcements
from events.rulesets.twilight_imperium_3.tactical_events import (
    BattleEnded,
    CombatBoosted,
    DreadnoughtLeads,
    FightersBoosted,
    GroundForcesBoosted,
    HitsCancelled,
    InvasionHits,
    MinesHit,
    MoveQuickened,
    PassageUnseen,
    Rolled,
    TimingPoint,
)
from tests.twilight_imperium_3.arena import (
    AT,
    JOL_NAR,
    MENTAK,
    SOL,
    arena,
    attack,
    played_out,
    said,
)
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, refused, step


def test_ti_q25_morale_boost_one_better_for_the_first_round() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), SOL, "morale_boost")
    state, _ = attack(state, "1 dreadnought")
    assert state.stack[-1].prompt == "action card"  # before the battle's first die
    assert refused(state, SOL, PlayCard("direct_hit", seat=MENTAK, unit="cruiser")) == "TI-Q2"
    state, events = played_out(state, SOL, PlayCard("morale_boost"), 4, 1)  # 4 hits on 5 - 1
    assert CombatBoosted(seat=SOL, bonus=1) in events
    assert Rolled(SOL, "space battle", (4,), 1, MENTAK, (4,)) in events
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q25_morale_boost_before_a_round_of_invasion_combat() -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2})}
    state = holding_cards(arena(fleets, planets), SOL, "morale_boost", "morale_boost")
    state, _ = attack(state, "1 carrier 2 gf")
    state, _ = played_out(state, SOL, said(state, SOL, "land 2 gf on abyz"))
    assert state.stack[-1].prompt == "action card"  # before the invasion combat
    assert refused(state, MENTAK, PlayCard("morale_boost")) == "TI-Q2"  # he holds none
    state, events = played_out(state, SOL, PlayCard("morale_boost"), 7, 1, 1, 1)
    assert GroundForcesBoosted(seat=SOL, planet="Abyz", bonus=1) in events
    assert Rolled(SOL, "invasion combat", (7, 1), 1, needs=(7, 7)) in events  # 7 hits on 8 - 1
    assert state.stack[-1].prompt == "action card"  # before round 2: his second copy
    state, events = played_out(state, SOL, NoCard(), 7, 8, 1)
    assert (
        Rolled(SOL, "invasion combat", (7, 8), 1, needs=(8, 8)) in events
    )  # the boost was round 1's
    assert state.forces.planets["Abyz"].controller == SOL


def test_ti_q25_without_a_card_no_window_opens() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    _, events = attack(arena(fleets), "1 dreadnought", 4, 1, 5, 1)
    assert Rolled(SOL, "space battle", (4,), 0, MENTAK, (5,)) in events
    assert not any(isinstance(e, TimingPoint) for e in events)
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q26_shields_holding_cancels_two_hits_of_the_round() -> None:
    fleets = {("102", SOL): {"dreadnought": 2}, (AT, MENTAK): {"cruiser": 2}}
    state = holding_cards(arena(fleets), MENTAK, "shields_holding")
    state, _ = attack(state, "2 dreadnought", 9, 9, 1, 1)
    assert state.stack[-1].prompt == "action card"  # Sol's dice have hit
    assert state.tactic is not None and state.tactic.owes(MENTAK) == 2
    state, events = played_out(state, MENTAK, PlayCard("shields_holding"), 1, 1, 1, 1, 9, 9, 1, 1)
    assert HitsCancelled(seat=MENTAK, hits=2) in events
    assert events.index(HitsCancelled(seat=MENTAK, hits=2)) < next(
        n for n, e in enumerate(events) if type(e).__name__ == "BattleRound"
    )  # round 1 cost him nothing
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q27_direct_hit_destroys_the_ship_just_damaged() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"dreadnought": 1}}
    state = holding_cards(arena(fleets), SOL, "direct_hit")
    state, _ = attack(state, "1 dreadnought", 9, 1)
    assert state.stack[-1].prompt == "casualties"
    state, _ = played_out(state, MENTAK, Lose(damaged={"dreadnought": 1}))
    assert state.stack[-1].prompt == "action card"
    assert refused(state, SOL, PlayCard("direct_hit", seat=MENTAK, unit="cruiser")) == "TI-Q27"
    state, events = played_out(state, SOL, PlayCard("direct_hit", seat=MENTAK, unit="dreadnought"))
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events
    assert not state.forces.fleet(AT, MENTAK).units


def test_ti_q28_rare_mineral_three_trade_goods_for_a_neutral_planet_taken() -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 1}}
    state = holding_cards(arena(fleets), SOL, "rare_mineral")
    state, _ = attack(state, "1 carrier 1 gf")
    state, _ = played_out(state, SOL, said(state, SOL, "land 1 gf on abyz"))
    assert state.stack[-1].prompt == "action card"
    state, _ = played_out(state, SOL, PlayCard("rare_mineral"))
    assert state.players[SOL].trade_goods == 3
    assert state.forces.planets["Abyz"].controller == SOL


def test_ti_q2_a_seat_holding_nothing_playable_is_answered_by_the_game() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), SOL, "morale_boost")
    state = holding_cards(state, MENTAK, "rare_mineral")
    state, _ = attack(state, "1 dreadnought")
    assert state.stack[-1].asked == (SOL, MENTAK)  # each holding a card is asked
    assert GAME.automatic(state, MENTAK) == NoCard()


def test_ti_q29_flank_speed_one_move_further_into_the_system_activated() -> None:
    fleets = {("203", SOL): {"dreadnought": 1}, ("102", SOL): {"destroyer": 1}}
    move = "move 1 dreadnought from 203 via 102"
    slow = step(arena(fleets), SOL, Activate(system=AT))
    assert refused(slow, SOL, said(slow, SOL, move)) == "TI-M3"  # a dreadnought moves 1
    state = step(holding_cards(arena(fleets), SOL, "flank_speed"), SOL, Activate(system=AT))
    assert state.stack[-1].prompt == "action card"  # after activation, before movement
    state, events = played_out(state, SOL, PlayCard("flank_speed"))
    assert MoveQuickened(seat=SOL) in events
    assert state.stack[-1].prompt == "movement"
    state, _ = played_out(state, SOL, said(state, SOL, move))
    assert state.forces.fleet(AT, SOL).units == {"dreadnought": 1}


def test_ti_q30_in_the_silence_of_space_passes_enemy_ships() -> None:
    fleets = {
        ("103", SOL): {"cruiser": 1},
        ("203", SOL): {"cruiser": 1},
        ("102", JOL_NAR): {"destroyer": 1},
    }
    move = "move 1 cruiser from 103 via 102"
    blocked = step(arena(fleets), SOL, Activate(system=AT))
    assert refused(blocked, SOL, said(blocked, SOL, move)) == "TI-M4"
    state = holding_cards(arena(fleets), SOL, "in_the_silence_of_space")
    state = step(state, SOL, Activate(system=AT))
    assert refused(state, SOL, PlayCard("in_the_silence_of_space", system=AT)) == "TI-Q30"
    state, events = played_out(state, SOL, PlayCard("in_the_silence_of_space", system="103"))
    assert PassageUnseen(seat=SOL, origin="103") in events
    assert refused(state, SOL, said(state, SOL, "move 1 cruiser from 203 via 102")) == "TI-M4"
    state, _ = played_out(state, SOL, said(state, SOL, move))
    assert state.forces.fleet(AT, SOL).units == {"cruiser": 1}


def test_ti_q31_fighter_prototype_fighters_two_better_for_the_first_round() -> None:
    fleets = {("102", SOL): {"carrier": 1, "fighter": 2}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), SOL, "fighter_prototype")
    state = holding_cards(state, MENTAK, "fighter_prototype")
    state, _ = attack(state, "1 carrier 2 fighter")
    assert state.stack[-1].prompt == "action card"  # before the battle
    assert refused(state, MENTAK, PlayCard("fighter_prototype")) == "TI-Q31"  # no fighters
    state = step(state, MENTAK, NoCard())
    state = step(state, SOL, PlayCard("fighter_prototype"))
    state, events = played_out(state, MENTAK, NoSabotage(), 1, 7, 7, 1)
    assert FightersBoosted(seat=SOL, bonus=2) in events
    sol = next(e for e in events if isinstance(e, Rolled) and e.seat == SOL)
    assert sol.hits == 2  # fighters hit on 9 - 2
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q32_into_the_breach_one_better_and_the_first_two_hits_on_the_dreadnought() -> None:
    fleets = {("102", SOL): {"dreadnought": 2, "cruiser": 1}, (AT, MENTAK): {"cruiser": 3}}
    state = holding_cards(arena(fleets), SOL, "into_the_breach")
    state = holding_cards(state, MENTAK, "into_the_breach")
    state, _ = attack(state, "2 dreadnought 1 cruiser")
    assert state.stack[-1].prompt == "action card"  # before the battle
    assert refused(state, MENTAK, PlayCard("into_the_breach")) == "TI-Q32"  # no dreadnought
    state = step(state, MENTAK, NoCard())
    state = step(state, SOL, PlayCard("into_the_breach"))
    # Sol's dreadnoughts hit on 5 - 1 and his cruiser on 7 - 1: 2 hits; Mentak's 3
    state, events = played_out(state, MENTAK, NoSabotage(), 4, 1, 6, 7, 8, 9)
    assert DreadnoughtLeads(seat=SOL, takes=2) in events
    assert state.stack[-1].prompt == "casualties"
    damage_both = Lose(destroyed={"cruiser": 1}, damaged={"dreadnought": 2})
    assert refused(state, SOL, damage_both) == "TI-Q32"  # as without the card: nothing lost
    assert Lose(destroyed={"dreadnought": 1, "cruiser": 1}, damaged={"dreadnought": 1}) in (
        GAME.legal(state, SOL)
    )
    led = Lose(destroyed={"dreadnought": 1}, damaged={"dreadnought": 2})  # 2 hits on one
    state, events = played_out(state, SOL, led, 4, 1, 1)
    assert Rolled(SOL, "space battle", (4, 1), 1, MENTAK, (4, 6)) in events  # still 1 better
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events
    assert state.forces.fleet(AT, SOL).units == {"dreadnought": 1, "cruiser": 1}


def test_ti_q32_a_damaged_dreadnought_takes_the_first_hit_only() -> None:
    ships = {"dreadnought": 1, "cruiser": 1, "destroyer": 1}
    state = holding_cards(arena({(AT, MENTAK): {"cruiser": 2}}), SOL, "into_the_breach")
    hurt = Fleet(SOL, ships, {"dreadnought": 1})
    state = msgspec.structs.replace(state, forces=with_fleet(state.forces, "102", hurt))
    state = step(state, SOL, Activate(system=AT))
    move = "move 1 dreadnought 1 cruiser 1 destroyer from 102 damaged 1 dreadnought"
    state, _ = played_out(state, SOL, said(state, SOL, move))
    state, events = played_out(state, SOL, PlayCard("into_the_breach"), 1, 1, 1, 7, 7)
    assert DreadnoughtLeads(seat=SOL, takes=1) in events
    assert state.stack[-1].prompt == "casualties"  # the second hit is his to place
    assert refused(state, SOL, Lose(destroyed={"cruiser": 1, "destroyer": 1})) == "TI-Q32"
    assert Lose(destroyed={"dreadnought": 1, "destroyer": 1}) in GAME.legal(state, SOL)


def test_ti_q33_skilled_retreat_leaves_the_battle_for_a_system_it_activates() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), MENTAK, "skilled_retreat")
    state, _ = attack(state, "1 dreadnought")
    assert state.stack[-1].prompt == "action card"
    assert refused(state, MENTAK, PlayCard("skilled_retreat", system="301")) == "TI-Q33"
    spare = reinforcements(state, MENTAK)
    state, events = played_out(state, MENTAK, PlayCard("skilled_retreat", system="202"))
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events
    assert not any(isinstance(e, Rolled) for e in events)
    assert state.forces.fleet("202", MENTAK).units == {"cruiser": 1}
    assert MENTAK in state.forces.space["202"].counters
    assert reinforcements(state, MENTAK) == spare - 1


def test_ti_q34_dug_in_keeps_the_ground_forces_from_bombardment() -> None:
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 3}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 1})}
    state = holding_cards(arena(fleets, planets), MENTAK, "dug_in")
    state, _ = attack(state, "1 dreadnought 1 carrier 3 gf")
    state, _ = played_out(state, SOL, said(state, SOL, "land 3 gf on abyz"))
    assert state.stack[-1].prompt == "action card"  # before bombardment
    assert refused(state, MENTAK, PlayCard("dug_in", planet="Fria")) == "TI-Q34"
    state, events = played_out(state, MENTAK, PlayCard("dug_in", planet="Abyz"), 9, 9, 9, 1)
    assert not any(isinstance(e, Rolled) and e.purpose == "bombardment" for e in events)
    assert state.forces.planets["Abyz"].controller == SOL  # taken by invasion combat instead


def test_ti_q35_star_of_death_leaves_the_planet_neutral_and_empty() -> None:
    fleets = {("102", SOL): {"war_sun": 1}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2, "pds": 1, "space_dock": 1})}
    state = holding_cards(arena(fleets, planets), SOL, "star_of_death")
    state, _ = attack(state, "1 war sun")
    state, _ = played_out(state, MENTAK, said(state, MENTAK, "hold fire"))
    assert state.stack[-1].prompt == "action card"  # before the landing
    assert refused(state, SOL, PlayCard("star_of_death", planet="Fria")) == "TI-Q35"
    state, _ = played_out(state, SOL, PlayCard("star_of_death", planet="Abyz"))
    assert state.forces.planets["Abyz"] == Holding()


def test_ti_q36_chemical_warfare_kills_half_the_defenders_rounded_up() -> None:
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 1}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 3})}
    state = holding_cards(arena(fleets, planets), SOL, "chemical_warfare")
    state, _ = attack(state, "1 dreadnought 1 carrier 1 gf")
    state, _ = played_out(state, SOL, said(state, SOL, "land 1 gf on abyz"))
    state, _ = played_out(state, SOL, said(state, SOL, "bombard nothing"))
    assert state.stack[-1].prompt == "action card"  # before the invasion combat
    state, events = played_out(state, SOL, PlayCard("chemical_warfare"), 9, 1)
    assert InvasionHits("Abyz", 2, 0) in events  # 3 defenders: 2 die before any die is cast
    assert state.forces.planets["Abyz"].controller == SOL  # 1 left, then hit by a 9


def test_ti_q37_minelayers_each_cruiser_hits_the_fleet_that_entered() -> None:
    fleets = {("102", SOL): {"destroyer": 3}, (AT, MENTAK): {"cruiser": 2}}
    state = holding_cards(arena(fleets), MENTAK, "minelayers")
    state, _ = attack(state, "3 destroyer")
    assert state.stack[-1].prompt == "action card"  # once Sol's fleet has entered
    state, events = played_out(state, MENTAK, PlayCard("minelayers"), 1, 9, 9)
    assert MinesHit(seat=MENTAK, target=SOL, hits=2) in events
    assert state.forces.fleet(AT, SOL).units == {}  # 2 lost to mines, the last in round 1
    assert BattleEnded(sides=(SOL, MENTAK), victor=MENTAK) in events
