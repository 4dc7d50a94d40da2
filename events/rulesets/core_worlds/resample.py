"""The game as one seat could believe it to be: what it may see kept, the rest dealt anew."""

import random

from msgspec.structs import replace

from events.rulesets.core_worlds.state import Game


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    """Kept: everything public, the seat's own hand and discard pile, and every pile's size.
    Dealt anew: the seat's draw order, the other seats' hands, draw and discard piles (from
    the cards they hold between them), the Galactic decks' order, and the seed. Piles are
    sorted before dealing, so two states the seat cannot tell apart resample alike."""
    players = []
    for s, player in enumerate(game.players):
        if s == seat:
            players.append(
                replace(player, draw=tuple(rng.sample(sorted(player.draw), len(player.draw))))
            )
            continue
        unseen = sorted([*player.hand, *player.draw, *player.discard])
        rng.shuffle(unseen)
        hand, draw = len(player.hand), len(player.draw)
        players.append(
            replace(
                player,
                hand=tuple(unseen[:hand]),
                draw=tuple(unseen[hand : hand + draw]),
                discard=tuple(unseen[hand + draw :]),
            )
        )
    galactic = tuple(tuple(rng.sample(sorted(deck), len(deck))) for deck in game.galactic)
    return replace(game, players=tuple(players), galactic=galactic)
