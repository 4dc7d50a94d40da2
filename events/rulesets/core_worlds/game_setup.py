"""Setup (CW-S) and the deal of the pre-game draft (CW-V1, CW-V2): the events `initial` writes."""

import random
from typing import Any

from events.rulesets.core_worlds.cardset import CardSet
from events.rulesets.core_worlds.happenings import Sector0Dealt, Setup

# CW-S6: Energy Surge tokens by player number (Player 1 holds Destiny), by player count.
SURGE_TOKENS = {3: (0, 1, 1), 4: (0, 0, 1, 2)}


def central_size(seats: int) -> int:
    """Central Zone cards for 2 / 3 / 4 / 5 players: 6 / 8 / 10 / 12 (CW-G3, CW-V2)."""
    return 2 * seats + 2


def setup(cards: CardSet, seats: int, rng: random.Random, sector0: bool) -> list[Any]:
    homes = rng.sample(cards.homes, seats)  # CW-S2
    numbers = [cards.cards[h].number for h in homes]
    destiny = numbers.index(min(numbers))  # CW-S2
    table = SURGE_TOKENS.get(seats, (0,) * seats)
    tokens = tuple(table[(seat - destiny) % seats] for seat in range(seats))  # CW-S6
    draws = []
    for home in homes:  # CW-S3
        deck = list(cards.starting[home])
        rng.shuffle(deck)
        draws.append(tuple(deck))
    galactic = []
    for deck in cards.decks:  # CW-S5
        order = list(deck)
        rng.shuffle(order)
        galactic.append(tuple(order))
    events: list[Any] = [
        Setup(
            card_set=cards.key,
            homes=tuple(homes),
            destiny=destiny,
            surge_tokens=tokens,
            draws=tuple(draws),
            galactic=tuple(galactic),
            action_points=cards.sectors[0].action_points,
            sector0=sector0,  # CW-S4
        )
    ]
    if sector0:
        removed = []
        for draw in draws:  # CW-V1
            for name in cards.sector0_removes:
                removed.append(next(c for c in draw if cards.cards[c].name == name))
        dealt = galactic[0][: central_size(seats)]  # CW-V2
        events.append(Sector0Dealt(removed=tuple(removed), cards=dealt))
    return events
