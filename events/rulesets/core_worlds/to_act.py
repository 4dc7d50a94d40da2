"""Whose decision the game waits for now."""

from events.rulesets.core_worlds.energy import declarer
from events.rulesets.core_worlds.sector0 import picker
from events.rulesets.core_worlds.state import ACTION, DISCARD, ENERGY, RESHUFFLE, SECTOR0, Game


def to_act(state: Game) -> list[int]:
    if state.phase == SECTOR0:
        seat = picker(state)
    elif state.phase == ENERGY:
        seat = declarer(state)
    elif state.phase == ACTION:
        seat = None if state.turn_done else state.turn
    elif state.phase in (DISCARD, RESHUFFLE):
        return [s for s, p in enumerate(state.players) if not p.done]  # they decide at once
    else:
        seat = None
    return [] if seat is None else [seat]
