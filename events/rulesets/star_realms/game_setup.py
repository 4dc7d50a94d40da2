"""Setup (SR-S): the events `initial` writes, every shuffle's outcome among them."""

import random
from typing import Any

from events.kit.zones import shuffled
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import ROW, CardSet
from events.rulesets.star_realms.draw import draw
from events.rulesets.star_realms.evolve import evolve
from events.rulesets.star_realms.happenings import RowFilled, Setup, TurnBegan

OPENING_HANDS = (3, 5)  # the first player's, the other's (SR-S5)


def setup(cards: CardSet, chance: random.Random, unlimited_explorers: bool = False) -> list[Any]:
    first = chance.randrange(2)
    decks = tuple(shuffled(chance, deck) for deck in cards.starting)  # SR-S2
    trade_deck = shuffled(chance, cards.trade_deck)  # SR-S3
    created = Setup(
        card_set=cards.key,
        first=first,
        decks=decks,
        trade_deck=trade_deck,
        explorer_pile=None if unlimited_explorers else cards.explorer.copies,  # SR-S4, SR-A4
    )
    batch = Batch(evolve(None, created), chance)
    batch.events.append(created)
    for slot, card in enumerate(trade_deck[:ROW]):
        batch.emit(RowFilled(slot=slot, card=card))
    for order, size in enumerate(OPENING_HANDS):
        draw(batch, (first + order) % 2, size)
    batch.emit(TurnBegan(seat=first))
    return batch.events
