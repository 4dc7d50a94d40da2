"""Action cards in hand for the cards' scenarios: copies by card id, dealt to seats of the
arena (arena.py), and a window's sealed answers given by every seat it waits on."""

from typing import Any

from events.rulesets.twilight_imperium_3.action_cards import copies
from events.rulesets.twilight_imperium_3.state import Game
from tests.twilight_imperium_3.play import GAME, step, with_player


def copy(card: str, nth: int = 0) -> int:
    """The `nth` copy of the card."""
    return [n for n, c in enumerate(copies()) if c == card][nth]


def holding_cards(state: Game, seat: int, *cards: str) -> Game:
    """The seat's hand: one copy of each card named (the next copy where a card repeats)."""
    seen: dict[str, int] = {}
    hand = []
    for card in cards:
        hand.append(copy(card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    return with_player(state, seat, hand=tuple(hand))


def answered(state: Game, answers: dict[int, Any] | None = None) -> Game:
    """Every seat the window waits on answers: as told, else as the game would for it
    (automatically), else with the prompt's default."""
    answers = answers or {}
    while state.stack and state.stack[-1].prompt in ("sabotage", "action card"):
        seat = next(s for s in GAME.waiting(state).must)
        decision = answers.get(seat) or GAME.automatic(state, seat) or "default"
        state = step(state, seat, decision)
    return state
