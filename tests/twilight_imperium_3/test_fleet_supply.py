"""Fleet supply at the status phase's redistribution (TI-M8): counters taken out of the fleet
supply leave ships beyond it, which their owner removes at once, naming them or losing the
cheapest. Three players: seat 0 L1Z1X, whose fleet supply starts at 3."""

import random

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Redistribute
from events.rulesets.twilight_imperium_3.forces import Fleet, Space
from events.rulesets.twilight_imperium_3.game import TWILIGHT_IMPERIUM as GAME
from events.rulesets.twilight_imperium_3.state import Game, Phase
from events.rulesets.twilight_imperium_3.tactical_events import Rolled, UnitsRemoved
from tests.twilight_imperium_3.play import picked, refused, stationed, step, verdict, with_player

FLEET = {"dreadnought": 1, "carrier": 1, "destroyer": 1, "fighter": 3, "ground_force": 2}


def _counters(fleet: dict[str, int]) -> Game:
    """Round 1 played out to the counters step of the status phase, seat 0 first to place
    his counters, his fleet in space at 101 (no space dock there)."""
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    while state.phase != Phase.COUNTERS or state.stack:  # the status card window too
        state = step(state, GAME.waiting(state).must[0], "default")
    space = state.forces.space | {"101": Space(fleets=(Fleet(0, fleet),))}
    state = msgspec.structs.replace(
        state, forces=msgspec.structs.replace(state.forces, space=space)
    )
    assert GAME.waiting(state).must == (0,) and state.players[0].fleet == 3
    return state


def _smaller_supply(state: Game, **removing: dict[str, int]) -> Redistribute:
    """A counter moved from the fleet supply to the command pool."""
    player = state.players[0]
    return Redistribute(
        strategy=player.strategy,
        command=player.command + 3,
        fleet=player.fleet - 1,
        removing=removing,
    )


def test_ti_m8_ships_beyond_a_smaller_fleet_supply_go_the_cheapest_first() -> None:
    state = _counters(FLEET)
    judged = verdict(state, 0, _smaller_supply(state))
    assert UnitsRemoved(seat=0, at="101", units={"destroyer": 1}) in judged.events
    after = step(state, 0, _smaller_supply(state))
    assert after.players[0].fleet == 2
    assert after.forces.fleet("101", 0).units == {
        "dreadnought": 1,
        "carrier": 1,
        "fighter": 3,
        "ground_force": 2,
    }


def test_ti_m8_the_owner_names_the_ships_removed_and_their_cargo_goes_with_them() -> None:
    state = _counters(FLEET)
    assert "stasis_capsules" in state.players[0].technologies
    after = step(state, 0, _smaller_supply(state, **{"101": {"carrier": 1}}))
    # the fighters lose their room aboard; the dreadnought's Stasis Capsules keep 1 ground force
    assert after.forces.fleet("101", 0).units == {
        "dreadnought": 1,
        "destroyer": 1,
        "ground_force": 1,
    }


def test_ti_m8_the_removal_named_must_be_the_excess_in_ships_where_there_is_one() -> None:
    state = _counters(FLEET)
    assert refused(state, 0, _smaller_supply(state, **{"101": {"fighter": 1}})) == "TI-M8"
    both = {"carrier": 1, "destroyer": 1}
    assert refused(state, 0, _smaller_supply(state, **{"101": both})) == "TI-M8"
    assert refused(state, 0, _smaller_supply(state, **{"101": {"cruiser": 1}})) == "TI-M8"
    within = _counters({"cruiser": 2})
    assert refused(within, 0, _smaller_supply(within, **{"101": {"cruiser": 1}})) == "TI-M8"


def test_ti_m8_a_supply_kept_removes_nothing() -> None:
    state = _counters(FLEET)
    kept = GAME.bots["pass"](state, 0, random.Random(0))
    assert not any(isinstance(e, UnitsRemoved) for e in verdict(state, 0, kept).events)


def test_ti_m8_removals_in_text_commands() -> None:
    state = _counters(FLEET)
    decision = _smaller_supply(state, **{"101": {"carrier": 1}})
    said = GAME.write_text(state, 0, decision)
    assert said.endswith(" 2 fleet removing 1 carrier at 101")
    assert GAME.read_text(state, 0, said) == decision
    plain = said.removesuffix(" removing 1 carrier at 101")
    assert GAME.read_text(state, 0, plain) == _smaller_supply(state)


def test_ti_k11_gen_synthesis_rolls_for_the_ground_forces_removed_with_their_carrier() -> None:
    state = _counters(FLEET)
    techs = (*state.players[0].technologies, "gen_synthesis")
    state = with_player(state, 0, technologies=techs)
    removal = _smaller_supply(state, **{"101": {"carrier": 1}})
    judged = verdict(state, 0, removal)
    lost = {"carrier": 1, "fighter": 3, "ground_force": 1}
    assert UnitsRemoved(seat=0, at="101", units=lost) in judged.events
    (rolled,) = [e for e in judged.events if isinstance(e, Rolled)]
    assert (rolled.seat, rolled.purpose, len(rolled.dice)) == (0, "GEN Synthesis", 1)
    after = step(state, 0, removal)
    assert after.forces.fleet("101", 0).units["ground_force"] == 1
