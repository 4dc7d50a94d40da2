"""Setup (RG-S): start worlds dealt, the deck shuffled, 6 cards each, Alpha Centauri's good."""

import random
from typing import Any

from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.evolve import evolve
from events.rulesets.race_for_the_galaxy.happenings import Setup
from events.rulesets.race_for_the_galaxy.loader import BASE_GAME, load
from events.rulesets.race_for_the_galaxy.state import POOL_PER_PLAYER

DEAL = 6  # RG-S5


def setup(seats: int, chance: random.Random) -> list[Any]:
    cards = load(BASE_GAME)
    starts = list(cards.starts)
    chance.shuffle(starts)
    dealt = tuple(starts[:seats])
    deck = [c for c in range(len(cards.physical)) if c not in dealt]
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
    )
    batch = Batch(evolve(None, event), chance)
    for seat in order:
        start = dealt[seat]
        if cards.card(start).mode == "windfall":
            batch.place_good(seat, start)  # RG-S4
    for seat in order:
        batch.draw(seat, DEAL)
    return [event, *batch.events]
