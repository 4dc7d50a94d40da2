"""The game as one seat could believe it to be: what it may see kept, the rest dealt anew."""

import random

from msgspec.structs import replace

from events.kit.zones import players_resampled, reordered
from events.rulesets.core_worlds.state import Game


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    """Kept: everything public, the seat's own hand and discard pile, and every pile's size.
    Dealt anew: the seat's draw order, the other seats' hands, draw and discard piles (from
    the cards they hold between them), the Galactic decks' order, and the seed. Piles are
    sorted before dealing, so two states the seat cannot tell apart resample alike."""
    players = players_resampled(game.players, seat, rng, "draw", ("hand", "draw", "discard"))
    galactic = tuple(reordered(rng, deck) for deck in game.galactic)
    return replace(game, players=players, galactic=galactic)
