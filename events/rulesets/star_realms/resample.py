"""The game as one seat could believe it to be: what it may see kept, the rest dealt anew."""

import random

from msgspec.structs import replace

from events.rulesets.star_realms.state import Game


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    """Kept: everything public and the seat's own hand. Dealt anew: the seat's draw order, the
    other seat's hand and draw pile (from the cards they hold between them), and the Trade
    Deck's order. Piles are sorted first, so two states the seat cannot tell apart resample
    alike."""
    players = []
    for s, player in enumerate(game.players):
        if s == seat:
            players.append(
                replace(player, deck=tuple(rng.sample(sorted(player.deck), len(player.deck))))
            )
            continue
        unseen = sorted([*player.hand, *player.deck])
        rng.shuffle(unseen)
        hand = len(player.hand)
        players.append(replace(player, hand=tuple(unseen[:hand]), deck=tuple(unseen[hand:])))
    trade_deck = tuple(rng.sample(sorted(game.trade_deck), len(game.trade_deck)))
    return replace(game, players=tuple(players), trade_deck=trade_deck)
