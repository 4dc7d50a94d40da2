"""Playing scenarios through the game interface: a game set up from a seed, decisions judged
and applied with everything that follows on its own, and states arranged by hand."""

import random
from typing import Any

import msgspec

from events.ruleset import Accepted, Rejection
from events.rulesets.twilight_imperium_3.decisions import Activate, Decline, Pick
from events.rulesets.twilight_imperium_3.game import TWILIGHT_IMPERIUM as GAME
from events.rulesets.twilight_imperium_3.state import Game, Player

CHANCE = random.Random(0)


def settled(state: Game, chance: random.Random = CHANCE) -> Game:
    while events := GAME.react(state, chance):
        state = applied(state, events)
    return state


def applied(state: Any, events: list[Any]) -> Game:
    for event in events:
        state = GAME.evolve(state, event)
    return state


def started(seats: int = 3, seed: int = 1) -> Game:
    """Setup's events applied; the stationing of units still to do."""
    return applied(None, GAME.initial(seats, {}, random.Random(seed)))


def stationed(seats: int = 3, seed: int = 1) -> Game:
    """Every seat's starting units where the default puts them: the strategy phase begins."""
    state = started(seats, seed)
    while state.phase == "station":
        state = step(state, GAME.waiting(state).must[0], "default")
    return state


def verdict(state: Game, seat: int, decision: Any) -> Accepted | Rejection:
    return GAME.decide(state, seat, decision, random.Random(7))


def step(state: Game, seat: int, decision: Any) -> Game:
    """The decision accepted and applied, and all that follows on its own."""
    if decision == "default":
        decision = GAME.bots["pass"](state, seat, random.Random(0))
    judged = verdict(state, seat, decision)
    assert isinstance(judged, Accepted), judged
    return settled(applied(state, judged.events))


def refused(state: Game, seat: int, decision: Any) -> str:
    """The rule that refuses the decision."""
    judged = verdict(state, seat, decision)
    assert isinstance(judged, Rejection), judged
    return judged.rule


def with_player(state: Game, seat: int, **changes: Any) -> Game:
    player: Player = msgspec.structs.replace(state.players[seat], **changes)
    return msgspec.structs.replace(
        state, players=tuple(player if s == seat else p for s, p in enumerate(state.players))
    )


def windows_closed(state: Game) -> Game:
    """Every window open on the stack answered with the default (no action card played)."""
    while state.stack:
        state = step(state, GAME.waiting(state).must[0], "default")
    return state


def picked(state: Game, cards: dict[int, list[int]]) -> Game:
    """The strategy phase played out: each seat picks its cards, in the order asked, and no
    one plays an action card at its windows."""
    wanted = {seat: list(c) for seat, c in cards.items()}
    while state.phase == "strategy":
        state = windows_closed(state)
        if state.phase == "strategy":
            seat = GAME.waiting(state).must[0]
            state = step(state, seat, Pick(card=wanted[seat].pop(0)))
    return windows_closed(state)


def through(state: Game) -> Game:
    """The tactical or transfer action under way carried to its end, every prompt of it
    answered with the default (moving, firing, landing and building nothing)."""
    while state.tactic is not None and state.stack:
        state = step(state, GAME.waiting(state).must[0], "default")
    return state


def activated(state: Game, seat: int, system: str) -> Game:
    """A tactical action at `system` in which the seat moves and builds nothing."""
    return through(step(state, seat, Activate(system=system)))


def declined(state: Game) -> Game:
    """A played card's secondary declined by every seat asked."""
    while state.stack and state.stack[-1].prompt == "secondary":
        state = step(state, GAME.waiting(state).must[0], Decline())
    return state
