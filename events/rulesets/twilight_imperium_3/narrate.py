"""A line for each event, and for each decision as its own seat wrote it, for a seat's eyes or
the public's: a secret objective is named only to its holder until scored."""

from collections.abc import Sequence
from typing import Any

from events.kit.words import count, listing, who
from events.rulesets.twilight_imperium_3 import (
    building,
    building_words,
    card_words,
    trade_words,
    window_lines,
)
from events.rulesets.twilight_imperium_3 import happenings as h
from events.rulesets.twilight_imperium_3.card_decisions import CARD_DECISIONS
from events.rulesets.twilight_imperium_3.decisions import DECISIONS
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Phase
from events.rulesets.twilight_imperium_3.strategy_cards import name as card_name
from events.rulesets.twilight_imperium_3.tactical_narrate import tell
from events.rulesets.twilight_imperium_3.text import render, unit_name


def _objective(objective: str) -> str:
    o = load().objectives[objective]
    return o.name or o.text


def _areas(gained: int, strategy: int, fleet: int) -> str:
    """Where counters gained went, when not all to the command pool (TI-P3)."""
    if not (strategy or fleet):
        return ""
    placed = (("strategy", strategy), ("command", gained - strategy - fleet), ("fleet", fleet))
    return " (" + ", ".join(f"{n} {area}" for area, n in placed if n) + ")"


def narrate(before: Any, event: Any, seat: int | None, players: Sequence[str]) -> str:
    def name(s: int) -> str:
        return who(players, s)

    windowed = window_lines.tell(before, event, name)
    if windowed is not None:
        return windowed
    match event:
        case h.Setup(races=races, speaker=speaker, secrets=secrets, galaxy=galaxy):
            # told as the match opens, seats not yet held: each seat is known by its race
            drawn = [f"{load().races[r].name} ({name(s)})" for s, r in enumerate(races)]
            mine = (
                f"; your secret objective: {_objective(secrets[seat])}" if seat is not None else ""
            )
            made = "dealt" if galaxy.built else "to be built by the players"
            then = "; each player stations his starting units" if galaxy.built else ""
            speaks = f"the speaker: {drawn[speaker]}"
            return f"the galaxy is {made}; races: {listing(drawn)}; {speaks}{then}{mine}"
        case h.Stationed(seat=s, planets=planets):
            return f"{name(s)} stations units on {listing(planets)}"
        case h.RoundBegan(round=number):
            return f"round {number}: the strategy phase begins"
        case h.Picked(seat=s, card=card, counters=counters, trade_goods=goods):
            bonus = (
                f", with {count(counters, 'counter')} and {goods} tg" if counters or goods else ""
            )
            return f"{name(s)} picks {card_name(card)}{bonus}" + _areas(
                counters, event.strategy, event.fleet
            )
        case h.BonusPlaced(cards=cards):
            return f"bonus counters on {listing(map(card_name, cards))}; the action phase begins"
        case h.TurnBegan(seat=s):
            return f"{name(s)}'s turn"
        case h.Played(seat=s, card=card):
            return f"{name(s)} plays {card_name(card)}"
        case h.CountersGained(seat=s, counters=n, strategy=strategy, fleet=fleet):
            return f"{name(s)} gains {count(n, 'command counter')}{_areas(n, strategy, fleet)}"
        case h.TradeGoodsGained(seat=s, trade_goods=n):
            return f"{name(s)} {'gains' if n > 0 else 'pays'} {abs(n)} tg"
        case h.CounterReturned(seat=s, system=system):
            return f"{name(s)} takes back the command counter in {system}"
        case h.Truce(seat=s, other=other):
            return (
                f"{name(s)} and {name(other)} may not activate systems holding each other's units"
            )
        case h.TechnologyGained(seat=s, technology=t):
            return f"{name(s)} gains {load().technologies[t].name}"
        case h.Exhausted(seat=s, planets=planets, ready=ready):
            return f"{name(s)} {'readies' if ready else 'exhausts'} {listing(planets)}"
        case h.WarshipsMoved(seat=s, ships=ships):
            moves = listing(
                f"a {unit_name(m.unit)} from {m.source} to {m.target}"
                + (f" with {count(m.ground_forces, 'ground force')}" if m.ground_forces else "")
                for m in ships
            )
            return f"{name(s)} moves {moves}"
        case h.Activated(seat=s, system=system):
            return f"{name(s)} activates {system}"
        case h.GroundForcesSent(seat=s, source=source, target=target, ground_forces=n):
            moved = count(n, "ground force")
            return f"{name(s)} moves {moved} from {source} to {target} with Transit Diodes"
        case h.SecondAction(seat=s):
            return f"{name(s)} may take a second tactical action (Fleet Logistics) or end turn"
        case h.Passed(seat=s):
            return f"{name(s)} passes"
        case h.StatusBegan():
            return "the status phase begins: objectives are claimed in order of play"
        case h.ObjectiveRevealed(objective=o):
            return f"objective revealed: {_objective(o)}"
        case h.Scored(seat=s, objective=o, points=points):
            what = "Imperial" if o == "imperial" else _objective(o)
            return f"{name(s)} scores {count(points, 'point')}: {what}"
        case h.StepTaken(seat=s):
            scoring = before is not None and before.phase == Phase.SCORE
            return f"{name(s)} is done {'claiming objectives' if scoring else 'placing counters'}"
        case h.Refreshed():
            return "ships repaired, command counters lifted, planets readied; counters are placed"
        case h.Redistributed(seat=s, strategy=a, command=b, fleet=c):
            return f"{name(s)} places counters: {a} strategy, {b} command, {c} fleet"
        case h.GameEnded(winners=winners, reason=reason):
            return f"the game ends ({reason}): {listing(map(name, winners))} won"
    if type(event) in building.EVENTS:
        return building_words.narrate(before, event, seat, name)
    line = tell(event, name)
    if line is None:
        line = trade_words.tell(before, event, name)
    if line is None:
        line = card_words.narrate(before, event, seat, name)
    if line is not None:
        return line
    if type(event) in (*DECISIONS, *building.DECISIONS, *CARD_DECISIONS) and before is not None:
        return render(before, seat or 0, event) or type(event).__name__
    raise TypeError(f"twilight-imperium-3 has no event or decision {event!r}")
