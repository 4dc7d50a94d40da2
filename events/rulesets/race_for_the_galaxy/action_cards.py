"""The match options (the first game's preset hands, RG-S6; the 2-player advanced game, RG-A)
and the action cards: which choices a seat may make, and the phases they make run."""

from itertools import combinations_with_replacement
from typing import Any

from events.ruleset import Option, Rejection
from events.rulesets.race_for_the_galaxy.decisions import ACTIONS
from events.rulesets.race_for_the_galaxy.state import PHASE_OF, ROUND_PHASES, Game

OPTIONS = {
    "advanced": Option("2 players only: two actions a round, nine action cards (RG-A)", False),
    "first_game": Option("numbered start worlds and preset hands, no 6-deal (RG-S6)", False),
}
DOUBLED = ("develop", "settle")  # the advanced game's second cards (RG-A1)


def options_error(seats: int, options: dict[str, Any]) -> str | None:
    """What the declared names and types (checked by the platform) leave to the game."""
    if options.get("advanced") and seats != 2:
        return "the advanced game (two actions a round) is for 2 players"
    return None


def choices(game: Game) -> list[tuple[str, ...]]:
    """Every action choice: one card, or two in the advanced game (RG-R1, RG-A1)."""
    if not game.advanced:
        return [(a,) for a in ACTIONS]
    pairs = combinations_with_replacement(ACTIONS, 2)
    return [p for p in pairs if p[0] != p[1] or p[0] in DOUBLED]


def refusal(game: Game, actions: tuple[str, ...]) -> Rejection | None:
    if tuple(sorted(actions, key=_rank)) in choices(game):
        return None
    if game.advanced:
        return Rejection("RG-A1", "choose two actions: two different, or Develop or Settle twice")
    return Rejection("RG-R1", f"choose one action of {', '.join(ACTIONS)}")


def _rank(action: str) -> int:
    return ACTIONS.index(action) if action in ACTIONS else len(ACTIONS)


def phases(actions: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The round's phases in order (RG-R3); Develop or Settle twice when a seat chose it twice
    (RG-A3)."""
    run: list[str] = []
    for phase in ROUND_PHASES:
        chosen = [a for seat in actions for a in seat if PHASE_OF[a] == phase]
        if chosen:
            twice = phase in DOUBLED and any(seat.count(phase) == 2 for seat in actions)
            run += [phase] * (2 if twice else 1)
    return tuple(run)
