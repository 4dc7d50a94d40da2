"""A line for each event of the tactical and transfer actions, every roll of the dice shown."""

from collections.abc import Callable
from typing import Any

from events.kit.words import count, listing
from events.rulesets.twilight_imperium_3 import tactical_events as t
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.tactical_text import build_text, units_text
from events.rulesets.twilight_imperium_3.window_words import TIMING_WORDS

ASKED = {  # what the seat is asked, not yet what he did: he may answer "nothing"
    "movement": "may move ships",
    "space cannon": "may fire PDS or hold fire",
    "casualties": "chooses casualties",
    "retreat": "may announce a retreat or stay",
    "landing": "may land ground forces",
    "bombardment": "may bombard",
    "production": "may build",
}


def _dice(dice: tuple[int, ...]) -> str:
    return " ".join(str(10 if d == 0 else d) for d in dice)


def tell(event: Any, name: Callable[[int], str]) -> str | None:
    """The line for a tactical event; None for an event of another kind."""
    match event:
        case t.Transferred(seat=s, first=first, second=second):
            return f"{name(s)} makes a transfer action between {first} and {second}"
        case t.Asked(prompt=prompt, asked=seats):
            return f"{listing(map(name, seats))} {ASKED.get(prompt, prompt)}"
        case t.Stepped(step=step, at=at):
            return f"the {step} step at {at}" if at else f"the {step} step"
        case t.Moved(seat=s, to=to, groups=groups):
            moved = listing(f"{units_text(g.units)} from {g.origin}" for g in groups)
            return f"{name(s)} moves {moved} into {to}"
        case t.Rolled(seat=s, purpose=purpose, dice=dice, hits=hits):
            rolled = f"rolls {_dice(dice)}" if dice else "rolls nothing"
            return f"{name(s)} {rolled} for {purpose}: {count(hits, 'hit')}"
        case t.GroundForcesPlaced(seat=s, planet=planet, count=n, technology=tech):
            gained = count(n, "ground force")
            return f"{name(s)} puts {gained} on {planet} ({load().technologies[tech].name})"
        case t.Fired(seat=s, held=held, pds=pds):
            if held:
                return f"{name(s)} holds fire"
            return f"{name(s)} fires PDS: {listing(f'{n} from {p}' for p, n in pds.items())}"
        case t.CasualtiesTaken(seat=s, at=at, destroyed=destroyed, damaged=damaged):
            parts = [f"loses {units_text(destroyed)}"] if destroyed else []
            parts += [f"has {units_text(damaged)} damaged"] if damaged else []
            return f"{name(s)} {listing(parts) if parts else 'loses nothing'} at {at}"
        case t.UnitsRemoved(seat=s, at=at, units=units):
            return f"{name(s)} removes {units_text(units)} at {at}: beyond supply or support"
        case t.BattleBegan(attacker=a, defender=d):
            return f"space battle: {name(a)} attacks {name(d)}"
        case t.BattleRound(round=number):
            return f"round {number} of the space battle"
        case t.RetreatAnswered(seat=s, to=to):
            return f"{name(s)} announces a retreat to {to}" if to else f"{name(s)} stays"
        case t.Retreated(seat=s, source=source, to=to):
            return f"{name(s)} retreats from {source} to {to}"
        case t.BattleEnded(victor=victor):
            return f"{name(victor)} wins the space battle" if victor >= 0 else "no ship is left"
        case t.Landed(seat=s, drops=drops):
            landed = listing(f"{units_text(d.units)} on {d.planet}" for d in drops)
            return f"{name(s)} lands {landed}"
        case t.Bombarded(planet=planet, hits=hits):
            return f"the bombardment of {planet} destroys {count(hits, 'ground force')}"
        case t.BacterialStrike(seat=s, planet=planet, killed=killed):
            killed_there = f"{count(killed, 'ground force')} on {planet}"
            return f"{name(s)}'s X-89 Bacterial Weapon destroys {killed_there}"
        case t.InvasionHits(planet=planet, defenders_lost=lost, invaders_lost=taken):
            return f"on {planet} the defender loses {lost} and the invader {taken}"
        case t.InvasionEnded(planet=planet, taken=taken):
            return f"{planet} {'is taken' if taken else 'holds'}"
        case t.LastDockTaken(seat=s):
            return f"{name(s)} takes a neighbour's last space dock"
        case t.TimingPoint(timings=timings):
            when = listing(TIMING_WORDS.get(t, t) for t in timings)
            return f"the action pauses for action cards {when}"
        case t.CombatBoosted(seat=s, bonus=bonus):
            return f"{name(s)}'s ships roll {bonus} better this round"
        case t.GroundForcesBoosted(seat=s, planet=planet, bonus=bonus):
            return f"{name(s)}'s units on {planet} roll {bonus} better this invasion round"
        case t.HitsCancelled(seat=s, hits=hits):
            return f"{name(s)}'s shields hold: {count(hits, 'hit')} cancelled"
        case t.DieRerolled(seat=s, die=die, roll=roll, hits=hits):
            change = {1: ": a hit more", -1: ": a hit less"}.get(hits, "")
            return f"{name(s)}'s die {die} is rolled again: {_dice((roll,))}{change}"
        case t.FightersBoosted(seat=s, bonus=bonus):
            return f"{name(s)}'s fighters roll {bonus} better this round"
        case t.DreadnoughtLeads(seat=s, takes=takes):
            return (
                f"{name(s)}'s dreadnought leads into the breach: his ships roll 1 better for the"
                f" battle, and it takes his fleet's first {count(takes, 'hit')}"
            )
        case t.MinesHit(seat=s, target=target, hits=hits):
            return f"{name(s)}'s mines score {count(hits, 'hit')} on {name(target)}'s fleet"
        case t.MoveQuickened(seat=s):
            return f"{name(s)}'s ships move 1 further this action"
        case t.PassageUnseen(seat=s, origin=origin):
            return f"{name(s)}'s fleet at {origin} slips past enemy ships this action"
        case t.Built(seat=s, build=build):
            return f"{name(s)} builds {build_text(build)}"
        case t.ActionEnded(seat=s, transfer=transfer):
            return f"{name(s)}'s {'transfer' if transfer else 'tactical'} action is over"
    return None
