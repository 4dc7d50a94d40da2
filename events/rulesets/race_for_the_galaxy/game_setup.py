"""Setup (RG-S): start worlds dealt, the deck shuffled, 6 cards each, Alpha Centauri's good;
or the first game's numbered start worlds and preset hands (RG-S6)."""

import random
from typing import Any

from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.cardset import CardSet
from events.rulesets.race_for_the_galaxy.evolve import evolve
from events.rulesets.race_for_the_galaxy.happenings import RoundBegan, Setup
from events.rulesets.race_for_the_galaxy.loader import BASE_GAME, load
from events.rulesets.race_for_the_galaxy.state import POOL_PER_PLAYER, Cards

DEAL = 6  # RG-S5


def setup(seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
    cards = load(BASE_GAME)
    first_game = bool(options.get("first_game"))
    starts = list(cards.starts[1 : seats + 1] if first_game else cards.starts)
    chance.shuffle(starts)
    dealt = tuple(starts[:seats])
    hands = tuple(_preset(cards, cards.card(s).start or 0) for s in dealt) if first_game else ()
    held = {*dealt, *(c for hand in hands for c in hand)}
    deck = [c for c in range(len(cards.physical)) if c not in held]
    chance.shuffle(deck)
    numbers = [cards.card(c).start or 0 for c in dealt]
    first = numbers.index(min(numbers))
    order = tuple((first + i) % seats for i in range(seats))
    event = Setup(
        card_set=BASE_GAME,
        starts=dealt,
        deck=tuple(deck),
        pool=POOL_PER_PLAYER * seats,
        order=order,
        hands=hands,
        advanced=bool(options.get("advanced")),
    )
    batch = Batch(evolve(None, event), chance)
    for seat in order:
        start = dealt[seat]
        if cards.card(start).mode == "windfall":
            batch.place_good(seat, start)  # RG-S4
    if first_game:
        batch.emit(RoundBegan(round=1))  # no 6-deal, no discard (RG-S6)
    else:
        for seat in order:
            batch.draw(seat, DEAL)
    return [event, *batch.events]


def _preset(cards: CardSet, number: int) -> Cards:
    """One copy of each card marked with this first-game number (card list §8)."""
    marked = [k.id for k in cards.kinds if k.preset == number]
    return tuple(cards.ids(card_id)[0] for card_id in marked)
