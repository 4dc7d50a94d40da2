"""The game as one seat could believe it to be: what it may see kept, the rest dealt anew."""

import random

from msgspec.structs import replace

from events.kit.zones import players_resampled, reordered
from events.rulesets.star_realms.state import Game


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    """Kept: everything public and the seat's own hand. Dealt anew: the seat's draw order, the
    other seat's hand and draw pile (from the cards they hold between them), and the Trade
    Deck's order. Piles are sorted first, so two states the seat cannot tell apart resample
    alike."""
    players = players_resampled(game.players, seat, rng, "deck", ("hand", "deck"))
    return replace(game, players=players, trade_deck=reordered(rng, game.trade_deck))
